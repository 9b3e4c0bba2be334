import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jimp } from 'jimp';
import {
  createTestApp,
  multipartFile,
  ownerMemberAndStranger,
  plusMinutes,
  utcDayAhead,
  type Client,
  type TestApp,
} from '../../../test/harness';

// A booking page's own time slots and maps (decision 093 round six): the rules of the windows
// (400 naming the field and the rule, nothing written), who may see and change them, another
// workspace's page 404, and the portal's free times and holds both judged by the windows.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let anonymous: Client;
let tenantId: string;
let workspace: string;
let pageId: string;
let desk: string;
let floorMap: string;
let location: string;
let deskType: string;

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const slotsUrl = () => `/api/v1/booking-pages/${pageId}/time-slots`;
const mapsUrl = () => `/api/v1/booking-pages/${pageId}/maps`;
const portal = () => `/api/v1/public/booking-pages/${workspace}/desks`;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Resource.ViewResources', 'Booking.ViewBookingPages']));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  location = (await post(c, '/api/v1/locations', { name: 'London', timeZone: 'UTC' })).id;
  deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
  desk = (await post(c, '/api/v1/resources', { name: 'Desk 1', resourceTypeId: deskType, locationId: location })).id;
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
  floorMap = (await post(c, '/api/v1/floor-maps', { locationId: location, name: 'Ground floor', level: 'G' })).id;
});
afterAll(async () => t?.close());

