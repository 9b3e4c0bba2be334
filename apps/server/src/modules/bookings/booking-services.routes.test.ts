import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, plusMinutes, utcDayAhead, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Booking services (issue 22): catering, a set-up, parking — offered by location and resource
// type, ordered with a booking as a whole, within each service's notice, and told to whoever
// provides it (a mail per order, change and cancellation).
type Row = Record<string, any>;
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let roomType: string;
let deskType: string;
let hq: string;

const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const service = (body: Record<string, unknown>) => post(c, '/api/v1/booking-services', body);
const resource = (resourceTypeId: string, locationId?: string) =>
  post(c, '/api/v1/resources', {
    name: `Room ${Math.random().toString(36).slice(2, 7)}`,
    resourceTypeId,
    ...(locationId ? { locationId } : {}),
  });
const book = (client: Client, resourceId: string, start: string, end: string) =>
  post(client, '/api/v1/bookings', { resourceId, start, end });
const mailsTo = (to: string) =>
  t.sql<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1 order by created_at, subject`, [to]);

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
  roomType = (await post(c, '/api/v1/resource-types', { name: 'Room', bookableMode: 'Bookable' })).id;
  deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
  hq = (await post(c, '/api/v1/locations', { name: 'HQ', timeZone: 'UTC' })).id;
});
afterAll(async () => t?.close());

describe('booking services', () => {
  it('are offered by location and type, seen by whoever books and managed with Resource.ManageSettings', async () => {
    const coffee = await service({ name: 'Coffee', locationId: hq, resourceTypeId: roomType, notifyEmail: 'kitchen@example.com' });
    const parking = await service({ name: 'Parking' });
    const archived = await service({ name: 'Old buffet' });
    expect((await c.post(`/api/v1/booking-services/archive`, { ids: [archived.id] })).status).toBe(200);
    expect((await member.post('/api/v1/booking-services', { name: 'Sneaky' })).status).toBe(403);
    expect((await member.post('/api/v1/booking-services/list', {})).status).toBe(200);
    expect((await c.post('/api/v1/booking-services', { name: 'Bad', notifyEmail: 'not a mail', leadTimeMinutes: -5 })).body).toMatchObject({
      status: 400,
    });

    const room = await resource(roomType, hq);
    const desk = await resource(deskType, hq);
    const start = utcDayAhead(10, '09:00');
    const inRoom = await book(member, room.id, start, plusMinutes(start, 60));
    const atDesk = await book(member, desk.id, start, plusMinutes(start, 60));
    const offered = async (bookingId: string) =>
      ((await member.get(`/api/v1/bookings/${bookingId}/services`)).body.offered as { id: string }[]).map((s) => s.id).sort();
    expect(await offered(inRoom.id)).toEqual([coffee.id, parking.id].sort());
    expect(await offered(atDesk.id)).toEqual([parking.id]);
  });

  it('are ordered as a whole, each provider told of each order, change and cancellation', async () => {
    const tea = await service({ name: 'Tea', resourceTypeId: roomType, notifyEmail: 'tea@example.com' });
    const flowers = await service({ name: 'Flowers', notifyEmail: 'flowers@example.com' });
    const room = await resource(roomType);
    const start = utcDayAhead(12, '10:00');
    const b = await book(member, room.id, start, plusMinutes(start, 60));
    const put = (services: unknown[]) => member.put(`/api/v1/bookings/${b.id}/services`, { services });

    const first = await put([
      { serviceId: tea.id, quantity: 8, note: 'Two of them green' },
      { serviceId: flowers.id, quantity: 1 },
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.ordered).toEqual([
      { id: flowers.id, title: 'Flowers', quantity: 1, note: null },
      { id: tea.id, title: 'Tea', quantity: 8, note: 'Two of them green' },
    ]);
    expect(await mailsTo('tea@example.com')).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^New order: Tea × 8 — Room \w+, .+10:00–11:00 \(UTC\)$/),
        text: expect.stringContaining('Note: Two of them green'),
      }),
    ]);

    // unchanged flowers: no mail; tea changed; nothing else
    expect(
      (
        await put([
          { serviceId: tea.id, quantity: 10, note: 'Two of them green' },
          { serviceId: flowers.id, quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    expect((await mailsTo('tea@example.com')).map((m) => m.subject.split(':')[0])).toEqual(['New order', 'Changed order']);
    expect(await mailsTo('flowers@example.com')).toHaveLength(1);
    // flowers dropped
    expect((await put([{ serviceId: tea.id, quantity: 10, note: 'Two of them green' }])).body.ordered).toHaveLength(1);
    expect((await mailsTo('flowers@example.com')).map((m) => m.subject.split(':')[0])).toEqual(['New order', 'Cancelled order']);

    // the booking cancelled: its orders are off, the provider told
    expect((await member.post(`/api/v1/bookings/${b.id}/cancel`)).status).toBe(200);
    expect((await mailsTo('tea@example.com')).map((m) => m.subject.split(':')[0])).toEqual([
      'New order',
      'Changed order',
      'Cancelled order',
    ]);
    const late = await put([]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('bookingNotActive');
  });

  it('refuses what is not offered, twice named, out of range or past its notice, writing nothing', async () => {
    const lunch = await service({ name: 'Lunch', leadTimeMinutes: 24 * 60 });
    const desksOnly = await service({ name: 'Monitor', resourceTypeId: deskType });
    const room = await resource(roomType);
    // tomorrow at this hour or later, on the quarter hour: inside a day's notice
    const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000).toISOString();
    const b = await book(member, room.id, soon, plusMinutes(soon, 60));
    const put = (services: unknown[]) => member.put(`/api/v1/bookings/${b.id}/services`, { services });
    const ordered = async () =>
      Number((await t.sql(`select count(*)::int as n from booking_service_orders where booking_id = $1`, [b.id]))[0].n);

    expect(codes((await put([{ serviceId: desksOnly.id }])).body)).toEqual(['services.0.serviceId:notOffered']);
    expect(codes((await put([{ serviceId: '00000000-0000-4000-8000-000000000000' }])).body)).toEqual(['services.0.serviceId:notOffered']);
    const tooLate = await put([{ serviceId: lunch.id, quantity: 3 }]);
    expect(tooLate.status).toBe(400);
    expect(codes(tooLate.body)).toEqual(['services.0.serviceId:serviceTooLate']);
    expect(tooLate.body.errors[0].message).toBe("services.0.serviceId needs 1440 minutes' notice before the booking's start");
    expect((await member.get(`/api/v1/bookings/${b.id}/services`)).body.offered).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: lunch.id, tooLate: true })]),
    );
    expect(codes((await put([{ serviceId: lunch.id }, { serviceId: lunch.id }])).body)).toEqual(['services:duplicateKey']);
    expect(codes((await put([{ serviceId: lunch.id, quantity: 0 }])).body)).toEqual(['services.0.quantity:tooSmall']);
    expect(codes((await put([{ serviceId: lunch.id, quantity: 1000 }])).body)).toEqual(['services.0.quantity:tooBig']);
    expect(await ordered()).toBe(0);
  });

  it("are another member's to change only with Resource.ManageResources, and another workspace's booking is 404", async () => {
    const cake = await service({ name: 'Cake' });
    const room = await resource(roomType);
    const start = utcDayAhead(14, '13:00');
    const owners = await book(c, room.id, start, plusMinutes(start, 60));
    expect((await member.put(`/api/v1/bookings/${owners.id}/services`, { services: [{ serviceId: cake.id }] })).status).toBe(403);
    expect((await other.get(`/api/v1/bookings/${owners.id}/services`)).status).toBe(404);
    expect((await other.put(`/api/v1/bookings/${owners.id}/services`, { services: [] })).status).toBe(404);
    expect((await c.put(`/api/v1/bookings/${owners.id}/services`, { services: [{ serviceId: cake.id, quantity: 2 }] })).status).toBe(200);
  });
});
