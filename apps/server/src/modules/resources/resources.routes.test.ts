import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// The asset catalogue (issue 21): locations with a time zone and opening hours (Free Workplace:
// one), resource types with a bookable mode, resources with a capacity from their type, and
// check-out / check-in of assignable items with their distinct refusals.
let t: TestApp;
let c: Client;
let viewer: Client;
let other: Client;
let tenantId: string;
let ownerId: string;
let memberId: string;
let locationId: string;

type Row = { id: string; version: number; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const count = async (table: string) =>
  Number((await t.sql<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1`, [tenantId]))[0]?.n);
const activities = async (id: string) =>
  (
    await t.sql<{ type: string; action: string }>(
      'select type, action from activities where tenant_id = $1 and entity_id = $2 order by created_at',
      [tenantId, id],
    )
  ).map((a) => `${a.type}:${a.action}`);

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member: viewer, other, tenantId, ownerId, memberId } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
});
afterAll(async () => t?.close());

async function type(bookableMode: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const res = await c.post('/api/v1/resource-types', { name: `${bookableMode} type`, bookableMode, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function resource(resourceTypeId: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const res = await c.post('/api/v1/resources', { name: 'Item', resourceTypeId, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('locations', () => {
  it('validate the time zone and the opening hours, writing nothing on a refusal', async () => {
    const bad = await c.post('/api/v1/locations', {
      name: 'Hamburg',
      timeZone: 'Europe/Hamburg',
      openingHours: [
        { day: 'mon', open: '08:00', close: '07:00' },
        { day: 'tue', open: '8:00', close: '18:00' },
        { day: 'xyz', open: '08:00', close: '18:00' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(expect.arrayContaining(['timeZone:invalidOption', 'openingHours.1.open:validation']));
    expect(codes(bad.body).some((x) => x.startsWith('openingHours.2.day'))).toBe(true);
    expect((await c.post('/api/v1/locations', { name: 'Nowhere' })).body.errors.map((e: { field: string }) => e.field)).toContain(
      'timeZone',
    );
    const early = await c.post('/api/v1/locations', {
      name: 'Hamburg',
      timeZone: 'Europe/Berlin',
      openingHours: [
        { day: 'mon', open: '08:00', close: '18:00' },
        { day: 'tue', open: '18:00', close: '08:00' },
        { day: 'wed', open: '09:00', close: '09:00' },
      ],
    });
    expect(early.status).toBe(400);
    expect(codes(early.body)).toEqual(['openingHours.1.close:invalidStartEndTime', 'openingHours.2.close:invalidStartEndTime']);
    expect(await count('locations')).toBe(0);
  });

  it('are created with an IANA zone and opening hours; Free Workplace refuses the second with the plan limit error', async () => {
    const made = await c.post('/api/v1/locations', {
      name: 'Hamburg head office',
      address: 'Am Sandtorkai 1, 20457 Hamburg',
      timeZone: 'Europe/Berlin',
      openingHours: [
        { day: 'mon', open: '08:00', close: '12:00' },
        { day: 'mon', open: '13:00', close: '18:00' },
      ],
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ title: 'Hamburg head office', timeZone: 'Europe/Berlin' });
    expect(made.body.openingHours).toHaveLength(2);
    locationId = made.body.id;
    const second = await c.post('/api/v1/locations', { name: 'Berlin', timeZone: 'Europe/Berlin' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'planLimitReached', limit: 'locations' });
    expect(await count('locations')).toBe(1);
  });

  it('are managed with ManageResourceLocations only; a viewer reads them', async () => {
    expect((await viewer.get(`/api/v1/locations/${locationId}`)).status).toBe(200);
    expect((await viewer.post('/api/v1/locations', { name: 'Mine', timeZone: 'UTC' })).status).toBe(403);
    expect((await viewer.post('/api/v1/resource-types', { name: 'Mine', bookableMode: 'None' })).status).toBe(403);
  });

  it('of another workspace answer 404', async () => {
    expect((await other.get(`/api/v1/locations/${locationId}`)).status).toBe(404);
    expect((await other.delete(`/api/v1/locations/${locationId}`)).status).toBe(404);
  });
});

describe('resource types and resources', () => {
  it('validate the bookable mode, the icon and the attributes', async () => {
    const bad = await c.post('/api/v1/resource-types', { name: 'X', bookableMode: 'Sometimes', icon: 'rocket', attributes: ['a', 'A'] });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['attributes:duplicateKey', 'bookableMode:invalidOption', 'icon:invalidOption']);
    expect(await count('resource_types')).toBe(0);
  });

  it('give a new resource its type capacity, its first stage and the default columns', async () => {
    const desk = await type('Bookable', { capacityDefault: 1, icon: 'DesktopOutlined', attributes: ['monitor', 'standing desk'] });
    const room = await type('Bookable', { capacityDefault: 8 });
    const made = await resource(room.id, { locationId, attributes: ['projector'] });
    expect(made).toMatchObject({ capacity: 8, locationId, resourceTypeId: room.id, holderId: null, checkedOutAt: null });
    const stages = await t.sql<{ name: string }>('select name from workflow_stages where tenant_id = $1 and id = $2', [
      tenantId,
      made.workflowStage,
    ]);
    expect(stages.map((x) => x.name)).toEqual(['Available']);
    expect((await resource(desk.id, { capacity: 2 })).capacity).toBe(2);
    const columns = await c.get<{ key: string; default?: boolean }[]>('/api/v1/core/entity-fields/columns?entity=Resource');
    expect(columns.status).toBe(200);
    const bad = await c.post('/api/v1/resources', { name: 'Ghost', resourceTypeId: '00000000-0000-4000-8000-000000000000', capacity: -1 });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(expect.arrayContaining(['capacity:tooSmall']));
  });

  it('refuse a written holder: only check-out sets it', async () => {
    const desk = await type('Assignable');
    const made = await c.post('/api/v1/resources', { name: 'Sneaky', resourceTypeId: desk.id, holderId: ownerId });
    expect(made.status).toBe(400);
    expect(codes(made.body)).toEqual(['holderId:unknownField']);
  });

  it('refuse deleting a location with resources, naming the count, and delete it once empty', async () => {
    const refused = await c.delete(`/api/v1/locations/${locationId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('referencedRecord');
    expect(refused.body).toMatchObject({ limit: '1' });
    expect(JSON.stringify(refused.body)).toContain('1 Resource record(s)');
    expect((await c.get(`/api/v1/locations/${locationId}`)).status).toBe(200);
  });
});

