import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';
import { freePort } from '../../platform/free-port';

// Decision 094 round five: a helpdesk's own e-mail template (Plan.CustomEmails) — a subject
// prefix and an HTML wrapper with merge fields — wraps agent replies and the acknowledgement of a
// mailed request, threading headers kept; without the plan, editing it answers the plan's error
// and mails use the default template. And the share of inbound replies that threaded, by rule.
let t: TestApp;
let c: Client;
let other: Client;
let port: number;
let smtp: nodemailer.Transporter;
let helpdeskId: string;
let workspace: string;

const TEMPLATE =
  '<html><body><h1>{{helpdesk.name}}</h1><p>About {{request.number}}: {{request.subject}}</p><div>{{reply}}</div><a href="{{portalUrl}}">Help centre</a></body></html>';
const send = (mail: { subject: string; text?: string; messageId?: string; inReplyTo?: string; references?: string }) =>
  smtp.sendMail({ from: 'Ada <ada@example.com>', to: 'support@acme.test', text: 'Hello', ...mail });
type Outbox = { subject: string; text: string; html: string | null; message_id: string | null; headers: Record<string, string> };
const outboxTo = (to: string) =>
  t.sql<Outbox>('select subject, text, html, message_id, headers from mail_outbox where "to" = $1 order by created_at, id', [to]);
async function patchHelpdesk(ops: Record<string, unknown>[]) {
  const etag = String((await c.get(`/api/v1/helpdesks/${helpdeskId}`)).headers.etag);
  return c.patch(`/api/v1/helpdesks/${helpdeskId}`, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}
const template = (value: string | null) => [{ op: 'replace', path: '/emailTemplate', value }];

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ smtpInboundPort: port, host: '127.0.0.1' });
  let tenantId: string;
  ({ c, other, tenantId } = await ownerAndStranger(t));
  const created = await c.post('/api/v1/helpdesks', {
    name: 'Acme <Support>',
    code: 'SUP',
    senderAddress: 'support@acme.test',
    portalSlug: 'help',
    portalEnabled: true,
  });
  expect(created.status, created.text).toBe(201);
  helpdeskId = String(created.body.id);
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  smtp?.close();
  await t?.close();
});

