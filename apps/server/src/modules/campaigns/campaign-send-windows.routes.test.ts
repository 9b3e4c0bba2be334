import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';
import { runCampaigns, type TaskDeps } from './campaigns.service';
import { taskDepsOf } from './task-deps.test-util';

// Send windows, recipients' local time and the daily cap (issue 24, decision 095), on a fixed
// clock: the every-minute task mails only the queued recipients whose local time lies in the
// campaign's window (the contact's `timeZone` field, else the workspace's zone), leaves the
// others queued until their window opens, and stops at the workspace's daily cap — across the
// daylight-saving changes of Europe/Berlin (2027-03-28, 2027-10-31) and America/New_York.
let t: TestApp;
let c: Client;
let other: Client;
let templateId: string;
let deps: TaskDeps;
let clock = new Date('2027-03-01T09:00:00Z');
let people: string[] = [];

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const sentTo = async (campaignId: string) =>
  (
    await t.sql<{ email: string }>(
      `select r.email from campaign_recipients r where r.campaign_id = $1 and r.state = 'sent' order by r.email`,
      [campaignId],
    )
  ).map((r) => r.email);
const status = async (id: string) => (await c.get(`/api/v1/campaigns/${id}`)).body.status as string;
const at = async (iso: string) => {
  clock = new Date(iso);
  await runCampaigns(deps);
};

