import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/free-port';
import { createTestApp, ownerAndStranger, waitFor, type Client, type TestApp } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bounceDomain } from '.';
import { openPixelUrl, returnPath, runCampaigns, type TaskDeps } from './campaigns.service';
import { taskDepsOf } from './task-deps.test-util';

// Open tracking and bounces (issue 24, decision 095) over real SMTP on loopback: campaign mail
// leaves through SMTP_URL to a sink with a VERP return path (bounces+<signed ref>@<MAIL_FROM's
// domain>); a delivery status notification sent to that address through the inbound listener
// (SMTP_INBOUND_PORT) marks the recipient bounced, and a permanent failure blocks the contact.
// The open pixel is in the mail and counts only where the workspace tracks opens.
let t: TestApp;
let c: Client;
let sink: SmtpSink;
let smtp: nodemailer.Transporter;
let templateId: string;
let deps: TaskDeps;
const people: Record<string, string> = {};

type Row = { id: string; [k: string]: unknown };
const recipient = async (campaignId: string, email: string) =>
  (
    await t.sql<{ state: string; opened_at: Date | null; bounced_at: Date | null; bounce_status: string | null }>(
      `select state, opened_at, bounced_at, bounce_status from campaign_recipients where campaign_id = $1 and email = $2`,
      [campaignId, email],
    )
  )[0];
const feed = async (contactId: string) =>
  (await t.sql<{ action: string }>(`select action from activities where entity_id = $1 order by created_at, id`, [contactId])).map(
    (r) => r.action,
  );
const refOf = (campaignId: string, who: string) => ({ tenantId, campaignId, contactId: people[who]! });
// the recipient's VERP reference: the workspace and the recipient's number
const bounceOf = async (campaignId: string, who: string) => {
  const [r] = await t.sql<{ number: string }>(`select number::text from campaign_recipients where campaign_id = $1 and contact_id = $2`, [
    campaignId,
    people[who],
  ]);
  return { tenantId, number: Number(r!.number) };
};
let tenantId: string;

// `mails`: how many of them get one (a blocked contact is skipped)
async function mailCampaign(who: string[], mails = who.length): Promise<Row> {
  const s = await c.post('/api/v1/segments', { name: `Some ${Math.random()}`, includedIds: who.map((w) => people[w]) });
  expect(s.status, s.text).toBe(201);
  const k = await c.post('/api/v1/campaigns', { name: `Campaign ${Math.random()}`, segmentIds: [s.body.id], emailTemplateId: templateId });
  expect(k.status, k.text).toBe(201);
  expect((await c.put(`/api/v1/campaigns/${k.body.id}/send`)).status).toBe(200);
  const before = sink.received.length;
  await runCampaigns(deps);
  // the mailer's own nudge may be delivering beside this run: wait until the sink has them all
  await waitFor('campaign mail in the sink', async () => {
    await t.app.atrium.mailer.deliverDue();
    return sink.received.length - before >= mails;
  });
  return k.body;
}
const lastMailTo = (email: string) => [...sink.received].reverse().find((m) => m.to.includes(email));

