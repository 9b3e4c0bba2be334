import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, plusMinutes, utcDayAhead, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Workplace booking (issue 22): create under the type's policy with each refusal's code, no
// double booking (the exclusion constraint, a locked count for shared capacity, the 100-way
// race), idempotent creates, cancel / check-in / check-out, lists, find-times with its
// suggestions, policies, another workspace's booking 404, and the check-out of a booked item.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let tenantId: string;
let memberId: string;
let ownerId: string;
let deskType: string;
let roomType: string;
let parkingType: string;
let berlin: string;
const DEFAULT_POLICY = {
  minLeadMinutes: 0,
  maxLeadMinutes: 90 * 1440,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minDurationMinutes: 15,
  maxDurationMinutes: null,
  fixedDurationMinutes: null,
  incrementMinutes: 15,
  withinOpeningHours: true,
  sharedCapacity: false,
};

type Row = { id: string; [k: string]: unknown };
// a UTC day a week ahead (inside the default 90-day maximum lead time), at a time of day
const ahead = utcDayAhead;
const plus = plusMinutes;
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const live = async () =>
  Number(
    (
      await t.sql<{ n: string }>(`select count(*) as n from bookings where tenant_id = $1 and status in ('Booked','CheckedIn')`, [tenantId])
    )[0]?.n,
  );

async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const resource = (resourceTypeId: string, locationId?: string, extra: Record<string, unknown> = {}) =>
  post(c, '/api/v1/resources', {
    name: `Item ${Math.random().toString(36).slice(2, 7)}`,
    resourceTypeId,
    ...(locationId ? { locationId } : {}),
    ...extra,
  });
const book = (client: Client, resourceId: string, start: string, end: string, headers: Record<string, string> = {}) =>
  client.post('/api/v1/bookings', { resourceId, start, end }, headers);

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId, ownerId, memberId } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
  deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable', capacityDefault: 1 })).id;
  roomType = (await post(c, '/api/v1/resource-types', { name: 'Room', bookableMode: 'Both', capacityDefault: 8 })).id;
  parkingType = (await post(c, '/api/v1/resource-types', { name: 'Parking deck', bookableMode: 'Bookable', capacityDefault: 2 })).id;
  // the Free plan's one location; a resource without one is booked in UTC around the clock
  berlin = (
    await post(c, '/api/v1/locations', {
      name: 'Hamburg',
      timeZone: 'Europe/Berlin',
      openingHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, open: '08:00', close: '18:00' })),
    })
  ).id;
});
afterAll(async () => t?.close());

describe('booking policies', () => {
  it('are the default until set, validated, and 404 for another workspace', async () => {
    const got = await c.get(`/api/v1/resource-types/${deskType}/booking-policy`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ isDefault: true, policy: { incrementMinutes: 15, minDurationMinutes: 15 } });
    const bad = await c.put(`/api/v1/resource-types/${deskType}/booking-policy`, { ...got.body.policy, incrementMinutes: 0, extra: 1 });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['extra:unknownField', 'incrementMinutes:tooSmall']);
    const crossed = await c.put(`/api/v1/resource-types/${deskType}/booking-policy`, { ...got.body.policy, maxDurationMinutes: 10 });
    expect(codes(crossed.body)).toEqual(['maxDurationMinutes:tooSmall']);
    expect((await member.put(`/api/v1/resource-types/${deskType}/booking-policy`, got.body.policy)).status).toBe(403);
    expect((await other.get(`/api/v1/resource-types/${deskType}/booking-policy`)).status).toBe(404);
    const set = await c.put(`/api/v1/resource-types/${deskType}/booking-policy`, { ...got.body.policy, maxDurationMinutes: 600 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.isDefault).toBe(false);
  });
});

