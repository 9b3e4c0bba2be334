import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../platform/config';
import { freePort, isPortFree } from '../../platform/free-port';

// Inbound mail (issue 23, decision 094) through a real SMTP client on the loopback listener
// (SMTP_INBOUND_PORT): a mail to a helpdesk's sender address becomes a request, an answer threads
// into its request by In-Reply-To/References or by the number in the subject, auto-replies and
// our own mails are dropped, unknown recipients and spam or blocked senders are refused with 550,
// and another workspace's helpdesk with the same code stays apart.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;
let otherTenantId: string;
let port: number;
let smtp: nodemailer.Transporter;

type Mail = {
  from?: string;
  to?: string;
  subject: string;
  text?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer }[];
};
const send = (mail: Mail) => smtp.sendMail({ from: 'Ada Lovelace <ada@example.com>', to: 'support@acme.test', text: 'Hello', ...mail });
const refusal = async (mail: Mail) => {
  const err: unknown = await send(mail).then(
    () => null,
    (e: unknown) => e,
  );
  return (err as { responseCode?: number } | null)?.responseCode;
};
const requestCount = async (tenant = tenantId) =>
  Number((await t.sql<{ n: string }>('select count(*) as n from requests where tenant_id = $1', [tenant]))[0]?.n);
const messagesOf = (requestId: string) =>
  t.sql<{ kind: string; body: string; from_address: string | null; message_id: string | null }>(
    'select kind, body, from_address, message_id from request_messages where request_id = $1 order by created_at, id',
    [requestId],
  );
const requestByNumber = async (number: string, tenant = tenantId) =>
  (
    await t.sql<{ id: string; subject: string; channel: string; requester_email: string; requester_id: string | null }>(
      'select id, subject, channel, requester_email, requester_id from requests where tenant_id = $1 and number = $2',
      [tenant, number],
    )
  )[0];

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ smtpInboundPort: port, host: '127.0.0.1' });
  ({ c, other, tenantId } = await ownerAndStranger(t));
  expect((await c.post('/api/v1/helpdesks', { name: 'Support', code: 'SUP', senderAddress: 'support@acme.test' })).status).toBe(201);
  expect((await other.post('/api/v1/helpdesks', { name: 'Help', code: 'SUP', senderAddress: 'help@other.test' })).status).toBe(201);
  otherTenantId = (await t.sql<{ tenant_id: string }>("select tenant_id from helpdesks where sender_address = 'help@other.test'"))[0]!
    .tenant_id;
  smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  smtp?.close();
  await t?.close();
  // the listener closes with the app
  expect(await isPortFree(port)).toBe(true);
});