async function sendCampaign(extra: Record<string, unknown>): Promise<Row> {
  const s = await c.post('/api/v1/segments', { name: `Everyone ${Math.random()}`, includedIds: people });
  expect(s.status, s.text).toBe(201);
  const k = await c.post('/api/v1/campaigns', {
    name: `Campaign ${Math.random()}`,
    segmentIds: [s.body.id],
    emailTemplateId: templateId,
    ...extra,
  });
  expect(k.status, k.text).toBe(201);
  const sent = await c.put(`/api/v1/campaigns/${k.body.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  return k.body;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other } = await ownerAndStranger(t));
  const tpl = await c.post('/api/v1/core/email-templates', {
    entityKind: 'Contact',
    name: 'News',
    subject: 'News',
    body: 'Hello {{firstName}}',
  });
  expect(tpl.status, tpl.text).toBe(201);
  templateId = tpl.body.id;
  // the workspace gives its contacts a time-zone field (a custom field with the key timeZone)
  const f = await c.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [{ kind: 'singleLine', label: 'Time zone', key: 'timeZone', dataType: 'text' }],
  });
  expect(f.status, f.text).toBe(200);
  for (const [firstName, email, timeZone] of [
    ['Berta', 'berta@berlin.test', 'Europe/Berlin'],
    ['Nora', 'nora@newyork.test', 'America/New_York'],
    ['Uwe', 'uwe@nowhere.test', undefined],
  ] as const) {
    const res = await c.post('/api/v1/contacts', { firstName, email, ...(timeZone ? { customFields: { timeZone } } : {}) });
    expect(res.status, res.text).toBe(201);
    people.push(res.body.id);
  }
  deps = taskDepsOf(t, () => clock);
});
afterAll(async () => t?.close());

describe('send windows and the daily cap', () => {
  it('refuse a half, malformed or empty window and an unknown zone, naming the field and writing nothing', async () => {
    const half = await c.post('/api/v1/campaigns', { name: 'Half', sendWindowStart: '09:00' });
    expect(half.status).toBe(400);
    expect(codes(half.body)).toEqual(['sendWindowEnd:required']);
    const bad = await c.post('/api/v1/campaigns', { name: 'Bad', sendWindowStart: '24:00', sendWindowEnd: '9:00' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['sendWindowEnd:invalidTime', 'sendWindowStart:invalidTime']);
    const empty = await c.post('/api/v1/campaigns', { name: 'Empty', sendWindowStart: '09:00', sendWindowEnd: '09:00' });
    expect(codes(empty.body)).toEqual(['sendWindowEnd:validation']);
    expect((await c.post('/api/v1/campaigns/list', {})).body.total).toBe(0);
    const zone = await c.put('/api/v1/campaigns/settings', { timeZone: 'Mars/Olympus', dailyLimit: 0 });
    expect(zone.status).toBe(400);
    expect(codes(zone.body)).toEqual(['dailyLimit:tooSmall', 'timeZone:invalidTimeZone']);
    expect((await c.get('/api/v1/campaigns/settings')).body).toEqual({
      hourlyLimit: 1000,
      dailyLimit: null,
      timeZone: 'UTC',
      openTracking: false,
    });
    // another workspace's settings are its own
    expect((await other.put('/api/v1/campaigns/settings', { dailyLimit: 5 })).body.dailyLimit).toBe(5);
    expect((await c.get('/api/v1/campaigns/settings')).body.dailyLimit).toBeNull();
  });

  it("mail each recipient inside the window of their own local time, the others when theirs opens (Berlin's DST day)", async () => {
    const k = await sendCampaign({ sendWindowStart: '09:00', sendWindowEnd: '17:00', recipientLocalTime: true });
    // Saturday 07:30 UTC: Berlin 08:30 (CET), New York 03:30 (EDT), UTC 07:30 — nobody yet
    await at('2027-03-27T07:30:00Z');
    expect(await sentTo(k.id)).toEqual([]);
    expect(await status(k.id)).toBe('Sending');
    // Sunday, after the change to summer time: the same 07:30 UTC is 09:30 in Berlin
    await at('2027-03-28T07:30:00Z');
    expect(await sentTo(k.id)).toEqual(['berta@berlin.test']);
    // 09:30 UTC: the recipient without a zone goes by the workspace's (UTC); New York is at 05:30
    await at('2027-03-28T09:30:00Z');
    expect(await sentTo(k.id)).toEqual(['berta@berlin.test', 'uwe@nowhere.test']);
    // 13:00 UTC: 09:00 in New York
    await at('2027-03-28T13:00:00Z');
    expect(await sentTo(k.id)).toEqual(['berta@berlin.test', 'nora@newyork.test', 'uwe@nowhere.test']);
    await at('2027-03-28T13:01:00Z');
    expect(await status(k.id)).toBe('Sent');
  });

  it("without local time the window is the workspace's, for everyone at once", async () => {
    expect((await c.put('/api/v1/campaigns/settings', { timeZone: 'Europe/Berlin' })).body.timeZone).toBe('Europe/Berlin');
    const k = await sendCampaign({ sendWindowStart: '09:00', sendWindowEnd: '17:00' });
    await at('2027-04-05T06:59:00Z'); // 08:59 in Berlin
    expect(await sentTo(k.id)).toEqual([]);
    await at('2027-04-05T07:00:00Z');
    expect(await sentTo(k.id)).toHaveLength(3);
  });

  it("stop at the daily cap and continue on the workspace's next day, a 25-hour day included", async () => {
    expect((await c.put('/api/v1/campaigns/settings', { dailyLimit: 2 })).body).toMatchObject({ dailyLimit: 2, timeZone: 'Europe/Berlin' });
    const k = await sendCampaign({});
    // 00:30 on 31 October in Berlin (still summer time): the day has begun
    await at('2027-10-30T22:30:00Z');
    expect(await sentTo(k.id)).toHaveLength(2);
    // 23:30 in Berlin (winter time since 03:00): still the same day, 25 hours long
    await at('2027-10-31T22:30:00Z');
    expect(await sentTo(k.id)).toHaveLength(2);
    expect(await status(k.id)).toBe('Sending');
    // just after midnight of 1 November in Berlin
    await at('2027-10-31T23:00:01Z');
    expect(await sentTo(k.id)).toHaveLength(3);
    await c.put('/api/v1/campaigns/settings', { dailyLimit: null, timeZone: 'UTC' });
  });

  it("open only on the chosen weekdays, in each recipient's zone: Mon–Fri 09:00–17:00 sends nothing at the weekend", async () => {
    const bad = await c.post('/api/v1/campaigns', { name: 'Days', sendWindowDays: [0, 8] });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['sendWindowDays.0:validation', 'sendWindowDays.1:validation']);
    const k = await sendCampaign({
      sendWindowStart: '09:00',
      sendWindowEnd: '17:00',
      sendWindowDays: [5, 3, 1, 2, 4, 4],
      recipientLocalTime: true,
    });
    expect((await c.get(`/api/v1/campaigns/${k.id}`)).body.sendWindowDays).toEqual([1, 2, 3, 4, 5]);
    // Saturday 2 and Sunday 3 January 2027, inside 09:00–17:00 everywhere at some point: nobody
    for (const iso of ['2027-01-02T10:00:00Z', '2027-01-02T15:00:00Z', '2027-01-03T10:00:00Z', '2027-01-03T15:00:00Z']) await at(iso);
    expect(await sentTo(k.id)).toEqual([]);
    // Monday 08:30 UTC: 09:30 in Berlin (Monday), 03:30 in New York
    await at('2027-01-04T08:30:00Z');
    expect(await sentTo(k.id)).toEqual(['berta@berlin.test']);
    // Monday 14:30 UTC: the workspace's UTC and New York (09:30)
    await at('2027-01-04T14:30:00Z');
    expect(await sentTo(k.id)).toEqual(['berta@berlin.test', 'nora@newyork.test', 'uwe@nowhere.test']);
  });

  it('a window over midnight belongs to the day it opens; weekdays alone are whole days', async () => {
    // Friday 22:00–06:00 only: Saturday 01:00 UTC is still Friday's window, Sunday 01:00 is Saturday's
    const night = await sendCampaign({ sendWindowStart: '22:00', sendWindowEnd: '06:00', sendWindowDays: [5] });
    await at('2027-01-10T01:00:00Z');
    expect(await sentTo(night.id)).toEqual([]);
    await at('2027-01-09T01:00:00Z');
    expect(await sentTo(night.id)).toHaveLength(3);
    // Sundays only, no times
    const sunday = await sendCampaign({ sendWindowDays: [7] });
    await at('2027-01-11T12:00:00Z');
    expect(await sentTo(sunday.id)).toEqual([]);
    await at('2027-01-17T00:00:00Z');
    expect(await sentTo(sunday.id)).toHaveLength(3);
  });
});
