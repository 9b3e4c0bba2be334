import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownerMemberAndStranger, plusMinutes, utcDayAhead, type Client, type TestApp } from '../../../test/harness';
import { solve } from '../../platform/portal-captcha.util';

// The public booking portal (issue 22, decision 093 round four): the page and its free times,
// holds (two on one slot: the second 409 unavailableTimeSlot; an expired hold frees the slot by
// the clock), confirmation with the captcha (captchaInvalid writes nothing), the booking of a
// contact with its .ics and cancel link, cancelling by the link, the visibility matrix and
// another workspace's page 404.
let t: TestApp;
let c: Client;
let other: Client;
let anonymous: Client;
let tenantId: string;
let workspace: string;
let otherWorkspace: string;
let pageId: string;
let desk: string;
let desk2: string;
let room: string;

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const base = (ws = workspace, slug = 'desks') => `/api/v1/public/booking-pages/${ws}/${slug}`;
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function patchPage(ops: Record<string, unknown>[]) {
  const url = `/api/v1/booking-pages/${pageId}`;
  const etag = String((await c.get(url)).headers.etag);
  const res = await c.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
  expect(res.status, res.text).toBe(200);
}
async function captcha(): Promise<{ challenge: string; nonce: string }> {
  const res = await anonymous.get(`${base()}/captcha`);
  expect(res.status, res.text).toBe(200);
  return { challenge: res.body.challenge, nonce: solve(res.body.challenge, res.body.difficulty) };
}
// The platform reads the time through Date; only Date is faked, so timers and sockets run on.
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
const hold = (resourceId: string, start: string, minutes = 60) =>
  anonymous.post(`${base()}/holds`, { resourceId, start, end: plusMinutes(start, minutes) });

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  const otherTenant = (await other.get('/api/v1/booking-pages/list')).status; // warms the stranger's client
  expect(otherTenant).toBeGreaterThan(0);
  const location = (await post(c, '/api/v1/locations', { name: 'Hamburg', timeZone: 'Europe/Berlin' })).id;
  const deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
  const roomType = (await post(c, '/api/v1/resource-types', { name: 'Room', bookableMode: 'Bookable' })).id;
  desk = (await post(c, '/api/v1/resources', { name: 'Desk 1', resourceTypeId: deskType, locationId: location })).id;
  desk2 = (await post(c, '/api/v1/resources', { name: 'Desk 2', resourceTypeId: deskType, locationId: location })).id;
  room = (await post(c, '/api/v1/resources', { name: 'Room 1', resourceTypeId: roomType, locationId: location })).id;
  pageId = (
    await post(c, '/api/v1/booking-pages', {
      name: 'Desks',
      locationId: location,
      items: { resourceTypeIds: [deskType] },
      policy: { fixedDurationMinutes: 60, incrementMinutes: 60 },
      externalVisibility: 'Anon',
      portalEnabled: true,
    })
  ).id;
  // a page of another workspace with the same slug
  const theirs = (await post(other, '/api/v1/locations', { name: 'Elsewhere', timeZone: 'UTC' })).id;
  await post(other, '/api/v1/booking-pages', { name: 'Desks', locationId: theirs, externalVisibility: 'Anon', portalEnabled: true });
  const stranger = await t.sql<{ slug: string }>(
    `select t.slug from tenants t join booking_pages p on p.tenant_id = t.id where t.id <> $1 limit 1`,
    [tenantId],
  );
  otherWorkspace = stranger[0]?.slug ?? '';
});
afterAll(async () => t?.close());

