import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, plusMinutes, utcDayAhead, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// iCalendar (issue 22, decision 096): secret feed URLs of a member's and a resource's bookings,
// read by a calendar app without signing in and revoked for good; the invitation mailed with
// each booking made (METHOD:REQUEST) and cancelled (METHOD:CANCEL). Every .ics is read back
// with an independent parser (ical.js).
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let anonymous: Client;
let memberId: string;
let deskType: string;

const ahead = utcDayAhead;
const plus = plusMinutes;
const path = (url: string) => new URL(url).pathname;

type Vevent = { uid: string; summary: string; start: string; end: string; status: string; sequence: number; location: string };
function read(ics: string): { method: string | null; events: Vevent[]; attendees: string[]; organizer: string | null } {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const vevents = cal.getAllSubcomponents('vevent');
  return {
    method: (cal.getFirstPropertyValue('method') as string | null) ?? null,
    events: vevents.map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        status: String(v.getFirstPropertyValue('status')),
        sequence: e.sequence,
        location: e.location,
      };
    }),
    attendees: vevents.flatMap((v) => v.getAllProperties('attendee').map((p) => String(p.getFirstValue()))),
    organizer: vevents[0] ? String(vevents[0].getFirstPropertyValue('organizer') ?? '') || null : null,
  };
}

async function resource(name: string): Promise<string> {
  const res = await c.post('/api/v1/resources', { name, resourceTypeId: deskType });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}
async function book(client: Client, resourceId: string, start: string, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/bookings', { resourceId, start, end: plus(start, 60), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, memberId } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
  anonymous = t.client();
  const type = await c.post('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable', capacityDefault: 1 });
  deskType = type.body.id;
});
afterAll(async () => t?.close());

describe('a feed URL', () => {
  it("serves the member's own live bookings to a calendar app without a sign-in, and says when it was last read", async () => {
    const desk = await resource('Desk 7');
    const mine = await book(member, desk, ahead(3, '09:00'), { title: 'Focus time', invite: false });
    const cancelled = await book(member, desk, ahead(4, '09:00'), { invite: false });
    await member.post(`/api/v1/bookings/${cancelled.id}/cancel`);
    await book(c, desk, ahead(5, '09:00'), { invite: false });

    const made = await member.post('/api/v1/calendar-feeds', {});
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ resource: null, lastReadAt: null });
    expect(made.body.url).toMatch(/^http.*\/api\/v1\/calendar-feeds\/[0-9a-f-]{36}\.[\w-]+\/calendar\.ics$/);
    const listed = await member.get('/api/v1/calendar-feeds');
    expect(listed.body.data).toEqual([expect.objectContaining({ id: made.body.id })]);
    expect(listed.body.data[0].url).toBeUndefined();
    expect((await c.get('/api/v1/calendar-feeds')).body.data).toEqual([]);

    const feed = await anonymous.get(path(made.body.url));
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = read(feed.text);
    expect(cal.method).toBe('PUBLISH');
    expect(cal.events).toEqual([
      expect.objectContaining({
        uid: expect.stringContaining(mine.id),
        summary: 'Focus time',
        start: ahead(3, '09:00'),
        end: plus(ahead(3, '09:00'), 60),
        status: 'CONFIRMED',
        location: 'Desk 7',
      }),
    ]);
    expect((await member.get('/api/v1/calendar-feeds')).body.data[0].lastReadAt).toBeTruthy();
  });

  it('of a resource names each booker; a resource of another workspace is refused', async () => {
    const desk = await resource('Desk 8');
    await book(member, desk, ahead(3, '10:00'), { invite: false });
    await book(c, desk, ahead(3, '11:00'), { invite: false });
    const made = await member.post('/api/v1/calendar-feeds', { resourceId: desk });
    expect(made.status, made.text).toBe(201);
    expect(made.body.resource).toEqual({ id: desk, title: 'Desk 8' });
    const cal = read((await anonymous.get(path(made.body.url))).text);
    expect(cal.events.map((e) => e.summary)).toEqual([expect.stringMatching(/^Desk 8 \(.+\)$/), 'Desk 8 (Olivia Owner)']);
    const foreign = await other.post('/api/v1/calendar-feeds', { resourceId: desk });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'resourceId', code: 'notFound' })]);
    const bad = await member.post('/api/v1/calendar-feeds', { resourceId: 'nope', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['extra', 'resourceId']);
  });

  it('answers 404 once revoked, and to a malformed or guessed token; only its owner revokes it', async () => {
    const made = (await member.post('/api/v1/calendar-feeds', {})).body;
    const url = path(made.url);
    expect((await c.delete(`/api/v1/calendar-feeds/${made.id}`)).status).toBe(404);
    expect((await other.delete(`/api/v1/calendar-feeds/${made.id}`)).status).toBe(404);
    expect((await anonymous.get(url)).status).toBe(200);
    expect((await member.delete(`/api/v1/calendar-feeds/${made.id}`)).status).toBe(204);
    expect((await anonymous.get(url)).status).toBe(404);
    expect((await member.delete(`/api/v1/calendar-feeds/${made.id}`)).status).toBe(404);
    expect((await member.get('/api/v1/calendar-feeds')).body.data.map((f: { id: string }) => f.id)).not.toContain(made.id);
    const token = url.split('/')[4]!;
    const [tenant, secret] = token.split('.');
    expect((await anonymous.get(`/api/v1/calendar-feeds/not-a-token/calendar.ics`)).status).toBe(404);
    expect((await anonymous.get(`/api/v1/calendar-feeds/${tenant}.${'A'.repeat(32)}/calendar.ics`)).status).toBe(404);
    expect((await anonymous.get(`/api/v1/calendar-feeds/00000000-0000-0000-0000-000000000000.${secret}/calendar.ics`)).status).toBe(404);
  });
});