describe('creating a booking', () => {
  it('books a bookable resource for the caller, and answers each policy refusal with its code, writing nothing', async () => {
    const desk = await resource(deskType);
    const start = ahead(7, '09:00');
    const ok = await book(member, desk.id, start, plus(start, 60));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ status: 'Booked', booker: { id: memberId }, resource: { id: desk.id }, start, mayCancel: true });
    const before = await live();
    const refusals: [string, string, string][] = [
      [ahead(-1, '09:00'), ahead(-1, '10:00'), 'start:pastDateTime'],
      [ahead(200, '09:00'), ahead(200, '10:00'), 'start:tooFarAhead'],
      [ahead(8, '09:00'), ahead(8, '09:05'), 'end:durationTooShort'],
      [ahead(8, '09:00'), ahead(8, '20:00'), 'end:durationTooLong'],
      [ahead(8, '09:10'), ahead(8, '10:10'), 'start:notOnIncrement'],
      [ahead(8, '09:00'), ahead(8, '09:00'), 'end:invalidStartEndTime'],
    ];
    for (const [s, e, code] of refusals) {
      const res = await book(member, desk.id, s, e);
      expect(res.status, `${code}: ${res.text}`).toBe(400);
      expect(codes(res.body)).toContain(code);
    }
    expect(await live()).toBe(before);
  });

  it('refuses a time outside the location’s opening hours (its own zone)', async () => {
    const desk = await resource(deskType, berlin);
    // 18:00 UTC is 19:00 or 20:00 in Hamburg: closed
    const res = await book(member, desk.id, ahead(7, '18:00'), ahead(7, '19:00'));
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['start:outsideOpeningHours']);
    expect((await book(member, desk.id, ahead(7, '08:00'), ahead(7, '09:00'))).status).toBe(201);
  });

  it('answers 409 unavailableTimeSlot for a time someone holds, buffers included', async () => {
    const desk = await resource(deskType);
    const start = ahead(9, '10:00');
    expect((await book(c, desk.id, start, plus(start, 60))).status).toBe(201);
    const clash = await book(member, desk.id, plus(start, 30), plus(start, 90));
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('unavailableTimeSlot');
    expect(codes(clash.body)).toEqual(['start:unavailableTimeSlot']);
    // back to back is fine without buffers
    expect((await book(member, desk.id, plus(start, 60), plus(start, 120))).status).toBe(201);
    const room = await resource(roomType);
    const policy = (await c.get(`/api/v1/resource-types/${roomType}/booking-policy`)).body.policy;
    await c.put(`/api/v1/resource-types/${roomType}/booking-policy`, { ...policy, bufferAfterMinutes: 15 });
    expect((await book(c, room.id, start, plus(start, 60))).status).toBe(201);
    expect((await book(member, room.id, plus(start, 60), plus(start, 120))).body.code).toBe('unavailableTimeSlot');
    expect((await book(member, room.id, plus(start, 75), plus(start, 120))).status).toBe(201);
  });

  it('lets a shared resource hold as many bookings at once as its capacity', async () => {
    const policy = (await c.get(`/api/v1/resource-types/${parkingType}/booking-policy`)).body.policy;
    await c.put(`/api/v1/resource-types/${parkingType}/booking-policy`, { ...policy, sharedCapacity: true });
    const deck = await resource(parkingType);
    const start = ahead(10, '08:00');
    expect((await book(c, deck.id, start, plus(start, 120))).status).toBe(201);
    expect((await book(member, deck.id, start, plus(start, 60))).status).toBe(201);
    expect((await book(member, deck.id, plus(start, 30), plus(start, 90))).body.code).toBe('unavailableTimeSlot');
  });

  it('refuses a resource that is not bookable with 409 notBookable, an unknown one with 400', async () => {
    const laptopType = (await post(c, '/api/v1/resource-types', { name: 'Laptop', bookableMode: 'Assignable' })).id;
    const laptop = await resource(laptopType);
    const res = await book(member, laptop.id, ahead(7, '09:00'), ahead(7, '10:00'));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('notBookable');
    const desk = await resource(deskType);
    await c.post('/api/v1/resources/archive', { ids: [desk.id] });
    expect((await book(member, desk.id, ahead(7, '09:00'), ahead(7, '10:00'))).body.code).toBe('notBookable');
    const unknown = await book(member, '00000000-0000-4000-8000-000000000000', ahead(7, '09:00'), ahead(7, '10:00'));
    expect(unknown.status).toBe(400);
    expect(codes(unknown.body)).toEqual(['resourceId:notFound']);
    // another workspace's resource is unknown here
    const theirType = (await other.post('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).body.id;
    const theirs = (await other.post('/api/v1/resources', { name: 'Their desk', resourceTypeId: theirType })).body.id;
    expect((await book(c, theirs, ahead(7, '09:00'), ahead(7, '10:00'))).status).toBe(400);
  });

  it('replays a create with the same Idempotency-Key instead of booking twice', async () => {
    const desk = await resource(deskType);
    const start = ahead(11, '09:00');
    const first = await book(member, desk.id, start, plus(start, 60), { 'idempotency-key': 'book-1' });
    const again = await book(member, desk.id, start, plus(start, 60), { 'idempotency-key': 'book-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const changed = await book(member, desk.id, start, plus(start, 30), { 'idempotency-key': 'book-1' });
    expect(changed.status).toBe(422);
  });

  it('lets only a manager book for someone else', async () => {
    const desk = await resource(deskType);
    const start = ahead(12, '09:00');
    const asMember = await member.post('/api/v1/bookings', { resourceId: desk.id, start, end: plus(start, 60), bookerId: memberId });
    expect(asMember.status).toBe(201);
    const forOwner = await member.post('/api/v1/bookings', {
      resourceId: desk.id,
      start: plus(start, 60),
      end: plus(start, 120),
      bookerId: ownerId,
    });
    expect(forOwner.status).toBe(403);
    const managerFor = await c.post('/api/v1/bookings', {
      resourceId: desk.id,
      start: plus(start, 120),
      end: plus(start, 180),
      bookerId: memberId,
    });
    expect(managerFor.status).toBe(201);
    expect(managerFor.body.booker.id).toBe(memberId);
    const stranger = await c.post('/api/v1/bookings', {
      resourceId: desk.id,
      start: plus(start, 180),
      end: plus(start, 240),
      bookerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(codes(stranger.body)).toEqual(['bookerId:notFound']);
  });
});

describe('the 100-way race', () => {
  it('gives exactly one booking and 99 unavailableTimeSlot answers', async () => {
    const desk = await resource(deskType);
    const start = ahead(14, '09:00');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => book(member, desk.id, start, plus(start, 60))));
    const took = Date.now() - started;
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'unavailableTimeSlot')).toHaveLength(99);
    const rows = await t.sql(`select id from bookings where tenant_id = $1 and resource_id = $2`, [tenantId, desk.id]);
    expect(rows).toHaveLength(1);
    expect(took).toBeLessThan(30_000);
  });
});

