import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { publishDueArticles } from './helpdesk.service';

// The helpdesk (issue 23): helpdesks (Free plan: one), topics, articles (slugs and their
// redirects, publish, full-text search in the article's language with snippets), requests (a
// number per helpdesk, the requester found or made, the topic's assignee), replies through the
// mail outbox with threading headers, internal notes never mailed, a request's task; another
// workspace's records answer 404 and bad input names the field and the rule.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let tenantId: string;
let memberId: string;
let helpdeskId: string;

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
// a JSON Patch with the record's current ETag
async function patch(client: Client, url: string, ops: Record<string, unknown>[]) {
  const etag = String((await client.get(url)).headers.etag);
  return client.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}
const count = async (sql: string, params: unknown[]) => Number((await t.sql<{ n: string }>(sql, params))[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId, memberId } = await ownerMemberAndStranger(t, ['Helpdesk.View']));
  helpdeskId = (await post(c, '/api/v1/helpdesks', { name: 'Customer support', code: 'HELP', senderAddress: 'support@example.com' })).id;
});
afterAll(async () => t?.close());

describe('helpdesks', () => {
  it('makes the portal slug from the name, and the Free plan allows one helpdesk', async () => {
    const h = (await c.get(`/api/v1/helpdesks/${helpdeskId}`)).body;
    expect(h).toMatchObject({ name: 'Customer support', code: 'HELP', portalSlug: 'customer-support', portalEnabled: false });
    const second = await c.post('/api/v1/helpdesks', { name: 'Sales desk', code: 'SALES' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'planLimitReached', limit: 'helpdesks' });
    expect(await count('select count(*) as n from helpdesks where tenant_id = $1', [tenantId])).toBe(1);
  });

  it('refuses a bad portal slug by its rule and keeps the old one redirecting', async () => {
    for (const [slug, code] of [
      ['Not A Slug', 'slugInvalid'],
      ['x'.repeat(64), 'slugMaxLength'],
    ] as const) {
      const res = await patch(c, `/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalSlug', value: slug }]);
      expect(res.status, res.text).toBe(400);
      expect(codes(res.body)).toEqual([`portalSlug:${code}`]);
    }
    const moved = await patch(c, `/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalSlug', value: 'support' }]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.portalSlug).toBe('support');
    const old = await t.sql<{ slug: string }>(`select slug from entity_old_slugs where tenant_id = $1 and entity_kind = 'Helpdesk'`, [
      tenantId,
    ]);
    expect(old.map((r) => r.slug)).toEqual(['customer-support']);
  });

  it('a member without PublishHelpdesk cannot create one; another workspace gets 404', async () => {
    expect((await member.post('/api/v1/helpdesks', { name: 'Mine', code: 'MINE' })).status).toBe(403);
    expect((await member.get(`/api/v1/helpdesks/${helpdeskId}`)).status).toBe(200);
    expect((await other.get(`/api/v1/helpdesks/${helpdeskId}`)).status).toBe(404);
  });
});

describe('topics', () => {
  it('puts a topic without a position last, and refuses a bad helpdesk', async () => {
    const a = await post(c, '/api/v1/topics', { name: 'Access', helpdeskId });
    const b = await post(c, '/api/v1/topics', { name: 'Billing', helpdeskId, defaultAssigneeId: memberId });
    expect([a.position, b.position]).toEqual([0, 1]);
    const bad = await c.post('/api/v1/topics', { name: 'Nowhere', helpdeskId: '00000000-0000-4000-8000-000000000001' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['helpdeskId:referenceNotFound']);
    expect(codes((await c.post('/api/v1/topics', { helpdeskId })).body)).toEqual(['name:required']);
    expect((await other.get(`/api/v1/topics/${a.id}`)).status).toBe(404);
  });
});

describe('articles', () => {
  let articleId: string;
  it('makes the slug from the title, refuses a taken one and keeps old slugs redirecting', async () => {
    const a = await post(c, '/api/v1/articles', {
      title: 'Resetting your password',
      helpdeskId,
      content: '<p>Open <b>Sign in</b> and choose <i>Forgot password</i>; we mail you a link to reset it.</p>',
    });
    articleId = a.id;
    expect(a).toMatchObject({ slug: 'resetting-your-password', status: 'Draft', language: 'en', visibility: 'Public', publishedAt: null });
    expect(a).not.toHaveProperty('searchVector');
    const taken = await c.post('/api/v1/articles', { title: 'Another', slug: 'resetting-your-password', helpdeskId });
    expect(taken.status).toBe(409);
    expect(codes(taken.body)).toEqual(['slug:slugAlreadyExists']);
    const bad = await c.post('/api/v1/articles', { title: 'Another', slug: 'Bad Slug!', helpdeskId, status: 'Published' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['slug:slugInvalid', 'status:unknownField']);
    const renamed = await patch(c, `/api/v1/articles/${a.id}`, [{ op: 'replace', path: '/slug', value: 'password-reset' }]);
    expect(renamed.status, renamed.text).toBe(200);
    const current = await c.get(`/api/v1/helpdesks/${helpdeskId}/articles/password-reset`);
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ article: { id: a.id }, movedFrom: null });
    const redirected = await c.get(`/api/v1/helpdesks/${helpdeskId}/articles/resetting-your-password`);
    expect(redirected.body).toMatchObject({ article: { id: a.id, slug: 'password-reset' }, movedFrom: 'resetting-your-password' });
    expect((await c.get(`/api/v1/helpdesks/${helpdeskId}/articles/nothing-here`)).status).toBe(404);
    expect((await other.get(`/api/v1/helpdesks/${helpdeskId}/articles/password-reset`)).status).toBe(404);
    // a topic of another helpdesk is refused (there is only one helpdesk: an unknown topic)
    const topic = await c.post('/api/v1/articles', { title: 'Topicless', helpdeskId, topicId: '00000000-0000-4000-8000-000000000002' });
    expect(topic.status).toBe(400);
  });

  it('publishes and unpublishes with PublishArticles only', async () => {
    expect((await member.post(`/api/v1/articles/${articleId}/publish`, {})).status).toBe(403);
    const published = await c.post(`/api/v1/articles/${articleId}/publish`, {});
    expect(published.status, published.text).toBe(200);
    expect(published.body.status).toBe('Published');
    expect(published.body.publishedAt).toEqual(expect.any(String));
    const draft = await c.post(`/api/v1/articles/${articleId}/unpublish`, {});
    expect(draft.body).toMatchObject({ status: 'Draft', publishedAt: null });
    expect((await other.post(`/api/v1/articles/${articleId}/publish`, {})).status).toBe(404);
    await c.post(`/api/v1/articles/${articleId}/publish`, {});
  });

  it('searches in the article language, ranked, with marked snippets, never another workspace', async () => {
    await post(c, '/api/v1/articles', {
      title: 'Passwort zurücksetzen',
      helpdeskId,
      language: 'de',
      content: '<p>Öffnen Sie die Anmeldung und wählen Sie <b>Passwort vergessen</b>. Wir senden Ihnen Passwörter nie per E-Mail.</p>',
    });
    await post(c, '/api/v1/articles', {
      title: 'Invoices',
      helpdeskId,
      content: 'Your invoices are mailed monthly; a password is not needed.',
    });
    const en = await c.post('/api/v1/articles/search', { q: 'resetting passwords', helpdeskId });
    expect(en.status, en.text).toBe(200);
    expect(en.body.data[0]).toMatchObject({ id: articleId, status: 'Published' });
    expect(en.body.data[0].snippet).toContain('<mark>');
    expect(en.body.data[0].snippet).not.toContain('<p>');
    // German stemming: "Passwörter" and "zurücksetzen" find the German article
    const de = await c.post('/api/v1/articles/search', { q: 'Passwörter zurücksetzen' });
    expect(de.body.data.map((h: Row) => h.title)).toContain('Passwort zurücksetzen');
    // websearch syntax: a phrase, and -word
    const not = await c.post('/api/v1/articles/search', { q: 'password -invoices' });
    expect(not.body.data.map((h: Row) => h.title)).not.toContain('Invoices');
    const published = await c.post('/api/v1/articles/search', { q: 'password', status: 'Published' });
    expect(published.body.data.map((h: Row) => h.id)).toEqual([articleId]);
    // ranked: the title weighs more than the content
    const ranked = await c.post('/api/v1/articles/search', { q: 'invoices' });
    expect(ranked.body.data[0].title).toBe('Invoices');
    expect((await other.post('/api/v1/articles/search', { q: 'password' })).body.data).toEqual([]);
    const empty = await c.post('/api/v1/articles/search', { q: '  ' });
    expect(empty.status).toBe(400);
    expect(codes(empty.body)).toEqual(['q:required']);
    expect(codes((await c.post('/api/v1/articles/search', { q: 'x', limit: 500 })).body)).toEqual(['limit:tooBig']);
  });
});

describe('scheduled publishing', () => {
  it('publishes a draft once its publishAt has come, at that time, and only once', async () => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const now = await post(c, '/api/v1/articles', { title: 'Scheduled now', helpdeskId, publishAt: due });
    const tomorrow = await post(c, '/api/v1/articles', { title: 'Scheduled later', helpdeskId, publishAt: later });
    const bad = await c.post('/api/v1/articles', { title: 'Bad time', helpdeskId, publishAt: 'soon' });
    expect(bad.status).toBe(400);
    expect([...new Set(codes(bad.body))]).toEqual(['publishAt:validation']);
    const deps = { database: t.database, now: () => new Date() };
    expect(await publishDueArticles(deps)).toMatch(/^[1-9]\d* articles published$/);
    const published = (await c.get(`/api/v1/articles/${now.id}`)).body;
    expect(published).toMatchObject({ status: 'Published', publishAt: null });
    expect(Date.parse(published.publishedAt)).toBe(Date.parse(due));
    expect((await c.get(`/api/v1/articles/${tomorrow.id}`)).body).toMatchObject({ status: 'Draft' });
    expect(await publishDueArticles(deps)).toBe('0 articles published');
    // unpublished, it stays a draft (the schedule is spent)
    await c.post(`/api/v1/articles/${now.id}/unpublish`, {});
    await publishDueArticles(deps);
    expect((await c.get(`/api/v1/articles/${now.id}`)).body.status).toBe('Draft');
  });
});

describe('requests', () => {
  let requestId: string;
  it('numbers requests per helpdesk, makes the requester contact once and routes by topic', async () => {
    const billing = (await c.post('/api/v1/topics/list', { search: 'Billing' })).body.data[0] as Row;
    const r = await post(c, '/api/v1/requests', {
      subject: 'Cannot sign in',
      helpdeskId,
      requesterEmail: 'Ada@Example.com',
      topicId: billing.id,
      description: 'The sign-in page says my password is wrong.',
    });
    requestId = r.id;
    expect(r).toMatchObject({ number: 'HELP-1', requesterEmail: 'ada@example.com', assigneeId: memberId, channel: 'Agent' });
    expect(r.requester).toMatchObject({ title: 'ada' });
    expect((r.workflowStage as { title: string } | null)?.title ?? r.workflowStage).toBeTruthy();
    const again = await post(c, '/api/v1/requests', { subject: 'Second', helpdeskId, requesterEmail: 'ada@example.com' });
    expect(again).toMatchObject({ number: 'HELP-2', requesterId: r.requesterId });
    expect(await count(`select count(*) as n from contacts where tenant_id = $1 and email = 'ada@example.com'`, [tenantId])).toBe(1);
    // a member with View only cannot create or change requests
    expect((await member.post('/api/v1/requests', { subject: 'x', helpdeskId })).status).toBe(403);
    const bad = await c.post('/api/v1/requests', { helpdeskId, requesterEmail: 'not-an-address', priority: 'Urgent', channel: 'Email' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['channel:unknownField', 'priority:invalidOption', 'requesterEmail:invalidEmail', 'subject:required']);
    expect((await other.get(`/api/v1/requests/${requestId}`)).status).toBe(404);
  });

  it('mails a reply from the helpdesk address with threading headers; a note is never mailed', async () => {
    const before = await count('select count(*) as n from mail_outbox', []);
    const note = await c.post(`/api/v1/requests/${requestId}/messages`, { kind: 'note', body: 'Checked the logs: locked out.' });
    expect(note.status, note.text).toBe(201);
    expect(note.body).toMatchObject({ kind: 'note', messageId: null });
    expect(await count('select count(*) as n from mail_outbox', [])).toBe(before);
    const first = await c.post(`/api/v1/requests/${requestId}/messages`, { kind: 'reply', body: 'We unlocked your account.' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ kind: 'outbound', toAddress: 'ada@example.com', fromAddress: 'support@example.com' });
    const second = await c.post(`/api/v1/requests/${requestId}/messages`, { kind: 'reply', body: 'Did it work?' });
    const mails = await t.sql<{ to: string; subject: string; message_id: string; headers: Record<string, string> }>(
      `select "to", subject, message_id, headers from mail_outbox where "to" = 'ada@example.com' order by created_at`,
      [],
    );
    expect(mails).toHaveLength(2);
    const [m1, m2] = mails;
    expect(m1?.subject).toBe('Re: [HELP-1] Cannot sign in');
    expect(m1?.headers.From).toBe('Customer support <support@example.com>');
    expect(m1?.message_id).toBe(first.body.messageId);
    expect(m2?.headers['In-Reply-To']).toBe(first.body.messageId);
    expect(m2?.headers.References?.split(' ')).toEqual([m1?.headers.References, first.body.messageId]);
    expect(second.body.inReplyTo).toBe(first.body.messageId);
    const list = await c.get(`/api/v1/requests/${requestId}/messages`);
    expect(list.body.data.map((m: Row) => m.kind)).toEqual(['note', 'outbound', 'outbound']);
    expect((await member.get(`/api/v1/requests/${requestId}/messages`)).status).toBe(200);
    expect((await member.post(`/api/v1/requests/${requestId}/messages`, { kind: 'note', body: 'x' })).status).toBe(403);
    expect((await other.get(`/api/v1/requests/${requestId}/messages`)).status).toBe(404);
    expect((await other.post(`/api/v1/requests/${requestId}/messages`, { kind: 'note', body: 'x' })).status).toBe(404);
    const bad = await c.post(`/api/v1/requests/${requestId}/messages`, { kind: 'shout', body: '' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['body:required', 'kind:invalidOption']);
    const nobody = await post(c, '/api/v1/requests', { subject: 'Anonymous', helpdeskId });
    const refused = await c.post(`/api/v1/requests/${nobody.id}/messages`, { kind: 'reply', body: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('noRecipient');
  });

  it('makes a task in a project, once, and links an existing task to another request', async () => {
    const project = await post(c, '/api/v1/projects', { name: 'Support fixes', code: 'FIX' });
    const made = await c.post(`/api/v1/requests/${requestId}/task`, { projectId: project.id });
    expect(made.status, made.text).toBe(201);
    expect(made.body.task).toMatchObject({ number: 'FIX-1', title: 'Cannot sign in' });
    const request = (await c.get(`/api/v1/requests/${requestId}`)).body;
    expect(request.task).toEqual({ id: made.body.task.id, title: 'Cannot sign in' });
    // the task side: the request among its linked records, and its requests by the list's filter
    const links = await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Task', entityId: made.body.task.id });
    expect(links.status, links.text).toBe(200);
    expect(links.body.data.map((l: Row) => l.entityId)).toEqual([requestId]);
    const ofTask = await c.post('/api/v1/requests/list', { filters: [{ field: 'taskId', op: 'eq', value: made.body.task.id }] });
    expect(ofTask.body.data.map((r: Row) => r.id)).toEqual([requestId]);
    const twice = await c.post(`/api/v1/requests/${requestId}/task`, { projectId: project.id });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('alreadyHasTask');
    const another = await post(c, '/api/v1/requests', { subject: 'Same problem', helpdeskId, requesterEmail: 'bob@example.com' });
    const linked = await c.post(`/api/v1/requests/${another.id}/task`, { taskId: made.body.task.id });
    expect(linked.status, linked.text).toBe(201);
    expect((await c.post(`/api/v1/requests/${another.id}/task`, { taskId: made.body.task.id })).status).toBe(409);
    const third = await post(c, '/api/v1/requests', { subject: 'Third', helpdeskId });
    const unknown = await c.post(`/api/v1/requests/${third.id}/task`, { taskId: '00000000-0000-4000-8000-000000000003' });
    expect(unknown.status).toBe(404);
    expect(codes(unknown.body)).toEqual(['taskId:notFound']);
    expect((await c.post(`/api/v1/requests/${third.id}/task`, { projectId: 'nope' })).status).toBe(400);
    expect((await other.post(`/api/v1/requests/${third.id}/task`, { projectId: project.id })).status).toBe(404);
    expect(await count('select count(*) as n from tasks where tenant_id = $1', [tenantId])).toBe(1);

    // the request's stage follows its task: closed → Resolved, reopened → Open; both requests of the task
    const taskId = made.body.task.id as string;
    const stageOf = async (id: string) => ((await c.get(`/api/v1/requests/${id}`)).body.workflowStage as string) ?? '';
    const stageName = async (id: string) =>
      (await t.sql<{ name: string }>('select name from workflow_stages where id = $1', [await stageOf(id)]))[0]?.name;
    const taskStage = async (type: string) =>
      (
        await t.sql<{ id: string }>(
          `select s.id from workflow_stages s join tasks k on k.tenant_id = s.tenant_id and k.id = $1
           join workflow_stages c on c.id = k.workflow_stage_id where s.workflow_id = c.workflow_id and s.stage_type = $2 order by s.sort_order limit 1`,
          [taskId, type],
        )
      )[0]?.id;
    expect(await stageName(requestId)).toBe('New');
    await patch(c, `/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStage('Closed') }]);
    expect([await stageName(requestId), await stageName(another.id)]).toEqual(['Resolved', 'Resolved']);
    await patch(c, `/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStage('Open') }]);
    expect([await stageName(requestId), await stageName(another.id)]).toEqual(['Open', 'Open']);
    // a request's own move leaves the task alone
    const before = (await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage;
    const resolved = (
      await t.sql<{ id: string }>(
        `select s.id from workflow_stages s join workflows w on w.id = s.workflow_id
         where s.tenant_id = $1 and w.scope_id = $2 and s.name = 'Resolved'`,
        [tenantId, helpdeskId],
      )
    )[0]?.id;
    await patch(c, `/api/v1/requests/${requestId}`, [{ op: 'replace', path: '/workflowStage', value: resolved }]);
    expect((await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage).toBe(before);
  });
});
