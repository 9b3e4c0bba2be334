import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, utcDayAhead, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// A member's favourite resources (issue 22): starred and unstarred, their own, offered alone by
// find-times; another workspace's resource is 404.
type Row = Record<string, any>;
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let deskType: string;

async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const desk = async (name: string) => (await post(c, '/api/v1/resources', { name, resourceTypeId: deskType })).id as string;
const names = async (client: Client) =>
  ((await client.get('/api/v1/booking-favourites')).body.data as { resource: { title: string } }[]).map((f) => f.resource.title);

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
  deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
});
afterAll(async () => t?.close());

describe('booking favourites', () => {
  it('are starred and unstarred by each member for themselves, and find-times offers them alone', async () => {
    const window = { duration: 60, window: { from: utcDayAhead(5, '09:00'), to: utcDayAhead(5, '10:00') } };
    const window1 = await desk('Window desk');
    const corner = await desk('Corner desk');
    await desk('Aisle desk');
    expect(await names(member)).toEqual([]);
    expect((await member.put(`/api/v1/booking-favourites/${window1}`)).status).toBe(204);
    expect((await member.put(`/api/v1/booking-favourites/${window1}`)).status).toBe(204);
    expect((await member.put(`/api/v1/booking-favourites/${corner}`)).status).toBe(204);
    expect(await names(member)).toEqual(['Corner desk', 'Window desk']);
    // the owner's are their own
    expect(await names(c)).toEqual([]);

    const found = await member.post('/api/v1/bookings/find-times', { ...window, favouritesOnly: true });
    expect(found.status, found.text).toBe(200);
    expect(new Set((found.body.slots as { resource: { title: string } }[]).map((s) => s.resource.title))).toEqual(
      new Set(['Corner desk', 'Window desk']),
    );
    const all = await member.post('/api/v1/bookings/find-times', window);
    expect(new Set((all.body.slots as { resource: { title: string } }[]).map((s) => s.resource.title))).toContain('Aisle desk');

    expect((await member.delete(`/api/v1/booking-favourites/${corner}`)).status).toBe(204);
    expect((await member.delete(`/api/v1/booking-favourites/${corner}`)).status).toBe(204);
    expect(await names(member)).toEqual(['Window desk']);
    // a binned resource is no favourite any more
    expect((await c.delete(`/api/v1/resources/${window1}`)).status).toBe(204);
    expect(await names(member)).toEqual([]);
  });

  it("answers another workspace's resource, or none, with 404, writing nothing", async () => {
    const mine = await desk('Private desk');
    expect((await other.put(`/api/v1/booking-favourites/${mine}`)).status).toBe(404);
    expect((await member.put('/api/v1/booking-favourites/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await member.put('/api/v1/booking-favourites/not-a-uuid')).status).toBe(400);
    expect((await other.delete(`/api/v1/booking-favourites/${mine}`)).status).toBe(404);
    expect(await t.sql(`select 1 from booking_favourites where resource_id = $1`, [mine])).toHaveLength(0);
  });
});