describe("a booking page's time slots", () => {
  it('refuses windows that do not end after they start or overlap on one weekday, writing nothing', async () => {
    const cases: [unknown[], string[]][] = [
      [[{ day: 'mon', start: '12:00', end: '09:00' }], ['slots.0.end:invalidStartEndTime']],
      [[{ day: 'mon', start: '09:00', end: '09:00' }], ['slots.0.end:invalidStartEndTime']],
      [
        [
          { day: 'tue', start: '09:00', end: '12:00' },
          { day: 'tue', start: '11:00', end: '14:00' },
        ],
        ['slots.1.start:overlappingTimeSlots'],
      ],
      [[{ day: 'xyz', start: '09:00', end: '12:00' }], ['slots.0.day:invalidOption']],
      [[{ day: 'mon', start: '9:00', end: '24:00' }], ['slots.0.end:validation', 'slots.0.start:validation']],
      [[{ day: 'mon', start: '09:00' }], ['slots.0.end:required']],
    ];
    for (const [slots, expected] of cases) {
      const res = await c.put(slotsUrl(), { slots });
      expect(res.status, `${JSON.stringify(slots)} ${res.text}`).toBe(400);
      expect(codes(res.body), JSON.stringify(slots)).toEqual(expected);
    }
    expect(await t.sql('select 1 from booking_page_time_slots where tenant_id = $1', [tenantId])).toHaveLength(0);
  });

  it('saves the whole list (touching windows are fine), answered by weekday and start', async () => {
    const res = await c.put(slotsUrl(), {
      slots: [
        { day: 'wed', start: '13:00', end: '17:00' },
        { day: 'mon', start: '09:00', end: '12:00' },
        { day: 'wed', start: '09:00', end: '13:00' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.slots).toEqual([
      { day: 'mon', start: '09:00', end: '12:00' },
      { day: 'wed', start: '09:00', end: '13:00' },
      { day: 'wed', start: '13:00', end: '17:00' },
    ]);
    expect((await c.get(slotsUrl())).body).toEqual(res.body);
  });

  it('is seen by members who see the page, changed only by those who manage pages; 404 to another workspace', async () => {
    expect((await member.get(slotsUrl())).status).toBe(200);
    expect((await member.put(slotsUrl(), { slots: [] })).status).toBe(403);
    expect((await other.get(slotsUrl())).status).toBe(404);
    expect((await other.put(slotsUrl(), { slots: [] })).status).toBe(404);
    expect((await other.get(mapsUrl())).status).toBe(404);
    expect((await other.put(mapsUrl(), { floorMapIds: [] })).status).toBe(404);
    expect((await c.get('/api/v1/booking-pages/0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11/time-slots')).status).toBe(404);
    expect((await c.get(slotsUrl())).body.slots).toHaveLength(3);
  });

  it('limits the portal: free times and holds alike lie within a window of their weekday', async () => {
    // 09:00–12:00 (UTC, the location's zone) every day
    const every = DAYS.map((day) => ({ day, start: '09:00', end: '12:00' }));
    expect((await c.put(slotsUrl(), { slots: every })).status).toBe(200);
    const page = await anonymous.get(portal());
    expect(page.status, page.text).toBe(200);
    expect(page.body.timeSlots).toHaveLength(7);
    const day = utcDayAhead(6, '00:00').slice(0, 10);
    const free = await anonymous.get(`${portal()}/slots?day=${day}&duration=60`);
    expect(free.status, free.text).toBe(200);
    expect(free.body.slots.map((s: { start: string }) => s.start.slice(11, 16))).toEqual(['09:00', '10:00', '11:00']);
    // the same engine decides a hold: outside a window refused on start, inside held
    const outside = utcDayAhead(6, '12:00');
    const late = await anonymous.post(`${portal()}/holds`, { resourceId: desk, start: outside, end: plusMinutes(outside, 60) });
    expect(late.status, late.text).toBe(400);
    expect(codes(late.body)).toEqual(['start:outsideTimeSlots']);
    const across = utcDayAhead(6, '11:00');
    const spanning = await anonymous.post(`${portal()}/holds`, { resourceId: desk, start: across, end: plusMinutes(across, 120) });
    expect(spanning.status).toBe(400);
    for (const s of free.body.slots as { start: string; end: string }[]) {
      const held = await anonymous.post(`${portal()}/holds`, { resourceId: desk, start: s.start, end: s.end });
      expect(held.status, `${s.start} ${held.text}`).toBe(201);
    }
    // no window: the page adds none, the whole day is offered again (the held times excepted)
    expect((await c.put(slotsUrl(), { slots: [] })).status).toBe(200);
    const all = await anonymous.get(`${portal()}/slots?day=${day}&duration=60`);
    expect(all.body.slots.length).toBe(21);
  });
});

describe("a booking page's maps", () => {
  it('keeps the floor maps in order; an unknown or another workspace’s map is 400 on its position', async () => {
    expect((await c.get(mapsUrl())).body).toEqual({ floorMapIds: [], maps: [] });
    const theirLocation = (await post(other, '/api/v1/locations', { name: 'Elsewhere', timeZone: 'UTC' })).id;
    const theirMap = (await post(other, '/api/v1/floor-maps', { locationId: theirLocation, name: 'Theirs', level: '1' })).id;
    const bad = await c.put(mapsUrl(), { floorMapIds: [floorMap, theirMap] });
    expect(bad.status, bad.text).toBe(400);
    expect(codes(bad.body)).toEqual(['floorMapIds.1:notFound']);
    const dup = await c.put(mapsUrl(), { floorMapIds: [floorMap, floorMap] });
    expect(codes(dup.body)).toEqual(['floorMapIds:duplicateKey']);
    expect(await t.sql('select 1 from booking_page_maps where tenant_id = $1', [tenantId])).toHaveLength(0);
    const ok = await c.put(mapsUrl(), { floorMapIds: [floorMap] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ floorMapIds: [floorMap], maps: [{ id: floorMap, name: 'Ground floor', level: 'G' }] });
    expect((await member.get(mapsUrl())).body.floorMapIds).toEqual([floorMap]);
    expect((await member.put(mapsUrl(), { floorMapIds: [] })).status).toBe(403);
  });
});

describe('the maps on the portal', () => {
  it("shows the page's maps with the places of its items only, and their plan; any other map is 404", async () => {
    const printer = (
      await post(c, '/api/v1/resources', {
        name: 'Printer',
        resourceTypeId: (await post(c, '/api/v1/resource-types', { name: 'Printer', bookableMode: 'Bookable' })).id,
        locationId: location,
      })
    ).id;
    const plan = await new Jimp({ width: 200, height: 100, color: 0xffffffff }).getBuffer('image/png');
    const file = multipartFile('plan.png', plan);
    const uploaded = await c.raw({
      method: 'PUT',
      url: `/api/v1/floor-maps/${floorMap}/image`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const place = (resourceId: string, x: number) => ({
      resourceId,
      shape: { kind: 'rect', x, y: 10, width: 40, height: 20 },
      rotation: 0,
      label: null,
    });
    const saved = await c.put(
      `/api/v1/floor-maps/${floorMap}`,
      { name: 'Ground floor', level: 'G', levelOrder: 0, placements: [place(desk, 10), place(printer, 100)] },
      { 'if-match': `"${uploaded.body.version}"` },
    );
    expect(saved.status, saved.text).toBe(200);
    const second = (await post(c, '/api/v1/floor-maps', { locationId: location, name: 'First floor', level: '1' })).id;
    expect((await c.put(mapsUrl(), { floorMapIds: [floorMap] })).status).toBe(200);

    const maps = await anonymous.get(`${portal()}/maps`);
    expect(maps.status, maps.text).toBe(200);
    // the printer is not one of the page's items: not named to a visitor
    expect(maps.body).toEqual({
      maps: [
        {
          id: floorMap,
          name: 'Ground floor',
          level: 'G',
          version: saved.body.version,
          image: { width: 200, height: 100 },
          places: [{ resourceId: desk, shape: { kind: 'rect', x: 10, y: 10, width: 40, height: 20 }, rotation: 0, label: null }],
        },
      ],
    });
    const image = await anonymous.get(`${portal()}/maps/${floorMap}/image`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect((await anonymous.get(`${portal()}/maps/${second}/image`)).status).toBe(404);
    expect((await anonymous.get(`/api/v1/public/booking-pages/${workspace}/nope/maps`)).status).toBe(404);
  });
});

describe('booking through a page in the app', () => {
  it('find-times and creation through the page agree: its items, its policy and its time slots', async () => {
    const every = DAYS.map((day) => ({ day, start: '09:00', end: '12:00' }));
    expect((await c.put(slotsUrl(), { slots: every })).status).toBe(200);
    const from = utcDayAhead(9, '00:00');
    const window = { from, to: plusMinutes(from, 24 * 60) };
    const found = await member.post('/api/v1/bookings/find-times', { duration: 60, window, pageId });
    expect(found.status, found.text).toBe(200);
    const starts = found.body.slots.map((s: { start: string }) => s.start);
    expect(starts.map((s: string) => s.slice(11, 16))).toEqual(['09:00', '10:00', '11:00']);
    // outside the window: refused through the page, allowed by the type's own policy alone
    const late = utcDayAhead(9, '13:00');
    const refused = await member.post('/api/v1/bookings', { resourceId: desk, start: late, end: plusMinutes(late, 60), pageId });
    expect(refused.status, refused.text).toBe(400);
    expect(codes(refused.body)).toEqual(['start:outsideTimeSlots']);
    // the page's fixed hour applies through it
    const short = await member.post('/api/v1/bookings', { resourceId: desk, start: starts[0], end: plusMinutes(starts[0], 30), pageId });
    expect(codes(short.body)).toEqual(['end:durationTooShort']);
    for (const start of starts) {
      const made = await member.post('/api/v1/bookings', { resourceId: desk, start, end: plusMinutes(start, 60), pageId, invite: false });
      expect(made.status, `${start} ${made.text}`).toBe(201);
    }
    expect(
      (await member.post('/api/v1/bookings', { resourceId: desk, start: late, end: plusMinutes(late, 60), invite: false })).status,
    ).toBe(201);
    // a page the member cannot see or that does not exist, and a resource the page does not offer
    const unknown = await member.post('/api/v1/bookings/find-times', {
      duration: 60,
      window,
      pageId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11',
    });
    expect(codes(unknown.body)).toEqual(['pageId:notFound']);
    expect(codes((await other.post('/api/v1/bookings/find-times', { duration: 60, window, pageId })).body)).toEqual(['pageId:notFound']);
    const roomType = (await post(c, '/api/v1/resource-types', { name: 'Room', bookableMode: 'Bookable' })).id;
    const room = (await post(c, '/api/v1/resources', { name: 'Room 1', resourceTypeId: roomType, locationId: location })).id;
    const notOffered = await member.post('/api/v1/bookings', {
      resourceId: room,
      start: starts[0],
      end: plusMinutes(starts[0], 60),
      pageId,
    });
    expect(codes(notOffered.body)).toEqual(['resourceId:notFound']);
  });
});