describe('the invitation', () => {
  it('is mailed to the booker with METHOD:REQUEST, then METHOD:CANCEL with the same UID and a higher SEQUENCE', async () => {
    const desk = await resource('Desk 9');
    const [row] = await t.sql<{ email: string }>(
      `select coalesce(u.email, tu.email) as email from tenant_users tu left join users u on u.id = tu.user_id where tu.id = $1`,
      [memberId],
    );
    const email = row!.email;
    const start = ahead(6, '13:00');
    const b = await book(member, desk, start, { title: 'Planning' });
    const mails = async () =>
      t.sql<{ subject: string; attachments: { filename: string; contentType: string; content: string }[] }>(
        `select subject, attachments from mail_outbox where "to" = $1 and subject like '%Planning%' order by created_at`,
        [email],
      );
    const [request] = await mails();
    expect(request?.subject).toMatch(/^Booked: Planning, /);
    const att = request!.attachments[0]!;
    expect(att.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const invite = read(att.content);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events).toEqual([expect.objectContaining({ uid: expect.stringContaining(b.id), start, status: 'CONFIRMED' })]);
    expect(invite.attendees.map((a) => a.toLowerCase())).toEqual([`mailto:${email}`.toLowerCase()]);
    expect(invite.organizer).toMatch(/^mailto:/i);

    expect((await member.post(`/api/v1/bookings/${b.id}/cancel`)).status).toBe(200);
    const [, cancel] = await mails();
    expect(cancel?.subject).toMatch(/^Cancelled: Planning, /);
    const cancelled = read(cancel!.attachments[0]!.content);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events[0]).toMatchObject({ uid: invite.events[0]!.uid, status: 'CANCELLED' });
    expect(cancelled.events[0]!.sequence).toBeGreaterThan(invite.events[0]!.sequence);

    await book(member, desk, ahead(6, '15:00'), { title: 'Quiet', invite: false });
    expect(await t.sql(`select 1 from mail_outbox where "to" = $1 and subject like '%Quiet%'`, [email])).toHaveLength(0);
  });
});