describe('a booking’s life', () => {
  it('is cancelled with its time free again, and only by its booker or a manager', async () => {
    const desk = await resource(deskType);
    const start = ahead(15, '09:00');
    const b = (await book(c, desk.id, start, plus(start, 60))).body;
    expect((await member.post(`/api/v1/bookings/${b.id}/cancel`)).status).toBe(403);
    const cancelled = await c.post(`/api/v1/bookings/${b.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', mayCancel: false });
    expect((await c.post(`/api/v1/bookings/${b.id}/cancel`)).body.code).toBe('bookingNotActive');
    expect((await book(member, desk.id, start, plus(start, 60))).status).toBe(201);
  });

  it('is checked in from shortly before its start and checked out, freeing the rest of its time', async () => {
    const desk = await resource(deskType);
    const later = ahead(16, '09:00');
    const future = (await book(member, desk.id, later, plus(later, 60))).body;
    expect(future.mayCheckIn).toBe(false);
    const early = await member.post(`/api/v1/bookings/${future.id}/check-in`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('checkInNotOpen');
    expect((await member.post(`/api/v1/bookings/${future.id}/check-out`)).body.code).toBe('notCheckedIn');
    // five minutes before a booking's start (the test's clock): check-in is open
    const soon = ahead(17, '09:00');
    await at(plus(soon, -5), async () => {
      const now = (await book(member, desk.id, soon, plus(soon, 60))).body;
      expect(now.mayCheckIn).toBe(true);
      const inside = await member.post(`/api/v1/bookings/${now.id}/check-in`);
      expect(inside.status, inside.text).toBe(200);
      expect(inside.body).toMatchObject({ status: 'CheckedIn', mayCheckOut: true });
      expect(inside.body.checkedInAt).toBeTruthy();
      expect((await member.post(`/api/v1/bookings/${now.id}/check-in`)).body.code).toBe('bookingNotActive');
      const out = await member.post(`/api/v1/bookings/${now.id}/check-out`);
      expect(out.body).toMatchObject({ status: 'CheckedOut' });
    });
    expect((await book(c, desk.id, soon, plus(soon, 60))).status).toBe(201);
  });

  it('is listed: mine, a resource’s, a location’s, in a window', async () => {
    const desk = await resource(deskType, berlin);
    const start = ahead(20, '09:00');
    const mine = (await book(member, desk.id, start, plus(start, 60))).body;
    await book(c, desk.id, plus(start, 60), plus(start, 120));
    const m = await member.post('/api/v1/bookings/list', { mine: true, from: start, to: plus(start, 240) });
    expect(m.status).toBe(200);
    expect(m.body.data.map((b: Row) => b.id)).toEqual([mine.id]);
    const byResource = await member.post('/api/v1/bookings/list', { resourceId: desk.id, from: start });
    expect(byResource.body.total).toBe(2);
    const byLocation = await member.post('/api/v1/bookings/list', { locationId: berlin, from: start, to: plus(start, 61) });
    expect(byLocation.body.data.map((b: Row) => b.start)).toEqual([start, plus(start, 60)].filter((s) => s < plus(start, 61)));
    const bad = await member.post('/api/v1/bookings/list', { from: start, to: start });
    expect(codes(bad.body)).toEqual(['to:invalidStartEndTime']);
  });

  it('gives the my-calendar widget my live bookings of the coming week, by start', async () => {
    const m = await t.addMemberWith(tenantId, ['Resource.ViewResources']);
    const mc = t.client(m, tenantId);
    const desk = await resource(deskType);
    const soon = ahead(2, '09:00');
    const sooner = ahead(1, '15:00');
    const later = ahead(9, '09:00');
    for (const s of [soon, sooner, later]) expect((await book(mc, desk.id, s, plus(s, 60))).status).toBe(201);
    const cancelled = (await book(mc, desk.id, ahead(3, '09:00'), plus(ahead(3, '09:00'), 60))).body;
    await mc.post(`/api/v1/bookings/${cancelled.id}/cancel`);
    await book(c, desk.id, ahead(4, '09:00'), plus(ahead(4, '09:00'), 60));
    const res = await mc.get('/api/v1/dashboard/my-bookings');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((b: Row) => b.start)).toEqual([sooner, soon]);
    expect((await other.get('/api/v1/dashboard/my-bookings')).body.total).toBe(0);
  });

  it('of another workspace answers 404', async () => {
    const desk = await resource(deskType);
    const start = ahead(21, '09:00');
    const b = (await book(c, desk.id, start, plus(start, 60))).body;
    expect((await other.get(`/api/v1/bookings/${b.id}`)).status).toBe(404);
    for (const act of ['cancel', 'check-in', 'check-out']) expect((await other.post(`/api/v1/bookings/${b.id}/${act}`)).status).toBe(404);
    expect((await other.post('/api/v1/bookings/list', { resourceId: desk.id })).body.total).toBe(0);
    expect((await c.get(`/api/v1/bookings/${b.id}`)).status).toBe(200);
  });
});

describe('one meeting, several resources', () => {
  it('books them all under their own policies in one group, or none, naming the item refused', async () => {
    const room = await resource(roomType);
    const desk = await resource(deskType);
    const spare = await resource(deskType);
    const start = ahead(23, '10:00');
    const made = await member.post('/api/v1/bookings/groups', {
      resourceIds: [room.id, desk.id],
      start,
      end: plus(start, 60),
      title: 'Review',
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.bookings.map((b: Row) => b.resource)).toEqual([
      expect.objectContaining({ id: room.id }),
      expect.objectContaining({ id: desk.id }),
    ]);
    expect(made.body.bookings.every((b: Row) => b.groupId === made.body.groupId && b.title === 'Review')).toBe(true);

    // the desk is taken then: nothing of the second meeting is written
    const before = await live();
    const clash = await member.post('/api/v1/bookings/groups', { resourceIds: [spare.id, desk.id], start, end: plus(start, 60) });
    expect(clash.status).toBe(409);
    expect(codes(clash.body)).toEqual(['resourceIds.1:unavailableTimeSlot']);
    expect(await live()).toBe(before);

    // every refusal of every item at once; bad input named
    const refusals = await member.post('/api/v1/bookings/groups', {
      resourceIds: [spare.id, '00000000-0000-4000-8000-000000000000'],
      start: plus(start, 5),
      end: plus(start, 65),
    });
    expect(refusals.status).toBe(400);
    expect(codes(refusals.body)).toEqual(['resourceIds.0:notOnIncrement', 'resourceIds.1:notFound']);
    const bad = await member.post('/api/v1/bookings/groups', { resourceIds: [desk.id, desk.id], start, end: plus(start, 60) });
    expect(codes(bad.body)).toEqual(['resourceIds:duplicateKey']);
    expect(codes((await member.post('/api/v1/bookings/groups', { resourceIds: [desk.id], start, end: plus(start, 60) })).body)).toEqual([
      'resourceIds:minimumItems',
    ]);
    expect(await live()).toBe(before);
    // another workspace's resources are not found
    expect(
      codes((await other.post('/api/v1/bookings/groups', { resourceIds: [room.id, desk.id], start, end: plus(start, 60) })).body),
    ).toEqual(['resourceIds.0:notFound', 'resourceIds.1:notFound']);
  });
});

describe('moving a booking', () => {
  it('moves and resizes under the same policy, past its own time, never onto another’s; a refusal changes nothing', async () => {
    const desk = await resource(deskType);
    const start = ahead(21, '09:00');
    const b = (await book(member, desk.id, start, plus(start, 60))).body;
    await book(c, desk.id, plus(start, 180), plus(start, 240));
    const move = (client: Client, s: string, e: string) => client.post(`/api/v1/bookings/${b.id}/move`, { start: s, end: e });

    // half an hour later, overlapping its own old time
    const later = await move(member, plus(start, 30), plus(start, 90));
    expect(later.status, later.text).toBe(200);
    expect(later.body).toMatchObject({ start: plus(start, 30), end: plus(start, 90), version: b.version + 1, status: 'Booked' });
    // resized to two hours, up to the other booking
    expect((await move(member, plus(start, 30), plus(start, 180))).body.end).toBe(plus(start, 180));
    const kept = (await member.get(`/api/v1/bookings/${b.id}`)).body;

    const onto = await move(member, plus(start, 150), plus(start, 210));
    expect(onto.status).toBe(409);
    expect(onto.body.code).toBe('unavailableTimeSlot');
    const refusals = await move(member, plus(start, 31), plus(start, 35));
    expect(refusals.status).toBe(400);
    expect(codes(refusals.body)).toEqual(['end:durationTooShort', 'end:notOnIncrement', 'start:notOnIncrement']);
    expect(codes((await move(member, ahead(-1, '09:00'), ahead(-1, '10:00'))).body)).toEqual(['start:pastDateTime']);
    expect(codes((await member.post(`/api/v1/bookings/${b.id}/move`, { start, extra: 1 })).body)).toEqual([
      'end:required',
      'extra:unknownField',
    ]);
    expect((await member.get(`/api/v1/bookings/${b.id}`)).body).toMatchObject({ start: kept.start, end: kept.end, version: kept.version });

    // only its booker or a manager; another workspace's is 404; a cancelled one is not moved
    const m2 = t.client(await t.addMemberWith(tenantId, ['Resource.ViewResources']), tenantId);
    expect((await move(m2, start, plus(start, 60))).status).toBe(403);
    expect((await move(other, start, plus(start, 60))).status).toBe(404);
    expect((await move(c, start, plus(start, 60))).status).toBe(200);
    await c.post(`/api/v1/bookings/${b.id}/cancel`);
    expect((await move(member, start, plus(start, 60))).body.code).toBe('bookingNotActive');
  });

  it('counts a shared resource’s other bookings only', async () => {
    const deck = await resource(parkingType);
    const start = ahead(22, '09:00');
    const a = (await book(member, deck.id, start, plus(start, 60))).body;
    await book(c, deck.id, plus(start, 60), plus(start, 120));
    await book(c, deck.id, plus(start, 60), plus(start, 120));
    // capacity 2: its own hour is no obstacle, the next hour held twice is
    expect((await member.post(`/api/v1/bookings/${a.id}/move`, { start, end: plus(start, 45) })).status).toBe(200);
    const full = await member.post(`/api/v1/bookings/${a.id}/move`, { start, end: plus(start, 90) });
    expect(full.body.code).toBe('unavailableTimeSlot');
  });
});

describe('find-times', () => {
  it('offers free slots ranked earliest first then by the smallest sufficient capacity, and books one', async () => {
    const roomsType = (await post(c, '/api/v1/resource-types', { name: 'Meeting room', bookableMode: 'Bookable' })).id;
    const small = await resource(roomsType, berlin, { name: 'Small room', capacity: 4 });
    const big = await resource(roomsType, berlin, { name: 'Big room', capacity: 12 });
    await resource(roomsType, undefined, { name: 'Elsewhere', capacity: 4 });
    const day = ahead(22, '09:00');
    await book(c, small.id, ahead(22, '09:00'), ahead(22, '10:00'));
    const res = await member.post('/api/v1/bookings/find-times', {
      duration: 60,
      window: { from: day, to: ahead(22, '12:00') },
      locationId: berlin,
      typeId: roomsType,
      capacity: 4,
    });
    expect(res.status, res.text).toBe(200);
    const slots = res.body.slots.map((s: { resource: { title: string }; start: string }) => `${s.start.slice(11, 16)} ${s.resource.title}`);
    expect(slots.slice(0, 3)).toEqual(['09:00 Big room', '09:15 Big room', '09:30 Big room']);
    expect(slots).toContain('10:00 Small room');
    expect(slots.indexOf('10:00 Small room')).toBeLessThan(slots.indexOf('10:00 Big room'));
    // the room of 12 alone fits 10 people
    const ten = await member.post('/api/v1/bookings/find-times', {
      duration: 60,
      window: { from: day, to: ahead(22, '12:00') },
      capacity: 10,
      typeId: roomsType,
    });
    expect(new Set(ten.body.slots.map((s: { resource: { id: string } }) => s.resource.id))).toEqual(new Set([big.id]));
    // every slot offered can be booked
    const first = res.body.slots[0];
    expect((await book(member, first.resource.id, first.start, first.end)).status).toBe(201);
  });

  it('suggests the same resource later and another of its type when nothing fits', async () => {
    const a = await resource(deskType, undefined, { name: 'Desk A' });
    await resource(deskType, undefined, { name: 'Desk B' });
    const start = ahead(23, '09:00');
    await book(c, a.id, start, plus(start, 60));
    const res = await member.post('/api/v1/bookings/find-times', {
      duration: 60,
      window: { from: start, to: plus(start, 60) },
      resourceId: a.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.slots).toEqual([]);
    const reasons = res.body.suggestions.map((s: { reason: string; resource: { id: string } }) => `${s.reason}:${s.resource.id === a.id}`);
    expect(reasons).toContain('later:true');
    expect(reasons).toContain('sameType:false');
  });

  it('refuses a window that ends before it starts or spans more than 31 days', async () => {
    const start = ahead(7, '09:00');
    const back = await member.post('/api/v1/bookings/find-times', { duration: 60, window: { from: start, to: start } });
    expect(codes(back.body)).toEqual(['window.to:invalidStartEndTime']);
    const long = await member.post('/api/v1/bookings/find-times', { duration: 60, window: { from: start, to: plus(start, 40 * 1440) } });
    expect(codes(long.body)).toEqual(['window.to:tooBig']);
  });
});

describe('checking out a booked item', () => {
  it('is refused with 409 resourceBooked while someone else holds a booking now, and allowed to the booker', async () => {
    const laptop = await resource(roomType);
    const unbooked = await resource(roomType);
    // a booking running now (the API books no past start, so it is written directly)
    await t.sql(
      `insert into bookings (tenant_id, resource_id, booker_id, starts_at, ends_at, blocked_from, blocked_until)
       values ($1, $2, $3, now() - interval '10 minutes', now() + interval '50 minutes', now() - interval '10 minutes', now() + interval '50 minutes')`,
      [tenantId, laptop.id, memberId],
    );
    const toOwner = await c.post(`/api/v1/resources/${laptop.id}/check-out`, {});
    expect(toOwner.status).toBe(409);
    expect(toOwner.body.code).toBe('resourceBooked');
    // an unbooked item checks out as before; one already out keeps its own code
    expect((await c.post(`/api/v1/resources/${unbooked.id}/check-out`, {})).status).toBe(200);
    expect((await c.post(`/api/v1/resources/${unbooked.id}/check-out`, {})).body.code).toBe('alreadyCheckedOut');
    const toBooker = await c.post(`/api/v1/resources/${laptop.id}/check-out`, { holderId: memberId });
    expect(toBooker.status, toBooker.text).toBe(200);
  });
});

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

describe('auto-release', () => {
  const JOB = 'bookings.auto-release';
  const run = () => t.app.atrium.jobs.runSystemTask(JOB);
  const statusOf = async (id: string) => (await c.get(`/api/v1/bookings/${id}`)).body.status as string;

  it('releases a booking nobody checked in within the grace, exactly once with two workers, and frees its time', async () => {
    const type = (await post(c, '/api/v1/resource-types', { name: 'Hot desk', bookableMode: 'Bookable' })).id;
    const keep = (await post(c, '/api/v1/resource-types', { name: 'Lab bench', bookableMode: 'Bookable' })).id;
    const never = await c.put(`/api/v1/resource-types/${keep}/booking-policy`, { ...DEFAULT_POLICY, checkInGraceMinutes: null });
    expect(never.status, never.text).toBe(200);
    const bad = await c.put(`/api/v1/resource-types/${keep}/booking-policy`, { ...DEFAULT_POLICY, checkInGraceMinutes: -1 });
    expect(codes(bad.body)).toEqual(['checkInGraceMinutes:tooSmall']);
    const desk = await resource(type);
    const other = await resource(type);
    const bench = await resource(keep);
    const start = ahead(30, '09:00');
    const noShow = (await book(member, desk.id, start, plus(start, 60))).body;
    const shown = (await book(member, other.id, start, plus(start, 60))).body;
    const kept = (await book(member, bench.id, start, plus(start, 60))).body;
    await at(plus(start, -5), async () => expect((await member.post(`/api/v1/bookings/${shown.id}/check-in`)).status).toBe(200));

    // 14 minutes after the start: still inside the default 15-minute grace
    await at(plus(start, 14), run);
    expect(await statusOf(noShow.id)).toBe('Booked');
    const [a, b] = await at(plus(start, 15), () => Promise.all([run(), run()]));
    const counts = [a, b].map((m) => Number(/(\d+) bookings released/.exec(String(m))?.[1] ?? 0));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await statusOf(noShow.id)).toBe('Released');
    // the booker is told, once (the member's bookings of the earlier tests, all before this
    // clock, were released by the first run)
    const inbox = await member.get('/api/v1/core/notifications?pageSize=100');
    const told = (inbox.body.data as { cause: string; entityId: string; title: string }[]).filter(
      (n) => n.cause === 'bookingReleased' && n.entityId === desk.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toContain('was released: nobody checked in');
    // and the booking leaves their calendar: its CANCEL invitation, mailed once, with the reason
    const mails = await t.sql<{ text: string; attachments: { filename: string; content: string }[] }>(
      `select o.text, o.attachments from mail_outbox o
       join tenant_users tu on tu.id = $1 join users u on u.id = tu.user_id
       where o."to" = u.email and o.subject like 'Cancelled:%' and o.attachments::text like $2`,
      [memberId, `%${noShow.id}%`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Nobody checked in within the grace period');
    expect(mails[0]?.attachments[0]).toMatchObject({ filename: 'cancel.ics' });
    expect(mails[0]?.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect(await statusOf(shown.id)).toBe('CheckedIn');
    expect(await statusOf(kept.id)).toBe('Booked');
    await at(plus(start, 600), run);
    expect(await statusOf(kept.id)).toBe('Booked');
    // its time is free again for someone else
    const again = await at(plus(start, 16), () => book(c, desk.id, plus(start, 30), plus(start, 60)));
    expect(again.status, again.text).toBe(201);
  });
});
