// The demo's helpdesk (issue 23): Northwind's customer support with its topics, a knowledge base
// of published articles (one still a draft, one in German) and a few requests from the demo's
// customers — one answered (the reply sits in the local mailbox), one with an internal note, one
// turned into a task of the Office refresh project. Maria Anders is the portal user to try: two
// requests of her own (My requests on the portal, signed in by the link the local mailbox gets),
// the second a task of the Office refresh too, and the helpdesk's task rule set both ways (a
// task done resolves its request, a request resolved closes its task). Made through the API like
// the rest.
type Json = Record<string, unknown>;
export type DemoCall = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Json>;

const ARTICLES = [
  {
    title: 'Booking a desk for the week',
    topic: 'Bookings',
    content:
      '<p>Open <b>Bookings</b>, choose <i>Find a time</i> and pick the days. A desk you do not check in to within fifteen minutes of the start is released for others.</p>',
    publish: true,
  },
  {
    title: 'Resetting your password',
    topic: 'Access and sign-in',
    content: '<p>Choose <b>Forgot password</b> on the sign-in page. We mail you a link that works for one hour.</p>',
    publish: true,
  },
  {
    title: 'Passwort zurücksetzen',
    topic: 'Access and sign-in',
    language: 'de',
    content: '<p>Wählen Sie auf der Anmeldeseite <b>Passwort vergessen</b>. Wir senden Ihnen einen Link, der eine Stunde gilt.</p>',
    publish: true,
  },
  {
    title: 'Understanding your invoice',
    topic: 'Billing',
    content: '<p>Invoices are issued on the first working day of the month, per user, and mailed to the billing contact.</p>',
    publish: true,
  },
  {
    title: 'Bringing visitors to the office',
    topic: 'Bookings',
    content: '<p>Draft: register visitors a day ahead at reception; they get a badge and Wi-Fi access.</p>',
    publish: false,
  },
];

const REQUESTS = [
  {
    subject: 'Cannot book desks on the second floor',
    email: 'maria.anders@northwind.example',
    topic: 'Bookings',
    priority: 'High',
    description: 'Since Monday the second floor shows every desk as taken, even early in the morning.',
    reply: 'Thank you, Maria — a cleaning block was booked by mistake for the whole floor. It is gone; please try again.',
  },
  {
    subject: 'Invoice shows 42 users instead of 38',
    email: 'thomas.hardy@northwind.example',
    topic: 'Billing',
    priority: 'Medium',
    description: 'Four colleagues left in October; the November invoice still counts them.',
    note: 'The four accounts were deactivated on 3 November; billing counts users active on the 1st. Credit note to follow.',
  },
  {
    subject: 'Single sign-on for the Munich store',
    email: 'martin.sommer@muc.northwind.example',
    topic: 'Access and sign-in',
    priority: 'Low',
    description: 'Could my Munich team sign in with our Entra ID accounts like Hamburg does?',
    task: true,
  },
  {
    subject: 'Monitor arm for desk 2.14',
    email: 'maria.anders@northwind.example',
    topic: 'Bookings',
    priority: 'Low',
    description: 'Desk 2.14 has no monitor arm; the screen stands on two books. Could one be fitted?',
    task: true,
  },
];

export async function seedDemoHelpdesk(call: DemoCall): Promise<void> {
  const helpdesk = await call('POST', '/api/v1/helpdesks', {
    name: 'Northwind support',
    code: 'SUP',
    portalSlug: 'northwind-support',
    senderAddress: 'support@northwind.example',
    portalEnabled: true,
    description: 'Questions about bookings, access and invoices.',
    // the request ↔ task rule: stages follow both ways; a task done resolves its request
    taskStageFlow: 'Both',
    requestStageOnTaskDone: 'Resolved',
  });
  const helpdeskId = String(helpdesk.id);
  const topics = new Map<string, string>();
  for (const name of ['Access and sign-in', 'Bookings', 'Billing'])
    topics.set(name, String((await call('POST', '/api/v1/topics', { name, helpdeskId })).id));
  for (const a of ARTICLES) {
    const article = await call('POST', '/api/v1/articles', {
      title: a.title,
      helpdeskId,
      topicId: topics.get(a.topic),
      language: a.language ?? 'en',
      content: a.content,
    });
    if (a.publish) await call('POST', `/api/v1/articles/${String(article.id)}/publish`, {});
  }
  const projects = (await call('POST', '/api/v1/projects/list', { search: 'OFR' })) as { data?: { id: string }[] };
  const fitOut = projects.data?.[0]?.id;
  for (const r of REQUESTS) {
    const request = await call('POST', '/api/v1/requests', {
      subject: r.subject,
      helpdeskId,
      requesterEmail: r.email,
      topicId: topics.get(r.topic),
      priority: r.priority,
      description: r.description,
    });
    const id = String(request.id);
    if (r.reply) await call('POST', `/api/v1/requests/${id}/messages`, { kind: 'reply', body: r.reply });
    if (r.note) await call('POST', `/api/v1/requests/${id}/messages`, { kind: 'note', body: r.note });
    if (r.task && fitOut) await call('POST', `/api/v1/requests/${id}/task`, { projectId: fitOut });
  }
}
