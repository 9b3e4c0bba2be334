import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Booking pages (issue 22, decision 093 round four): an engine kind with the Free plan's limit
// of one, the spec's slug rules, items checked against the workspace, policy overrides
// validated, internal visibility, and another workspace's page 404.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let tenantId: string;
let location: string;
let deskType: string;
let desk: string;
let pageId: string;

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function patch(client: Client, url: string, ops: Record<string, unknown>[]) {
  const etag = String((await client.get(url)).headers.etag);
  return client.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Resource.ViewResources', 'Booking.ViewBookingPages']));
  location = (await post(c, '/api/v1/locations', { name: 'Hamburg', timeZone: 'Europe/Berlin' })).id;
  deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
  desk = (await post(c, '/api/v1/resources', { name: 'Desk 1', resourceTypeId: deskType, locationId: location })).id;
});
afterAll(async () => t?.close());

describe('booking pages', () => {
  it('refuses bad input by field and rule, writing nothing', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ locationId: location }, ['name:required']],
      [{ name: 'Rooms' }, ['locationId:required']],
      [{ name: 'Rooms', locationId: location, slug: 'Not A Slug' }, ['slug:slugInvalid']],
      [{ name: 'Rooms', locationId: location, slug: 'x'.repeat(64) }, ['slug:slugMaxLength']],
      [{ name: 'Rooms', locationId: location, externalVisibility: 'Public' }, ['externalVisibility:invalidOption']],
      [{ name: 'Rooms', locationId: location, internalVisibility: 'Anon' }, ['internalVisibility:invalidOption']],
      [{ name: 'Rooms', locationId: location, policy: { incrementMinutes: 0 } }, ['policy.incrementMinutes:tooSmall']],
      [{ name: 'Rooms', locationId: location, policy: { colour: 'red' } }, ['policy.colour:unknownField']],
      [{ name: 'Rooms', locationId: location, items: { resourceIds: ['nope'] } }, ['items.resourceIds.0:validation']],
      [{ name: '!!!', locationId: location }, ['slug:slugRequired']],
      [
        { name: 'Rooms', locationId: location, items: { resourceIds: [desk, '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11'] } },
        ['items.resourceIds.1:notFound'],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/v1/booking-pages', body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(400);
      expect(codes(res.body), JSON.stringify(body)).toEqual(expected);
    }
    expect(await t.sql('select 1 from booking_pages where tenant_id = $1', [tenantId])).toHaveLength(0);
  });

  it('makes the slug from the name; the Free plan allows one page', async () => {
    const page = await post(c, '/api/v1/booking-pages', {
      name: 'Desks in Hamburg',
      locationId: location,
      items: { resourceTypeIds: [deskType] },
      policy: { fixedDurationMinutes: 60 },
      externalVisibility: 'Anon',
      portalEnabled: true,
    });
    pageId = page.id;
    expect(page).toMatchObject({
      slug: 'desks-in-hamburg',
      internalVisibility: 'Everyone',
      externalVisibility: 'Anon',
      portalEnabled: true,
      items: { resourceIds: [], resourceTypeIds: [deskType] },
      policy: { fixedDurationMinutes: 60 },
    });
    const second = await c.post('/api/v1/booking-pages', { name: 'Rooms', locationId: location });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'planLimitReached', limit: 'bookingPages' });
  });

  it('changes by JSON Patch with the same rules', async () => {
    const bad = await patch(c, `/api/v1/booking-pages/${pageId}`, [{ op: 'replace', path: '/slug', value: 'Bad Slug' }]);
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['slug:slugInvalid']);
    const ok = await patch(c, `/api/v1/booking-pages/${pageId}`, [{ op: 'replace', path: '/slug', value: 'desks' }]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.slug).toBe('desks');
  });

  it('is seen by members with ViewBookingPages while offered to Everyone; managed with ManageSettings only', async () => {
    expect((await member.get(`/api/v1/booking-pages/${pageId}`)).status).toBe(200);
    expect((await member.post('/api/v1/booking-pages/list', {})).body.total).toBe(1);
    expect((await member.post('/api/v1/booking-pages', { name: 'Mine', locationId: location })).status).toBe(403);
    const restricted = await patch(c, `/api/v1/booking-pages/${pageId}`, [
      { op: 'replace', path: '/internalVisibility', value: 'Restricted' },
    ]);
    expect(restricted.status, restricted.text).toBe(200);
    expect((await member.get(`/api/v1/booking-pages/${pageId}`)).status).toBe(404);
    expect((await member.post('/api/v1/booking-pages/list', {})).body.total).toBe(0);
    expect((await c.post('/api/v1/booking-pages/list', {})).body.total).toBe(1);
    await patch(c, `/api/v1/booking-pages/${pageId}`, [{ op: 'replace', path: '/internalVisibility', value: 'Everyone' }]);
  });

  it('answers 404 to another workspace', async () => {
    expect((await other.get(`/api/v1/booking-pages/${pageId}`)).status).toBe(404);
    const res = await patch(other, `/api/v1/booking-pages/${pageId}`, [{ op: 'replace', path: '/name', value: 'Mine' }]);
    expect(res.status).toBe(404);
  });
});
