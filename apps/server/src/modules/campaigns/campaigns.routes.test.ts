import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { inWorkspace } from '../../platform/jobs/workspace-walk';
import { runCampaigns, sendBatch, type TaskDeps } from './campaigns.service';
import { taskDepsOf } from './task-deps.test-util';

// Campaigns and segments (issue 24): live segment counts from the contacts list's filter
// language, recipients frozen at send time and claimed before each mail is written (a crash,
// a second worker or a suspend/resume mails nobody twice), contact states honoured at the
// moment of sending, the hourly limit, signed unsubscribe and click links.
let t: TestApp;
let c: Client;
let viewer: Client;
let other: Client;
let tenantId: string;
let templateId: string;
let deps: TaskDeps;
let clock = new Date('2027-03-01T09:00:00Z');

type Row = { id: string; version: number; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const outbox = async (to: string) =>
  t.sql<{ subject: string; text: string; headers: Record<string, string> }>(
    `select subject, text, headers from mail_outbox where "to" = $1 order by created_at`,
    [to],
  );
const states = async (campaignId: string) =>
  Object.fromEntries(
    (
      await t.sql<{ email: string; state: string }>(
        `select c.email, r.state from campaign_recipients r join contacts c on c.id = r.contact_id where r.campaign_id = $1`,
        [campaignId],
      )
    ).map((r) => [r.email, r.state]),
  );

async function contact(firstName: string, email: string, address: string): Promise<Row> {
  const res = await c.post('/api/v1/contacts', { firstName, lastName: 'Test', email, address });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function segment(body: Record<string, unknown>): Promise<Row> {
  const res = await c.post('/api/v1/segments', { name: `Segment ${Math.random()}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function campaign(segmentIds: string[], extra: Record<string, unknown> = {}): Promise<Row> {
  const res = await c.post('/api/v1/campaigns', { name: `Campaign ${Math.random()}`, segmentIds, emailTemplateId: templateId, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const send = async (id: string) => {
  const res = await c.put(`/api/v1/campaigns/${id}/send`);
  expect(res.status, res.text).toBe(200);
  return res.body as Row;
};
const run = (batchSize = 50) => runCampaigns({ ...deps, batchSize });

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member: viewer, other, tenantId } = await ownerMemberAndStranger(t, ['Contact.ViewContacts']));
  const tpl = await c.post('/api/v1/core/email-templates', {
    entityKind: 'Contact',
    name: 'Spring',
    subject: 'Spring news for {{firstName}}',
    body: 'Hello {{firstName}}, see https://example.com/spring?x=1.',
  });
  expect(tpl.status, tpl.text).toBe(201);
  templateId = tpl.body.id;
  deps = taskDepsOf(t, () => clock);
  await contact('Anna', 'anna@berlin.test', 'Unter den Linden 1, Berlin');
  await contact('Ben', 'ben@berlin.test', 'Alexanderplatz, Berlin');
  await contact('Cem', 'cem@berlin.test', 'Kreuzberg, Berlin');
  await contact('Dora', 'dora@munich.test', 'Marienplatz, München');
});
afterAll(async () => t?.close());

describe('segments', () => {
  it('count live from the filter, plus included and less excluded contacts', async () => {
    const berlin = await segment({ query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } });
    expect((await c.get(`/api/v1/segments/${berlin.id}/count`)).body).toEqual({ count: 3 });
    const ids = (await c.post('/api/v1/contacts/list', { pageSize: 100 })).body.data as Row[];
    const dora = ids.find((r) => r.firstName === 'Dora')!;
    const anna = ids.find((r) => r.firstName === 'Anna')!;
    const both = await segment({ query: berlin.query, includedIds: [dora.id], excludedIds: [anna.id] });
    expect((await c.get(`/api/v1/segments/${both.id}/count`)).body).toEqual({ count: 3 });
    const listed = await c.post(`/api/v1/segments/${both.id}/recipients`, { page: 1, pageSize: 25 });
    expect(listed.status, listed.text).toBe(200);
    expect((listed.body.data as Row[]).map((r) => r.firstName).sort()).toEqual(['Ben', 'Cem', 'Dora']);
    const picked = await segment({ includedIds: [dora.id, anna.id] });
    expect((await c.get(`/api/v1/segments/${picked.id}/count`)).body).toEqual({ count: 2 });
    // the editor's count before saving
    const preview = await c.post('/api/v1/segments/count', { query: { filters: [{ field: 'email', op: 'contains', value: 'munich' }] } });
    expect(preview.body).toEqual({ count: 1 });
    // a new contact matches at once
    await contact('Emil', 'emil@berlin.test', 'Mitte, Berlin');
    expect((await c.get(`/api/v1/segments/${berlin.id}/count`)).body).toEqual({ count: 4 });
    await c.delete(`/api/v1/contacts/${(await c.post('/api/v1/contacts/list', { search: 'Emil' })).body.data[0].id}`);
    expect((await c.get(`/api/v1/segments/${berlin.id}/count`)).body).toEqual({ count: 3 });
    // lookups and a viewer may read
    expect((await viewer.get(`/api/v1/segments/search?searchTerm=Segment`)).body.length).toBeGreaterThanOrEqual(3);
  });

  it('refuse an unknown filter field naming it, writing nothing; another workspace gets 404', async () => {
    const before = (await c.post('/api/v1/segments/list', {})).body.total;
    const bad = await c.post('/api/v1/segments', { name: 'Bad', query: { filters: [{ field: 'nope', op: 'eq', value: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['query.filters.0.field:unknownField']);
    const tooMany = await c.post('/api/v1/segments', { name: 'Bad', includedIds: ['not-a-uuid'] });
    expect(tooMany.status).toBe(400);
    expect((await c.post('/api/v1/segments/list', {})).body.total).toBe(before);
    const s = await segment({ includedIds: [] });
    expect((await other.get(`/api/v1/segments/${s.id}/count`)).status).toBe(404);
    expect((await other.post(`/api/v1/segments/${s.id}/recipients`, {})).status).toBe(404);
  });
});

describe('campaigns', () => {
  it('check segments and template, start only when ready, and stay unchangeable while sending', async () => {
    const bad = await c.post('/api/v1/campaigns', { name: 'X', segmentIds: ['5f0c6c5e-8a0b-4f43-9d39-1f2b7f3e9a10'] });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['segmentIds.0:notFound']);
    const lead = await c.post('/api/v1/core/email-templates', { entityKind: 'Lead', name: 'Lead tpl', subject: 'Hi', body: 'Hi' });
    const wrong = await c.post('/api/v1/campaigns', { name: 'X', emailTemplateId: lead.body.id });
    expect(codes(wrong.body)).toEqual(['emailTemplateId:validation']);
    const draft = await c.post('/api/v1/campaigns', { name: 'Empty' });
    expect(draft.body).toMatchObject({ status: 'Draft', sent: 0, recipients: 0 });
    const refused = await c.put(`/api/v1/campaigns/${draft.body.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('campaignNotStartable');
    expect((await c.put(`/api/v1/campaigns/${draft.body.id}/suspend`)).body.code).toBe('campaignNotSuspendable');
    expect((await c.put(`/api/v1/campaigns/${draft.body.id}/resume`)).body.code).toBe('campaignNotSuspended');
    expect((await viewer.put(`/api/v1/campaigns/${draft.body.id}/send`)).status).toBe(403);
    expect((await other.put(`/api/v1/campaigns/${draft.body.id}/send`)).status).toBe(404);
    const fields = await c.get('/api/v1/campaigns/merge-fields');
    expect(fields.body.map((f: { key: string }) => f.key)).toContain('firstName');
  });

  it('mail each frozen recipient once through a crash and two concurrent runs, skipping a blocked contact', async () => {
    const s = await segment({ query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } });
    const k = await campaign([s.id]);
    const sending = await send(k.id);
    expect(sending).toMatchObject({ status: 'Sending', recipients: 3 });
    expect((await c.put(`/api/v1/campaigns/${k.id}`, { name: 'Renamed' }, { 'If-Match': `"${sending.version}"` })).status).toBe(409);
    // frozen: a contact added now is not a recipient
    await contact('Fritz', 'fritz@berlin.test', 'Berlin');
    // a crash after the claim and the mails, before the commit: nothing stays of the batch
    await expect(
      inWorkspace(t.database, tenantId, async (ctx) => {
        await sendBatch(ctx, deps.kinds, deps, k.id);
        throw new Error('worker died');
      }),
    ).rejects.toThrow('worker died');
    expect(await outbox('anna@berlin.test')).toHaveLength(0);
    expect(Object.values(await states(k.id))).toEqual(['queued', 'queued', 'queued']);
    // blocked after the freeze, before its mail: skipped at the moment of sending
    const ben = (await c.post('/api/v1/contacts/list', { search: 'Ben' })).body.data[0] as Row;
    expect((await c.put(`/api/v1/contacts/${ben.id}/block`, { blocked: true })).status).toBe(200);
    await Promise.all([run(1), run(1), run(1)]);
    expect(await states(k.id)).toEqual({ 'anna@berlin.test': 'sent', 'ben@berlin.test': 'skipped', 'cem@berlin.test': 'sent' });
    expect(await outbox('anna@berlin.test')).toHaveLength(1);
    expect(await outbox('cem@berlin.test')).toHaveLength(1);
    expect(await outbox('ben@berlin.test')).toHaveLength(0);
    expect(await outbox('fritz@berlin.test')).toHaveLength(0);
    await run();
    const done = (await c.get(`/api/v1/campaigns/${k.id}`)).body;
    expect(done).toMatchObject({ status: 'Sent', sent: 2, recipients: 3 });
    const statuses = await c.post('/api/v1/campaigns/statuses', { ids: [k.id] });
    expect(statuses.body[0]).toMatchObject({ status: 'Sent', sent: 2, skipped: 1, queued: 0 });
    const csv = await c.get(`/api/v1/campaigns/${k.id}/recipients.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,E-mail,State,Skipped because,Queued,Sent,Opened,Clicked,Bounced,Bounce status,Unsubscribed');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').slice(1, 4).join(','))
        .sort(),
    ).toEqual(['anna@berlin.test,sent,', 'ben@berlin.test,skipped,blocked', 'cem@berlin.test,sent,']);
    expect((await other.get(`/api/v1/campaigns/${k.id}/recipients.csv`)).status).toBe(404);
    const recipients = await c.post(`/api/v1/campaigns/${k.id}/recipients`, { state: 'skipped' });
    expect(recipients.body.data).toEqual([expect.objectContaining({ email: 'ben@berlin.test', skipReason: 'blocked' })]);
    const [mail] = await outbox('anna@berlin.test');
    expect(mail!.subject).toBe('Spring news for Anna');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const feed = await t.sql(
      `select type, action from activities where entity_id = (select id from contacts where email = 'anna@berlin.test')`,
    );
    expect(feed).toContainEqual({ type: 'Campaign', action: 'campaignSent' });
    await c.put(`/api/v1/contacts/${ben.id}/block`, { blocked: false });
  });

  it('suspend stops sending and resume continues with the rest, nobody twice', async () => {
    const s = await segment({ query: { filters: [{ field: 'email', op: 'contains', value: '.test' }] } });
    const k = await campaign([s.id]);
    const sending = await send(k.id);
    const total = Number(sending.recipients);
    expect(total).toBeGreaterThanOrEqual(4);
    await inWorkspace(t.database, tenantId, (ctx) => sendBatch(ctx, deps.kinds, { ...deps, batchSize: 1 }, k.id));
    expect((await c.put(`/api/v1/campaigns/${k.id}/suspend`)).body.status).toBe('Suspended');
    await run(1);
    const afterSuspend = Object.values(await states(k.id)).filter((x) => x !== 'queued').length;
    expect(afterSuspend).toBe(1);
    expect((await c.put(`/api/v1/campaigns/${k.id}/resume`)).body.status).toBe('Sending');
    await Promise.all([run(1), run(2)]);
    await run();
    expect(Object.values(await states(k.id)).filter((x) => x === 'queued')).toEqual([]);
    const mails = await t.sql<{ n: number }>(
      `select count(*)::int as n from mail_outbox where message_id like $1 group by "to" having count(*) > 1`,
      [`<campaign.${k.id}.%`],
    );
    expect(mails).toEqual([]);
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.status).toBe('Sent');
  });

  it('send a test as a chosen contact to the caller only, writing no recipient', async () => {
    const s = await segment({ includedIds: [] });
    const k = await campaign([s.id]);
    const anna = (await c.post('/api/v1/contacts/list', { search: 'Anna' })).body.data[0] as Row;
    const res = await c.put(`/api/v1/campaigns/${k.id}/test`, { contactId: anna.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subject).toBe('[Test] Spring news for Anna');
    const [mail] = await outbox(res.body.to);
    expect(mail).toMatchObject({ subject: '[Test] Spring news for Anna' });
    // a bounce of the test is the caller's: it carries no VERP return path of the contact
    expect(mail!.headers['Return-Path']).toBeUndefined();
    expect(mail!.headers['List-Unsubscribe']).toBeTruthy();
    expect(await states(k.id)).toEqual({});
    const missing = await c.put(`/api/v1/campaigns/${k.id}/test`, { contactId: '5f0c6c5e-8a0b-4f43-9d39-1f2b7f3e9a10' });
    expect(codes(missing.body)).toEqual(['contactId:notFound']);
    expect((await other.put(`/api/v1/campaigns/${k.id}/test`, { contactId: anna.id })).status).toBe(404);
    expect((await viewer.put(`/api/v1/campaigns/${k.id}/test`, { contactId: anna.id })).status).toBe(403);
  });

  it('keep to the hourly limit and continue in the next hour', async () => {
    expect((await c.put('/api/v1/campaigns/settings', { hourlyLimit: 0 })).status).toBe(400);
    expect((await c.put('/api/v1/campaigns/settings', { hourlyLimit: 1 })).body).toMatchObject({
      hourlyLimit: 1,
      dailyLimit: null,
      openTracking: false,
    });
    clock = new Date('2027-03-02T09:00:00Z');
    const s = await segment({ query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } });
    const k = await campaign([s.id]);
    await send(k.id);
    await run();
    expect(Object.values(await states(k.id)).filter((x) => x === 'sent')).toHaveLength(1);
    clock = new Date('2027-03-02T10:00:01Z');
    await run();
    expect(Object.values(await states(k.id)).filter((x) => x === 'sent')).toHaveLength(2);
    await c.put('/api/v1/campaigns/settings', { hourlyLimit: 1000 });
  });
});

describe('tracking', () => {
  it('one-click unsubscribe marks the contact, the recipient and the timeline; a tampered token is refused', async () => {
    const s = await segment({ query: { filters: [{ field: 'email', op: 'eq', value: 'dora@munich.test' }] } });
    const k = await campaign([s.id]);
    await send(k.id);
    await run();
    const [mail] = (await outbox('dora@munich.test')).slice(-1);
    const url = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    const info = await t.client().get(url.pathname);

    expect(info.status, info.text).toBe(200);
    expect(info.body).toMatchObject({ unsubscribed: false });
    expect(info.body.email).toMatch(/@munich\.test$/);
    const before = await c.get(`/api/v1/campaigns/${k.id}`);
    const tampered = await t.client().raw({ method: 'POST', url: url.pathname.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')) });
    expect(tampered.status).toBe(400);
    const oneClick = await t.client().raw({
      method: 'POST',
      url: url.pathname,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status, oneClick.text).toBe(200);
    expect(oneClick.body).toMatchObject({ unsubscribed: true });
    const twice = await t.client().post(url.pathname, {});
    expect(twice.status, twice.text).toBe(200);
    const dora = (await c.post('/api/v1/contacts/list', { search: 'Dora' })).body.data[0] as Row;
    expect(dora.unsubscribedAt).toBeTruthy();
    // the counters move the version: a read revalidated with the ETag from before gets the new ones, not a 304
    const counted = await c.get(`/api/v1/campaigns/${k.id}`, { 'if-none-match': String(before.headers.etag) });
    expect(counted.status).toBe(200);
    expect(counted.body.unsubscribed).toBe(1);
    expect(await states(k.id)).toEqual({ 'dora@munich.test': 'unsubscribed' });
    const feed = await t.sql(`select type, action from activities where entity_id = $1 and type = 'Campaign'`, [dora.id]);
    expect(feed).toContainEqual({ type: 'Campaign', action: 'campaignUnsubscribed' });
    // she left the segment's members at once (decision 095), so the next campaign never has her
    expect((await c.get(`/api/v1/segments/${s.id}/count`)).body).toEqual({ count: 0 });
    const again = await campaign([s.id]);
    await send(again.id);
    await run();
    expect(await states(again.id)).toEqual({});
  });

  it('a signed click redirects to its target once counted; an altered target or signature is refused', async () => {
    const s = await segment({ query: { filters: [{ field: 'email', op: 'eq', value: 'cem@berlin.test' }] } });
    const k = await campaign([s.id]);
    await send(k.id);
    await run();
    const [mail] = (await outbox('cem@berlin.test')).slice(-1);
    const tracked = mail!.text.match(/http:\/\/localhost:3000(\/api\/v1\/public\/campaigns\/click\?\S+)/)![1]!.replace(/[.,;:!?)\]]+$/, '');
    expect(mail!.text).not.toContain('https://example.com/spring');
    const res = await t.client().get(tracked);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/spring?x=1');
    const u = new URL(tracked, 'http://x');
    u.searchParams.set('u', 'https://evil.test/');
    expect((await t.client().get(`${u.pathname}${u.search}`)).status).toBe(400);
    expect((await t.client().get(tracked.replace(/s=[^&]+/, 's=AAAA'))).status).toBe(400);
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.clicked).toBe(1);
    await t.client().get(tracked);
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.clicked).toBe(1);
    expect(await states(k.id)).toEqual({ 'cem@berlin.test': 'clicked' });
    const stats = await c.get(`/api/v1/campaigns/${k.id}/statistics`);
    // sent on the test's clock, clicked on the server's: each counted in its hour
    const hours = stats.body.hours as { hour: string; sent: number; clicked: number; unsubscribed: number }[];
    expect(hours.every((h) => /T\d\d:00:00Z$/.test(h.hour))).toBe(true);
    expect(hours.reduce((n, h) => n + h.sent, 0)).toBe(1);
    expect(hours.reduce((n, h) => n + h.clicked, 0)).toBe(1);
    expect((await other.get(`/api/v1/campaigns/${k.id}/statistics`)).status).toBe(404);
  });
});