describe('check-out and check-in', () => {
  it('check an assignable item out to the caller since now and in again, with activity of the feed types', async () => {
    const laptop = await resource((await type('Assignable')).id, { name: 'Laptop 1' });
    const before = Date.now();
    const out = await c.post(`/api/v1/resources/${laptop.id}/check-out`, {});
    expect(out.status, out.text).toBe(200);
    expect(out.body).toMatchObject({ holderId: ownerId, holder: { id: ownerId, title: 'Olivia Owner' }, version: laptop.version + 1 });
    expect(Date.parse(String(out.body.checkedOutAt))).toBeGreaterThanOrEqual(before - 1000);
    const mine = await c.get<{ total: number; resources: { id: string }[] }>('/api/v1/dashboard/my-resources');
    expect(mine.body.resources.map((r) => r.id)).toContain(laptop.id);
    const feed = await c.get(`/api/v1/core/activity?target=Resource&targetId=${laptop.id}&type=Check-Out`);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.counts['Check-Out']).toBe(1);
    const back = await c.post(`/api/v1/resources/${laptop.id}/check-in`, {});
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ holderId: null, checkedOutAt: null });
    expect(await activities(laptop.id)).toEqual(['Change:created', 'Check-Out:checkedOut', 'Check-In:checkedIn']);
    expect((await c.get<{ total: number }>('/api/v1/dashboard/my-resources')).body.total).toBe(0);
  });

  it('check out to another member; an unknown member is a 400 on holderId', async () => {
    const locker = await resource((await type('Both')).id, { name: 'Locker 7' });
    const bad = await c.post(`/api/v1/resources/${locker.id}/check-out`, { holderId: '00000000-0000-4000-8000-000000000000' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['holderId:notFound']);
    const out = await c.post(`/api/v1/resources/${locker.id}/check-out`, { holderId: memberId });
    expect(out.status, out.text).toBe(200);
    expect(out.body.holderId).toBe(memberId);
    expect((await viewer.get<{ total: number }>('/api/v1/dashboard/my-resources')).body.total).toBe(1);
  });

  it('refuse, with distinct codes and nothing written: a type not assignable, an item already out, an item not out', async () => {
    for (const mode of ['None', 'Bookable']) {
      const desk = await resource((await type(mode)).id);
      const refused = await c.post(`/api/v1/resources/${desk.id}/check-out`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('notAssignable');
      expect((await c.get(`/api/v1/resources/${desk.id}`)).body).toMatchObject({ holderId: null, version: desk.version });
    }
    const laptop = await resource((await type('Assignable')).id);
    expect((await c.post(`/api/v1/resources/${laptop.id}/check-in`, {})).body.code).toBe('notCheckedOut');
    expect((await c.post(`/api/v1/resources/${laptop.id}/check-out`, {})).status).toBe(200);
    const again = await c.post(`/api/v1/resources/${laptop.id}/check-out`, { holderId: memberId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alreadyCheckedOut');
    expect((await c.get(`/api/v1/resources/${laptop.id}`)).body).toMatchObject({ holderId: ownerId, version: laptop.version + 1 });
    expect(await activities(laptop.id)).toEqual(['Change:created', 'Check-Out:checkedOut']);
  });

  it("need ManageResources, and another workspace's item is a 404", async () => {
    const laptop = await resource((await type('Assignable')).id);
    expect((await viewer.post(`/api/v1/resources/${laptop.id}/check-out`, {})).status).toBe(403);
    expect((await other.post(`/api/v1/resources/${laptop.id}/check-out`, {})).status).toBe(404);
    expect((await other.post(`/api/v1/resources/${laptop.id}/check-in`, {})).status).toBe(404);
    expect((await c.get(`/api/v1/resources/${laptop.id}`)).body.holderId).toBeNull();
  });
});