describe("a helpdesk's e-mail template", () => {
  it('needs Plan.CustomEmails: without it, editing answers the plan error and writes nothing; the preview shows the default', async () => {
    for (const ops of [template(TEMPLATE), [{ op: 'replace', path: '/emailSubjectPrefix', value: '[Acme]' }]]) {
      const res = await patchHelpdesk(ops);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.CustomEmails' });
    }
    const stored = await c.get(`/api/v1/helpdesks/${helpdeskId}`);
    expect(stored.body).toMatchObject({ emailTemplate: null, emailSubjectPrefix: null });
    // another field of the helpdesk still saves
    expect((await patchHelpdesk([{ op: 'replace', path: '/description', value: 'Our support' }])).status).toBe(200);
    const preview = await c.post(`/api/v1/helpdesks/${helpdeskId}/email-preview`, { template: TEMPLATE, subjectPrefix: '[Acme]' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.custom).toBe(false);
    expect(preview.body.subject).toBe('Re: [SUP-12] Cannot sign in');
    expect(preview.body.html).toContain('#021F65');
    expect(preview.body.html).toContain('We have reset your password; please sign in again.');
    expect(preview.body.html).not.toContain('Help centre');
  });

  it('with the plan: checks the merge fields and the reply, saves, and previews the template merged', async () => {
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
    const unknown = await patchHelpdesk(template('<p>{{reply}} {{contact.firstName}}</p>'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'emailTemplate', code: 'unknownMergeField' })]);
    const noReply = await patchHelpdesk(template('<p>Hello from {{helpdesk.name}}</p>'));
    expect(noReply.status).toBe(400);
    expect(noReply.body.errors).toEqual([expect.objectContaining({ field: 'emailTemplate', code: 'validation' })]);
    const tooLong = await patchHelpdesk([{ op: 'replace', path: '/emailSubjectPrefix', value: 'x'.repeat(51) }]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ field: 'emailSubjectPrefix', code: 'maxLength' })]);
    const saved = await patchHelpdesk([...template(TEMPLATE), { op: 'replace', path: '/emailSubjectPrefix', value: '[Acme]' }]);
    expect(saved.status, saved.text).toBe(200);

    const preview = await c.post(`/api/v1/helpdesks/${helpdeskId}/email-preview`, {});
    expect(preview.body).toMatchObject({ custom: true, subject: 'Re: [Acme] [SUP-12] Cannot sign in' });
    // merge values are text: the helpdesk's name is escaped, never markup
    expect(preview.body.html).toContain('<h1>Acme &lt;Support&gt;</h1>');
    expect(preview.body.html).toMatch(new RegExp(`<a href="https?://[^"/]+/portal/${workspace}/help">Help centre</a>`));
    expect(preview.body.html).toContain('<p style="margin:0 0 12px">Thank you for writing.</p>');
    // another workspace's helpdesk is not found
    expect((await other.post(`/api/v1/helpdesks/${helpdeskId}/email-preview`, {})).status).toBe(404);
  });

  it('wraps the acknowledgement of a mailed request and an agent reply; the threading headers are kept', async () => {
    const first = `<first.${randomUUID()}@example.com>`;
    await send({ subject: 'Printer jammed', text: 'It beeps.', messageId: first });
    const request = (await t.sql<{ id: string; number: string }>("select id, number from requests where subject = 'Printer jammed'"))[0]!;
    const [ack] = await outboxTo('ada@example.com');
    expect(ack).toMatchObject({
      subject: `Re: [Acme] [${request.number}] Printer jammed`,
      message_id: `<request.${request.id}@localhost>`,
    });
    expect(ack!.headers).toMatchObject({
      'In-Reply-To': first,
      References: first,
      'Auto-Submitted': 'auto-replied',
      'Reply-To': 'support@acme.test',
    });
    expect(ack!.html).toContain(`<p>About ${request.number}: Printer jammed</p>`);
    expect(ack!.html).toContain(`We received your request ${request.number}`);

    const reply = await c.post(`/api/v1/requests/${request.id}/messages`, { kind: 'reply', body: 'Open the tray.\n\nThen close it.' });
    expect(reply.status, reply.text).toBe(201);
    const mails = await outboxTo('ada@example.com');
    const mailed = mails.find((m) => m.message_id === reply.body.messageId)!;
    expect(mailed.subject).toBe(`Re: [Acme] [${request.number}] Printer jammed`);
    expect(mailed.text).toBe('Open the tray.\n\nThen close it.');
    expect(mailed.html).toContain('<h1>Acme &lt;Support&gt;</h1>');
    expect(mailed.html).toContain('<div><p style="margin:0 0 12px">Open the tray.</p><p style="margin:0 0 12px">Then close it.</p></div>');
    // it answers the requester's mail, in the thread whose root the acknowledgement was
    expect(mailed.headers['In-Reply-To']).toBe(first);
    expect(mailed.headers.References).toBe(`<request.${request.id}@localhost> ${first}`);

    // the plan taken away: the saved template rests, mails use the default again
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-free' })).status).toBe(200);
    const plain = await c.post(`/api/v1/requests/${request.id}/messages`, { kind: 'reply', body: 'Any luck?' });
    const plainMail = (await outboxTo('ada@example.com')).find((m) => m.message_id === plain.body.messageId)!;
    expect(plainMail.subject).toBe(`Re: [${request.number}] Printer jammed`);
    expect(plainMail.html).toContain('#021F65');
    expect(plainMail.html).not.toContain('<h1>');
    expect(plainMail.headers['In-Reply-To']).toBe(reply.body.messageId);
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
  });
});

describe('the share of replies that threaded', () => {
  it('counts inbound replies to the address by how they threaded: header, subject, or not at all', async () => {
    const request = (await t.sql<{ id: string; number: string }>("select id, number from requests where subject = 'Printer jammed'"))[0]!;
    const before = await c.get(`/api/v1/helpdesks/${helpdeskId}/threading`);
    expect(before.status, before.text).toBe(200);
    // so far one new mail, which was no reply
    expect(before.body).toEqual({
      address: 'support@acme.test',
      replies: 0,
      threaded: 0,
      byHeader: 0,
      bySubject: 0,
      notThreaded: 0,
      share: null,
    });
    // an answer to the acknowledgement (its Message-ID is the thread's root): by header
    await send({
      subject: `Re: [Acme] [${request.number}] Printer jammed`,
      text: 'Tray opened.',
      inReplyTo: `<request.${request.id}@localhost>`,
    });
    // the number in the subject only: by subject
    await send({ subject: `About ${request.number}`, text: 'Still jammed.' });
    // a reply to a message we never had, and no number: a new request
    await send({ subject: 'Re: our call', text: 'As discussed.', inReplyTo: '<elsewhere@example.com>' });
    // a plain new mail is no reply
    await send({ subject: 'New question', text: 'Hi.' });
    const share = await c.get(`/api/v1/helpdesks/${helpdeskId}/threading`);
    expect(share.body).toEqual({
      address: 'support@acme.test',
      replies: 3,
      threaded: 2,
      byHeader: 1,
      bySubject: 1,
      notThreaded: 1,
      share: 2 / 3,
    });
    const thread = await t.sql<{ body: string }>(
      "select body from request_messages where request_id = $1 and kind = 'inbound' order by created_at",
      [request.id],
    );
    expect(thread.map((m) => m.body)).toEqual(['It beeps.', 'Tray opened.', 'Still jammed.']);
    // another workspace's helpdesk is not found
    expect((await other.get(`/api/v1/helpdesks/${helpdeskId}/threading`)).status).toBe(404);
  });
});