// A delivery status notification (RFC 3464) as a receiving MTA writes it, from the null sender.
function dsn(to: string, action: string, status: string) {
  const report = [
    'Reporting-MTA: dns; mx.example.net',
    '',
    'Final-Recipient: rfc822; someone@example.net',
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} mailbox unavailable`,
  ].join('\r\n');
  const raw = [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Status: 2.0.0 (this human-readable part must not count)',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    report,
    '',
    '--REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: News',
    '',
    '--REPORT--',
    '',
  ].join('\r\n');
  return smtp.sendMail({ envelope: { from: '', to }, raw });
}

beforeAll(async () => {
  sink = await startSmtpSink();
  const port = await freePort();
  t = await createTestApp({ smtpInboundPort: port, host: '127.0.0.1', smtpUrl: sink.url, mailFrom: 'Globex <news@globex.test>' });
  ({ c, tenantId } = await ownerAndStranger(t));
  smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  const tpl = await c.post('/api/v1/core/email-templates', {
    entityKind: 'Contact',
    name: 'News',
    subject: 'News',
    body: 'Hello {{firstName}}',
  });
  templateId = tpl.body.id;
  for (const who of ['anna', 'ben', 'cem', 'dora']) {
    const res = await c.post('/api/v1/contacts', { firstName: who, email: `${who}@example.net` });
    expect(res.status, res.text).toBe(201);
    people[who] = res.body.id;
  }
  deps = taskDepsOf(t, () => new Date(), bounceDomain(t.config.mailFrom, t.config.publicUrl));
});
afterAll(async () => {
  smtp?.close();
  await t?.close();
  await sink?.close();
});

describe('open tracking', () => {
  it('is off by default: no pixel in the mail, and its address answers 404', async () => {
    const k = await mailCampaign(['anna']);
    const mail = lastMailTo('anna@example.net');
    expect(mail?.data).toContain('Hello anna');
    expect(mail?.data).not.toContain('/campaigns/open/');
    const pixel = new URL(openPixelUrl(deps, refOf(k.id, 'anna'))).pathname;
    expect((await t.client().get(pixel)).status).toBe(404);
    expect((await recipient(k.id, 'anna@example.net'))?.state).toBe('sent');
  });

  it('where enabled, the first fetch of the signed pixel marks the recipient opened, counts once and tells the timeline', async () => {
    expect((await c.put('/api/v1/campaigns/settings', { openTracking: 'yes' })).status).toBe(400);
    expect((await c.put('/api/v1/campaigns/settings', { openTracking: true })).body.openTracking).toBe(true);
    const k = await mailCampaign(['ben']);
    const html = (lastMailTo('ben@example.net')?.data ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const pixel = new URL(openPixelUrl(deps, refOf(k.id, 'ben'))).pathname;
    expect(html).toContain(pixel);
    const res = await t.client().get(pixel);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    await t.client().get(pixel);
    const r = await recipient(k.id, 'ben@example.net');
    expect(r?.state).toBe('opened');
    expect(r?.opened_at).toBeTruthy();
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.opened).toBe(1);
    const hours = (await c.get(`/api/v1/campaigns/${k.id}/statistics`)).body.hours as { opened: number }[];
    expect(hours.reduce((n, h) => n + h.opened, 0)).toBe(1);
    expect((await feed(people.ben!)).filter((a) => a === 'campaignOpened')).toHaveLength(1);
    const listed = await c.post(`/api/v1/campaigns/${k.id}/recipients`, { state: 'opened' });
    expect(listed.body.data[0]).toMatchObject({ email: 'ben@example.net', state: 'opened' });
    // a tampered pixel, and any pixel once the workspace stops tracking, is 404
    expect((await t.client().get(pixel.replace(people.ben!, people.anna!))).status).toBe(404);
    await c.put('/api/v1/campaigns/settings', { openTracking: false });
    expect((await t.client().get(pixel)).status).toBe(404);
  });
});

describe('bounces', () => {
  it('go out with a VERP return path; a hard DSN through the listener bounces the recipient and blocks the contact', async () => {
    const k = await mailCampaign(['cem', 'dora']);
    const address = returnPath(deps, await bounceOf(k.id, 'cem'));
    expect(lastMailTo('cem@example.net')?.from).toBe(address);
    expect(address).toMatch(/^bounces\+[0-9a-v]+\.[0-9a-v]{10}@globex\.test$/);
    // RFC 5321: a local part of at most 64 octets
    expect(Buffer.byteLength(address.split('@')[0]!)).toBeLessThanOrEqual(64);
    expect(lastMailTo('cem@example.net')?.data).not.toMatch(/^Return-Path:/im);

    await dsn(address, 'failed', '5.1.1');
    const r = await recipient(k.id, 'cem@example.net');
    expect(r).toMatchObject({ state: 'bounced', bounce_status: '5.1.1' });
    expect(r?.bounced_at).toBeTruthy();
    const cem = (await c.get(`/api/v1/contacts/${people.cem}`)).body;
    expect(cem.blockedAt).toBeTruthy();
    expect(await feed(people.cem!)).toEqual(expect.arrayContaining(['campaignSent', 'campaignBounced', 'stateSet']));
    // the same bounce again changes nothing
    await dsn(address, 'failed', '5.1.1');
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.bounced).toBe(1);
    const listed = await c.post(`/api/v1/campaigns/${k.id}/recipients`, { state: 'bounced' });
    expect(listed.body.data).toEqual([expect.objectContaining({ email: 'cem@example.net', bounceStatus: '5.1.1' })]);
    // the blocked contact is no segment's member any more: the next campaign never has them
    const next = await mailCampaign(['cem'], 0);
    expect(await recipient(next.id, 'cem@example.net')).toBeUndefined();
  });

  it('a soft failure bounces without blocking; a delay, an auto-reply or a forged address changes nothing', async () => {
    const k = await mailCampaign(['dora']);
    const address = returnPath(deps, await bounceOf(k.id, 'dora'));
    await dsn(address, 'delayed', '4.4.7');
    await smtp.sendMail({ from: 'dora@example.net', to: address, subject: 'Out of office', text: 'Back on Monday' });
    expect((await recipient(k.id, 'dora@example.net'))?.state).toBe('sent');
    const forged = address.replace(/[0-9a-v](?=@)/, (ch) => (ch === '0' ? '1' : '0'));
    const truncated = address.replace(/[0-9a-v](?=@)/, '');
    for (const wrong of [forged, truncated]) {
      const refused = await dsn(wrong, 'failed', '5.1.1').then(
        () => null,
        (e: { responseCode?: number }) => e.responseCode,
      );
      expect(refused, wrong).toBe(550);
    }
    expect((await recipient(k.id, 'dora@example.net'))?.state).toBe('sent');

    await dsn(address, 'failed', '4.2.2');
    expect(await recipient(k.id, 'dora@example.net')).toMatchObject({ state: 'bounced', bounce_status: '4.2.2' });
    expect((await c.get(`/api/v1/contacts/${people.dora}`)).body.blockedAt ?? null).toBeNull();
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.bounced).toBe(1);
    const hours = (await c.get(`/api/v1/campaigns/${k.id}/statistics`)).body.hours as { bounced: number }[];
    expect(hours.reduce((n, h) => n + h.bounced, 0)).toBe(1);
  });
});