describe('inbound mail to a helpdesk', () => {
  it('is off unless SMTP_INBOUND_PORT names a port', () => {
    expect(loadConfig({}).smtpInboundPort).toBeUndefined();
    expect(loadConfig({ SMTP_INBOUND_PORT: '2525' }).smtpInboundPort).toBe(2525);
    expect(() => loadConfig({ SMTP_INBOUND_PORT: 'twenty-five' })).toThrow(/SMTP_INBOUND_PORT/);
  });

  it('makes a new request from a mail, with the sender as the requester, within a second', async () => {
    const messageId = `<first.${randomUUID()}@example.com>`;
    const started = performance.now();
    await send({ subject: 'Cannot sign in', text: 'My password is refused.', messageId });
    const ms = performance.now() - started;
    // the listener answers 250 only after the request is committed: the row is there now
    const r = await requestByNumber('SUP-1');
    console.log(`inbound mail → request row: ${ms.toFixed(1)} ms (SMTP session incl. end-of-data → committed row)`);
    expect(ms).toBeLessThan(1000);
    expect(r).toMatchObject({ subject: 'Cannot sign in', channel: 'Email', requester_email: 'ada@example.com' });
    const contact = await t.sql<{ email: string; first_name: string }>('select email, first_name from contacts where id = $1', [
      r!.requester_id,
    ]);
    expect(contact[0]).toMatchObject({ email: 'ada@example.com', first_name: 'ada' });
    expect(await messagesOf(r!.id)).toEqual([
      { kind: 'inbound', body: 'My password is refused.', from_address: 'ada@example.com', message_id: messageId },
    ]);
    // an open request page hears it
    const events = await t.sql<{ n: string }>(
      "select count(*) as n from live_events where tenant_id = $1 and entity_kind = 'Request' and data->>'id' = $2",
      [tenantId, r!.id],
    );
    expect(Number(events[0]?.n)).toBeGreaterThan(0);
  });

  it("threads a reply into its request by In-Reply-To / References (an agent's reply's Message-ID, or an earlier mail's)", async () => {
    const r = (await requestByNumber('SUP-1'))!;
    const reply = await c.post(`/api/v1/requests/${r.id}/messages`, { kind: 'reply', body: 'Try resetting it.' });
    expect(reply.status, reply.text).toBe(201);
    const agentMessageId = String(reply.body.messageId);
    const before = await requestCount();
    // a reply without the number in its subject: only the header can thread it
    await send({ subject: 'Still broken', text: 'Reset did not help.', inReplyTo: agentMessageId, references: agentMessageId });
    const earlier = (await messagesOf(r.id))[0]!.message_id!;
    await send({ subject: 'One more thing', text: 'And the app crashes.', references: `<unknown@example.com> ${earlier}` });
    expect(await requestCount()).toBe(before);
    expect((await messagesOf(r.id)).map((m) => [m.kind, m.body])).toEqual([
      ['inbound', 'My password is refused.'],
      ['outbound', 'Try resetting it.'],
      ['inbound', 'Reset did not help.'],
      ['inbound', 'And the app crashes.'],
    ]);
  });

  it('threads by the request number in the subject, with or without brackets', async () => {
    const r = (await requestByNumber('SUP-1'))!;
    const before = await requestCount();
    await send({ subject: 'Re: [SUP-1] Cannot sign in', text: 'By subject.' });
    await send({ subject: 'About sup-1 again', text: 'By a bare number.' });
    // a number of no request of this helpdesk makes a new request
    await send({ subject: 'Re: [SUP-999] nothing', text: 'Unknown number.' });
    expect(await requestCount()).toBe(before + 1);
    const bodies = (await messagesOf(r.id)).map((m) => m.body);
    expect(bodies.slice(-2)).toEqual(['By subject.', 'By a bare number.']);
  });

  it('drops auto-replies, bulk mail and our own mails coming back (accepted, nothing written)', async () => {
    const before = await requestCount();
    const messages = Number(
      (await t.sql<{ n: string }>('select count(*) as n from request_messages where tenant_id = $1', [tenantId]))[0]?.n,
    );
    await send({ subject: 'Out of office', headers: { 'Auto-Submitted': 'auto-replied' } });
    await send({ subject: 'Re: [SUP-1] Out of office', headers: { 'Auto-Submitted': 'auto-generated' } });
    await send({ subject: 'Newsletter', headers: { Precedence: 'bulk' } });
    await send({ subject: 'Digest', headers: { Precedence: 'list' } });
    // our own Message-ID (a reply of ours that came back)
    await send({ subject: 'Re: [SUP-1] Cannot sign in', messageId: `<request.${randomUUID()}@localhost>` });
    expect(await requestCount()).toBe(before);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from request_messages where tenant_id = $1', [tenantId]))[0]?.n)).toBe(
      messages,
    );
    // "Auto-Submitted: no" is a person's mail
    await send({ subject: 'Written by hand', headers: { 'Auto-Submitted': 'no' } });
    expect(await requestCount()).toBe(before + 1);
  });

  it('writes the same mail delivered twice once', async () => {
    const messageId = `<twice.${randomUUID()}@example.com>`;
    const before = await requestCount();
    await send({ subject: 'Twice', messageId });
    await send({ subject: 'Twice', messageId });
    expect(await requestCount()).toBe(before + 1);
  });

  it("keeps a mail's attachments as the request's documents; one too large is not kept and the sender is told", async () => {
    await send({
      subject: 'Screenshots attached',
      text: 'See the files.',
      attachments: [
        { filename: 'error-log.txt', content: Buffer.from('Error 42: printer offline\n') },
        // an image may be 5 MB (spec's file rules)
        { filename: 'huge-screenshot.png', content: Buffer.alloc(6 * 1024 * 1024, 1) },
      ],
    });
    const r = (
      await t.sql<{ id: string; number: string }>(
        "select id, number from requests where tenant_id = $1 and subject = 'Screenshots attached'",
        [tenantId],
      )
    )[0]!;
    const docs = await t.sql<{ name: string; size: number }>('select name, size from documents where entity_id = $1', [r.id]);
    expect(docs).toEqual([{ name: 'error-log.txt', size: 26 }]);
    expect((await messagesOf(r.id)).map((m) => m.body)).toEqual(['See the files.']);
    // the notice, beside the request's acknowledgement (round five)
    const notice = await t.sql<{ subject: string; text: string; headers: Record<string, string> }>(
      `select subject, text, headers from mail_outbox where "to" = $1 and subject like $2 and text like '%were not kept%'`,
      ['ada@example.com', `Re: [${r.number}]%`],
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('huge-screenshot.png: larger than the size allowed for its type');
    expect(notice[0]!.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied' });
  });

  it('refuses an unknown recipient with 550 and writes nothing', async () => {
    const before = await requestCount();
    expect(await refusal({ to: 'nobody@acme.test', subject: 'Hello?' })).toBe(550);
    expect(await requestCount()).toBe(before);
  });

  it('refuses a sender marked spam or blocked with 550', async () => {
    for (const [email, column] of [
      ['spammer@example.com', 'spam_at'],
      ['blocked@example.com', 'blocked_at'],
    ] as const) {
      await send({ from: email, subject: `First from ${email}` });
      await t.sql(`update contacts set ${column} = now() where tenant_id = $1 and email = $2`, [tenantId, email]);
      const before = await requestCount();
      expect(await refusal({ from: email, subject: 'Again' })).toBe(550);
      expect(await refusal({ from: email, subject: 'Re: [SUP-1] Cannot sign in' })).toBe(550);
      expect(await requestCount()).toBe(before);
    }
  });

  it("keeps another workspace's helpdesk apart, though its code is the same", async () => {
    const ours = await requestCount();
    await send({ to: 'help@other.test', subject: 'Re: [SUP-1] Cannot sign in', text: 'For the other workspace.' });
    expect(await requestCount()).toBe(ours);
    const theirs = (await requestByNumber('SUP-1', otherTenantId))!;
    expect(theirs).toMatchObject({ subject: 'Re: [SUP-1] Cannot sign in', channel: 'Email' });
    expect((await messagesOf(theirs.id)).map((m) => m.body)).toEqual(['For the other workspace.']);
    // and our helpdesk's records do not answer there
    expect((await other.get(`/api/v1/requests/${(await requestByNumber('SUP-1'))!.id}`)).status).toBe(404);
  });
});