describe('the booking portal', () => {
  it("shows the page's items with the merged policy, and free times of a local day", async () => {
    const page = await anonymous.get(base());
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      name: 'Desks',
      slug: 'desks',
      location: { name: 'Hamburg', timeZone: 'Europe/Berlin' },
      holdMinutes: 10,
    });
    expect(page.body.items.map((i: { title: string }) => i.title)).toEqual(['Desk 1', 'Desk 2']);
    expect(page.body.items[0].policy).toMatchObject({ fixedDurationMinutes: 60, incrementMinutes: 60, minDurationMinutes: 15 });
    const day = utcDayAhead(7, '00:00').slice(0, 10);
    const slots = await anonymous.get(`${base()}/slots?day=${day}&duration=60&resourceId=${desk}`);
    expect(slots.status, slots.text).toBe(200);
    // a Berlin day on the hourly grid: 23, 24 or 25 starts, all of Desk 1
    expect(slots.body.slots.length).toBeGreaterThanOrEqual(23);
    expect(new Set(slots.body.slots.map((s: { resourceId: string }) => s.resourceId))).toEqual(new Set([desk]));
    const bad = await anonymous.get(`${base()}/slots?day=tomorrow&duration=0`);
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['querystring.day:validation', 'querystring.duration:tooSmall']);
  });

  it('holds a time for the first visitor; the second gets unavailableTimeSlot; the page policy decides', async () => {
    const start = utcDayAhead(8, '09:00');
    const first = await hold(desk, start);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ resourceId: desk, start });
    const second = await hold(desk, start);
    expect(second.status).toBe(409);
    expect(codes(second.body)).toEqual(['start:unavailableTimeSlot']);
    // a member cannot book the held time either, and sees no hold among bookings
    expect((await c.post('/api/v1/bookings', { resourceId: desk, start, end: plusMinutes(start, 60) })).status).toBe(409);
    expect((await c.get(`/api/v1/bookings/${first.body.holdId}`)).status).toBe(404);
    const listed = await c.post('/api/v1/bookings/list', { resourceId: desk, statuses: ['Held', 'Booked'] });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.total).toBe(0);
    // the held time is not offered as free
    const day = start.slice(0, 10);
    const free = await anonymous.get(`${base()}/slots?day=${day}&duration=60&resourceId=${desk}`);
    expect(free.body.slots.map((s: { start: string }) => s.start)).not.toContain(start);
    // the page's fixed 60 minutes, a resource it does not offer, bad input
    expect(codes((await hold(desk2, start, 30)).body)).toEqual(['end:durationTooShort']);
    expect(codes((await hold(room, start)).body)).toEqual(['resourceId:notFound']);
    const bad = await anonymous.post(`${base()}/holds`, { resourceId: 'x', start: 'soon' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['end:required', 'resourceId:validation', 'start:dateOutOfRange', 'start:validation']);
  });

  it('gives one of ten visitors racing for a slot the hold; the others get unavailableTimeSlot', async () => {
    const start = utcDayAhead(14, '15:00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => hold(desk2, start)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'unavailableTimeSlot')).toBe(true);
  });

  it('lets an expired hold go by the clock: the slot is free again and the late confirmation is holdExpired', async () => {
    const start = utcDayAhead(9, '09:00');
    const now = utcDayAhead(1, '12:00');
    const first = await at(now, () => hold(desk2, start));
    expect(first.status, first.text).toBe(201);
    expect((await at(plusMinutes(now, 9), () => hold(desk2, start))).status).toBe(409);
    const later = await at(plusMinutes(now, 10), () => hold(desk2, start));
    expect(later.status, later.text).toBe(201);
    // the first hold was removed when the slot was taken again
    const late = await at(plusMinutes(now, 11), async () =>
      anonymous.post(`${base()}/holds/${first.body.holdId}/confirm`, {
        name: 'Late Visitor',
        email: 'late@example.com',
        captcha: await captcha(),
      }),
    );
    expect(late.status, late.text).toBe(404);
    const expired = await at(plusMinutes(now, 21), async () =>
      anonymous.post(`${base()}/holds/${later.body.holdId}/confirm`, {
        name: 'Late Visitor',
        email: 'late@example.com',
        captcha: await captcha(),
      }),
    );
    expect(expired.status, expired.text).toBe(409);
    expect(expired.body.code).toBe('holdExpired');
  });

  it('confirms with a solved captcha only: a booking of a new contact, mailed with an .ics and a cancel link', async () => {
    const start = utcDayAhead(10, '10:00');
    const held = (await hold(desk, start)).body as { holdId: string };
    const confirm = (body: Record<string, unknown>) => anonymous.post(`${base()}/holds/${held.holdId}/confirm`, body);
    const person = { name: 'Ada Lovelace', email: 'Ada.Portal@example.com' };
    const missing = await confirm(person);
    expect(missing.status).toBe(400);
    expect(codes(missing.body)).toEqual(['captcha:captchaInvalid']);
    const solved = await captcha();
    const wrong = await confirm({ ...person, captcha: { challenge: solved.challenge, nonce: 'x' } });
    expect(codes(wrong.body)).toEqual(['captcha:captchaInvalid']);
    expect(codes((await confirm({ name: '', email: 'nope', captcha: solved })).body)).toEqual(['email:invalidEmail', 'name:required']);
    expect(await t.sql(`select 1 from contacts where tenant_id = $1 and email = 'ada.portal@example.com'`, [tenantId])).toHaveLength(0);

    const ok = await confirm({ ...person, captcha: solved });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: 'Booked', resource: 'Desk 1', page: 'Desks', start, mayCancel: true });
    const [contact] = await t.sql<{ id: string; first_name: string; last_name: string }>(
      `select id, first_name, last_name from contacts where tenant_id = $1 and email = 'ada.portal@example.com'`,
      [tenantId],
    );
    expect(contact).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const [row] = await t.sql<{ contact_id: string; booker_id: string | null; status: string }>(
      'select contact_id, booker_id, status from bookings where tenant_id = $1 and id = $2',
      [tenantId, held.holdId],
    );
    expect(row).toEqual({ contact_id: contact!.id, booker_id: null, status: 'Booked' });
    // confirmed once: a second confirmation is holdExpired
    expect((await confirm({ ...person, captcha: solved })).body.code).toBe('holdExpired');
    // and the solved captcha counts once: on another hold it is refused
    const other = (await hold(desk, utcDayAhead(11, '10:00'))).body as { holdId: string };
    const replay = await anonymous.post(`${base()}/holds/${other.holdId}/confirm`, { ...person, captcha: solved });
    expect(replay.status).toBe(400);
    expect(codes(replay.body)).toEqual(['captcha:captchaInvalid']);

    const mails = await t.sql<{ subject: string; text: string; attachments: { contentType: string; content: string }[] }>(
      `select subject, text, attachments from mail_outbox where "to" = 'ada.portal@example.com' order by created_at`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://localhost:3000${ok.body.cancelPath}`);
    const att = mails[0]!.attachments[0]!;
    expect(att.contentType).toContain('method=REQUEST');
    const cal = new ICAL.Component(ICAL.parse(att.content));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(event.uid).toContain(held.holdId);

    // the booking shows in the workspace, booked by the contact
    const inApp = await c.get(`/api/v1/bookings/${held.holdId}`);
    expect(inApp.body).toMatchObject({ status: 'Booked', booker: { id: contact!.id, title: 'Ada Lovelace' } });

    // the cancel link: read, then cancelled (CANCEL .ics), then not again; an altered token 404
    const token = String(ok.body.cancelPath).split('/').pop()!;
    const link = `/api/v1/public/portal-bookings/${workspace}/${token}`;
    expect((await anonymous.get(link)).body).toMatchObject({ status: 'Booked', mayCancel: true });
    expect((await anonymous.get(`${link.slice(0, -2)}xx`)).status).toBe(404);
    expect((await anonymous.get(`/api/v1/public/portal-bookings/${otherWorkspace}/${token}`)).status).toBe(404);
    const cancelled = await anonymous.post(`${link}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', mayCancel: false });
    expect((await anonymous.post(`${link}/cancel`)).body.code).toBe('bookingNotActive');
    const [, cancelMail] = await t.sql<{ attachments: { content: string }[] }>(
      `select attachments from mail_outbox where "to" = 'ada.portal@example.com' order by created_at`,
    );
    expect(new ICAL.Component(ICAL.parse(cancelMail!.attachments[0]!.content)).getFirstPropertyValue('method')).toBe('CANCEL');
    // the time is free again
    expect((await hold(desk, start)).status).toBe(201);

    // a known e-mail books as the same contact
    const again = (await hold(desk2, utcDayAhead(11, '10:00'))).body as { holdId: string };
    const second = await anonymous.post(`${base()}/holds/${again.holdId}/confirm`, {
      name: 'Ada L.',
      email: 'ada.portal@example.com',
      captcha: await captcha(),
    });
    expect(second.status, second.text).toBe(200);
    expect(await t.sql(`select 1 from contacts where tenant_id = $1 and lower(email) = 'ada.portal@example.com'`, [tenantId])).toHaveLength(
      1,
    );
  });

  it('answers by the visibility matrix: external Anon only, whatever the internal visibility; off or None is 404', async () => {
    for (const internal of ['Everyone', 'Restricted', 'None']) {
      for (const [external, portalEnabled, expected] of [
        ['Anon', true, 200],
        ['Registered', true, 403],
        ['Restricted', true, 403],
        ['None', true, 404],
        ['Anon', false, 404],
      ] as const) {
        await patchPage([
          { op: 'replace', path: '/internalVisibility', value: internal },
          { op: 'replace', path: '/externalVisibility', value: external },
          { op: 'replace', path: '/portalEnabled', value: portalEnabled },
        ]);
        const label = `${internal} × ${external}${portalEnabled ? '' : ' (portal off)'}`;
        for (const [i, res] of [
          await anonymous.get(base()),
          await anonymous.get(`${base()}/captcha`),
          await hold(desk2, utcDayAhead(12, '09:00')),
        ].entries()) {
          const want = expected === 200 && i === 2 ? 201 : expected;
          expect(res.status, `${label}: ${res.text}`).toBe(want);
          if (expected === 403) expect(res.body.code, label).toBe('loginRequired');
        }
        await t.sql(`delete from bookings where tenant_id = $1 and status = 'Held'`, [tenantId]);
      }
    }
    await patchPage([
      { op: 'replace', path: '/internalVisibility', value: 'Everyone' },
      { op: 'replace', path: '/externalVisibility', value: 'Anon' },
      { op: 'replace', path: '/portalEnabled', value: true },
    ]);
  });

  it('answers 404 while the workspace has no plan with portal bookings (Plan.PortalBookings)', async () => {
    const [workplace] = await t.sql<{ plan_slug: string }>(
      `select plan_slug from subscriptions where tenant_id = $1 and product_type = 'Workplace'`,
      [tenantId],
    );
    expect(workplace?.plan_slug).toBe('workplace-free');
    expect((await anonymous.get(base())).status).toBe(200);
    await t.sql(`delete from subscriptions where tenant_id = $1 and product_type = 'Workplace'`, [tenantId]);
    try {
      expect((await anonymous.get(base())).status).toBe(404);
    } finally {
      await t.sql(`insert into subscriptions (tenant_id, product_type, plan_slug) values ($1, 'Workplace', $2)`, [
        tenantId,
        workplace?.plan_slug,
      ]);
    }
    expect((await anonymous.get(base())).status).toBe(200);
  });

  it('answers an old slug with the page and its current slug (spec §5: an old slug redirects), until another page takes it', async () => {
    await patchPage([{ op: 'replace', path: '/slug', value: 'desks-hamburg' }]);
    const old = await anonymous.get(base());
    expect(old.status, old.text).toBe(200);
    expect(old.body).toMatchObject({ name: 'Desks', slug: 'desks-hamburg' });
    // its free times and holds answer by the old slug too
    const day = utcDayAhead(8, '00:00').slice(0, 10);
    expect((await anonymous.get(`${base()}/slots?day=${day}&duration=60`)).status).toBe(200);
    // and back: the old slug is the page's own again, the other one now leads to it
    await patchPage([{ op: 'replace', path: '/slug', value: 'desks' }]);
    expect((await anonymous.get(base(workspace, 'desks-hamburg'))).body).toMatchObject({ slug: 'desks' });
    expect(
      await t.sql(`select slug from entity_old_slugs where tenant_id = $1 and entity_kind = 'BookingPage' order by slug`, [tenantId]),
    ).toEqual([{ slug: 'desks-hamburg' }]);
  });

  it("answers 404 for an unknown workspace or page, and never another workspace's page", async () => {
    expect((await anonymous.get(base('no-such-workspace'))).status).toBe(404);
    expect((await anonymous.get(base(workspace, 'nothing'))).status).toBe(404);
    // the other workspace's page "desks" offers its own location only, none of ours
    const theirs = await anonymous.get(base(otherWorkspace));
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.location.name).toBe('Elsewhere');
    expect(
      codes(
        (
          await anonymous.post(`${base(otherWorkspace)}/holds`, {
            resourceId: desk,
            start: utcDayAhead(13, '09:00'),
            end: utcDayAhead(13, '10:00'),
          })
        ).body,
      ),
    ).toEqual(['resourceId:notFound']);
  });
});
