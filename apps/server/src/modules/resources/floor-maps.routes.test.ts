import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type Client, type TestApp } from '../../../test/harness';

// Floor maps (issue 21, decision 092): per location and level, saved whole under If-Match, a
// plan image sniffed from its bytes, placements that name live resources of the map's location
// once each with a shape inside the image, and the live states of what is placed.
let t: TestApp;
let c: Client;
let viewer: Client;
let other: Client;
let tenantId: string;
let locationId: string;
let deskType: string;
let laptopType: string;

type Map = { id: string; version: number; image: { width: number; height: number; contentType: string } | null; placements: unknown[] };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const count = async (table: string) =>
  Number((await t.sql<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1`, [tenantId]))[0]?.n);
const png = async (width: number, height: number) => new Jimp({ width, height, color: 0xffffffff }).getBuffer('image/png');
const upload = (client: Client, id: string, fileName: string, data: Buffer | string, headers: Record<string, string> = {}) => {
  const body = multipartFile(fileName, data);
  return client.raw({
    method: 'PUT',
    url: `/api/v1/floor-maps/${id}/image`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const rect = (resourceId: string, x = 10, y = 10, extra: Record<string, unknown> = {}) => ({
  resourceId,
  shape: { kind: 'rect', x, y, width: 40, height: 20 },
  rotation: 0,
  label: null,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser({ name: 'Olivia Owner' });
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
  viewer = t.client(await t.addMemberWith(tenantId, ['Resource.ViewResources']), tenantId);
  const stranger = await t.createUser();
  other = t.client(stranger, (await t.createTenant(stranger)).id);
  locationId = (await c.post('/api/v1/locations', { name: 'Hamburg', timeZone: 'Europe/Berlin' })).body.id;
  deskType = (await c.post('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).body.id;
  laptopType = (await c.post('/api/v1/resource-types', { name: 'Laptop', bookableMode: 'Assignable' })).body.id;
});
afterAll(async () => t?.close());

async function resource(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.post('/api/v1/resources', { name, resourceTypeId: deskType, locationId, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}
async function floor(name = 'Ground floor', levelOrder = 0): Promise<Map> {
  const res = await c.post('/api/v1/floor-maps', { locationId, name, level: name, levelOrder });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function withPlan(width = 400, height = 300): Promise<Map> {
  const map = await floor(`Floor ${Math.random().toString(36).slice(2, 7)}`);
  const res = await upload(c, map.id, 'plan.png', await png(width, height));
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const save = (map: Map, placements: unknown[], client = c, etag = `"${map.version}"`) =>
  client.put(
    `/api/v1/floor-maps/${map.id}`,
    { name: 'Ground floor', level: 'Ground floor', levelOrder: 0, placements },
    { 'if-match': etag },
  );

describe('floor maps', () => {
  it('are created per location and listed lowest level first; a viewer reads but cannot write', async () => {
    const upper = await floor('First floor', 1);
    const ground = await floor('Ground floor', 0);
    expect(ground).toMatchObject({ locationId, level: 'Ground floor', image: null, placements: [], version: 1 });
    const list = await viewer.get(`/api/v1/locations/${locationId}/floor-maps`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: Map) => m.id).slice(0, 2)).toEqual([ground.id, upper.id]);
    const got = await viewer.get(`/api/v1/floor-maps/${ground.id}`);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe('"1"');
    expect((await viewer.get(`/api/v1/floor-maps/${ground.id}`, { 'if-none-match': '"1"' })).status).toBe(304);
    expect((await viewer.post('/api/v1/floor-maps', { locationId, name: 'Mine', level: 'Mine' })).status).toBe(403);
    expect((await save(ground, [], viewer)).status).toBe(403);
    expect((await viewer.delete(`/api/v1/floor-maps/${ground.id}`)).status).toBe(403);
    expect((await upload(viewer, ground.id, 'plan.png', await png(10, 10))).status).toBe(403);
  });

  it('refuse bad input naming the field, writing nothing', async () => {
    const before = await count('floor_maps');
    const bad = await c.post('/api/v1/floor-maps', { locationId: '00000000-0000-4000-8000-000000000000', name: '', level: 'x' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toContain('name:required');
    const unknown = await c.post('/api/v1/floor-maps', { locationId: '00000000-0000-4000-8000-000000000000', name: 'A', level: 'x' });
    expect(unknown.status).toBe(400);
    expect(codes(unknown.body)).toEqual(['locationId:notFound']);
    expect(await count('floor_maps')).toBe(before);
  });

  it('of another workspace answer 404 on every call', async () => {
    const map = await floor('Theirs');
    const etag = { 'if-match': '"1"' };
    expect((await other.get(`/api/v1/floor-maps/${map.id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/floor-maps/${map.id}/states`)).status).toBe(404);
    expect((await other.get(`/api/v1/floor-maps/${map.id}/image`)).status).toBe(404);
    expect((await other.get(`/api/v1/locations/${locationId}/floor-maps`)).status).toBe(404);
    expect((await save(map, [], other)).status).toBe(404);
    expect((await upload(other, map.id, 'plan.png', await png(10, 10), etag)).status).toBe(404);
    expect((await other.delete(`/api/v1/floor-maps/${map.id}`)).status).toBe(404);
    expect((await other.post('/api/v1/floor-maps', { locationId, name: 'X', level: 'X' })).status).toBe(400);
    expect((await c.get(`/api/v1/floor-maps/${map.id}`)).body.version).toBe(1);
  });
});

describe('the plan image', () => {
  it('takes a PNG, JPEG or SVG by its bytes, with its pixel size, served back with its type', async () => {
    const map = await floor('Images');
    const p = await upload(c, map.id, 'plan.jpg', await png(640, 480));
    expect(p.status, p.text).toBe(200);
    expect(p.body.image).toMatchObject({ contentType: 'image/png', width: 640, height: 480 });
    expect(p.body.version).toBe(2);
    const jpeg = await new Jimp({ width: 320, height: 200, color: 0x336699ff }).getBuffer('image/jpeg');
    expect((await upload(c, map.id, 'plan.png', jpeg)).body.image).toMatchObject({ contentType: 'image/jpeg', width: 320, height: 200 });
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800"><rect width="10" height="10"/></svg>';
    const s = await upload(c, map.id, 'plan.svg', svg);
    expect(s.body.image).toMatchObject({ contentType: 'image/svg+xml', width: 1200, height: 800 });
    const served = await viewer.get(`/api/v1/floor-maps/${map.id}/image`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses what is not an image, a PDF, an SVG with script, an empty or too large file, writing nothing', async () => {
    const map = await withPlan(100, 100);
    const refusals: [string, Buffer | string, number, string][] = [
      ['plan.png', 'just some text', 415, 'imageType'],
      ['plan.pdf', '%PDF-1.7\n1 0 obj <<>> endobj', 415, 'imageType'],
      ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 415, 'imageType'],
      ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>', 415, 'imageType'],
      ['plan.svg', '<!DOCTYPE svg [<!ENTITY x "y">]><svg width="10" height="10"></svg>', 415, 'imageType'],
      ['plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 415, 'imageType'],
      ['plan.png', Buffer.alloc(0), 400, 'emptyFile'],
      ['plan.png', Buffer.concat([await png(10, 10), Buffer.alloc(5_242_881)]), 413, 'imageSize'],
    ];
    for (const [name, data, status, code] of refusals) {
      const res = await upload(c, map.id, name, data);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(codes(res.body)).toEqual([`file:${code}`]);
      // a PDF: the web app converts its first page (decision 092), which the refusal says
      if (name === 'plan.pdf') expect(res.text).toContain('turns its first page into a PNG');
    }
    const after = (await c.get(`/api/v1/floor-maps/${map.id}`)).body;
    expect(after).toMatchObject({ version: map.version, image: { width: 100, height: 100, contentType: 'image/png' } });
  });

  it('scales the placed shapes with a plan of another size', async () => {
    const desk = await resource('Scaled desk');
    const map = await withPlan(200, 100);
    const saved = await save(map, [rect(desk, 20, 10)]);
    expect(saved.status, saved.text).toBe(200);
    const bigger = await upload(c, map.id, 'plan.png', await png(400, 300), { 'if-match': `"${saved.body.version}"` });
    expect(bigger.status, bigger.text).toBe(200);
    expect(bigger.body.placements[0].shape).toEqual({ kind: 'rect', x: 40, y: 30, width: 80, height: 60 });
    expect((await upload(c, map.id, 'plan.png', await png(400, 300), { 'if-match': `"${saved.body.version}"` })).status).toBe(412);
  });
});

describe('saving a floor', () => {
  it('stores points, rectangles and polygons with rotation and label, under If-Match (428 without, 412 stale)', async () => {
    const [a, b, d] = [await resource('Desk A'), await resource('Desk B'), await resource('Room C')];
    const map = await withPlan();
    const placements = [
      rect(a, 10, 10, { rotation: 90, label: 'A' }),
      { resourceId: b, shape: { kind: 'point', x: 200, y: 150 }, rotation: 0, label: null },
      {
        resourceId: d,
        shape: {
          kind: 'polygon',
          points: [
            { x: 300, y: 10 },
            { x: 390, y: 10 },
            { x: 390, y: 100 },
          ],
        },
        rotation: 0,
        label: 'Room',
      },
    ];
    expect((await c.put(`/api/v1/floor-maps/${map.id}`, { name: 'G', level: 'G', levelOrder: 0, placements })).status).toBe(428);
    const saved = await save(map, placements);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.etag).toBe(`"${map.version + 1}"`);
    expect(saved.body.placements).toEqual(placements);
    expect((await save(map, [])).status).toBe(412);
    expect((await c.get(`/api/v1/floor-maps/${map.id}`)).body.placements).toHaveLength(3);
  });

  it('refuses an unknown resource, one of another location, one placed twice, a shape outside the image, a polygon of two points', async () => {
    const desk = await resource('Desk D');
    const elsewhereLocation = await t.sql<{ id: string }>(
      `insert into locations (tenant_id, name, time_zone) values ($1, 'Berlin', 'Europe/Berlin') returning id`,
      [tenantId],
    );
    const far = await resource('Far desk', { locationId: elsewhereLocation[0]!.id });
    const map = await withPlan(400, 300);
    const res = await save(map, [
      rect('00000000-0000-4000-8000-000000000000'),
      rect(far),
      rect(desk, 10, 10),
      rect(desk, 100, 100),
      rect(desk, 390, 10),
      {
        resourceId: desk,
        shape: {
          kind: 'polygon',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        },
        rotation: 0,
        label: null,
      },
    ]);
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['placements.5.shape.points:minimumItems']);
    const rules = await save(map, [
      rect('00000000-0000-4000-8000-000000000000'),
      rect(far),
      rect(desk, 10, 10),
      rect(desk, 100, 100),
      { ...rect(await resource('Desk E'), 370, 10) },
      { ...rect(await resource('Desk F'), 100, 100), rotation: 45, shape: { kind: 'rect', x: 0, y: 0, width: 400, height: 10 } },
    ]);
    expect(rules.status).toBe(400);
    expect(codes(rules.body)).toEqual([
      'placements.0.resourceId:notFound',
      'placements.1.resourceId:otherLocation',
      'placements.3.resourceId:duplicateKey',
      'placements.4.shape:outsideImage',
      'placements.5.shape:outsideImage',
    ]);
    const noPlan = await floor('No plan');
    expect(codes((await save(noPlan, [rect(desk)])).body)).toEqual(['placements.0.shape:outsideImage']);
    expect((await c.get(`/api/v1/floor-maps/${map.id}`)).body).toMatchObject({ version: map.version, placements: [] });
  });

  it('loses a resource deleted or moved to another location: no dangling placement', async () => {
    const [gone, moved, stays] = [await resource('Gone'), await resource('Moved'), await resource('Stays')];
    const map = await withPlan();
    expect((await save(map, [rect(gone, 10), rect(moved, 60), rect(stays, 120)])).status).toBe(200);
    expect((await c.delete(`/api/v1/resources/${gone}`)).status).toBe(204);
    const berlin = await t.sql<{ id: string }>(
      `insert into locations (tenant_id, name, time_zone) values ($1, 'Munich', 'Europe/Berlin') returning id`,
      [tenantId],
    );
    const m = await c.get(`/api/v1/resources/${moved}`);
    expect(
      (
        await c.patch(`/api/v1/resources/${moved}`, [{ op: 'replace', path: '/locationId', value: berlin[0]!.id }], {
          'content-type': 'application/json-patch+json',
          'if-match': m.headers.etag as string,
        })
      ).status,
    ).toBe(200);
    const after = (await c.get(`/api/v1/floor-maps/${map.id}`)).body;
    expect(after.placements.map((p: { resourceId: string }) => p.resourceId)).toEqual([stays]);
    const where = await viewer.get(`/api/v1/resources/${stays}/floor-maps`);
    expect(where.status).toBe(200);
    expect(where.body.data).toEqual([{ id: map.id, name: expect.any(String), level: expect.any(String), locationId }]);
    expect((await c.get(`/api/v1/resources/${moved}/floor-maps`)).body.data).toEqual([]);
    expect((await c.get(`/api/v1/resources/${gone}/floor-maps`)).status).toBe(404);
    expect((await other.get(`/api/v1/resources/${stays}/floor-maps`)).status).toBe(404);
    expect(Number((await t.sql(`select count(*) as n from floor_map_placements where floor_map_id = $1`, [map.id]))[0].n)).toBe(1);
  });

  it('is deleted with its plan and placements', async () => {
    const map = await withPlan();
    expect((await save(map, [rect(await resource('Going'))])).status).toBe(200);
    expect((await c.delete(`/api/v1/floor-maps/${map.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/floor-maps/${map.id}`)).status).toBe(404);
    expect(Number((await t.sql(`select count(*) as n from floor_map_images where floor_map_id = $1`, [map.id]))[0].n)).toBe(0);
  });
});

describe('the live states', () => {
  it('say free, checked out (with the holder) or out of service', async () => {
    const laptop = await resource('Laptop 1', { resourceTypeId: laptopType });
    const desk = await resource('Desk Z');
    const map = await withPlan();
    expect((await save(map, [rect(laptop, 10), rect(desk, 100)])).status).toBe(200);
    expect((await c.post(`/api/v1/resources/${laptop}/check-out`, {})).status).toBe(200);
    const states = await viewer.get(`/api/v1/floor-maps/${map.id}/states`);
    expect(states.status).toBe(200);
    expect(states.body.data).toEqual([
      expect.objectContaining({ resourceId: desk, title: 'Desk Z', state: 'free', holderName: null }),
      expect.objectContaining({ resourceId: laptop, title: 'Laptop 1', state: 'checkedOut', holderName: 'Olivia Owner' }),
    ]);
    await t.sql(
      `update resources set workflow_stage_id = (select s.id from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
         where s.tenant_id = $1 and w.entity_kind = 'Resource' and s.stage_type = 'Closed' limit 1) where id = $2`,
      [tenantId, desk],
    );
    const later = (await viewer.get(`/api/v1/floor-maps/${map.id}/states`)).body.data;
    expect(later.find((s: { resourceId: string }) => s.resourceId === desk).state).toBe('outOfService');
  });

  // bookings tell the map through the composition root (resources never import bookings)
  it('say booked (a booking now or in its check-in window) and checked in, and each change raises a live event', async () => {
    const desk = await resource('Desk B');
    const spare = await resource('Desk C');
    const map = await withPlan();
    expect((await save(map, [rect(desk, 10), rect(spare, 100)])).status).toBe(200);
    const stateOf = async (id: string) =>
      ((await viewer.get(`/api/v1/floor-maps/${map.id}/states`)).body.data as { resourceId: string; state: string }[]).find(
        (s) => s.resourceId === id,
      );
    const events = async () =>
      Number(
        (
          await t.sql<{ n: string }>(
            `select count(*) as n from live_events where tenant_id = $1 and entity_kind = 'Resource' and data->>'id' = $2`,
            [tenantId, desk],
          )
        )[0]!.n,
      );
    // the next quarter hour: at most 15 minutes ahead, so its check-in window is open now
    const quarter = 15 * 60_000;
    const start = Math.ceil((Date.now() + 1_000) / quarter) * quarter;
    const book = async (resourceId: string, from: number) => {
      const res = await c.post('/api/v1/bookings', {
        resourceId,
        start: new Date(from).toISOString(),
        end: new Date(from + 4 * quarter).toISOString(),
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; end: string };
    };
    const before = await events();
    const booking = await book(desk, start);
    expect(await stateOf(desk)).toEqual(
      expect.objectContaining({ state: 'booked', bookerName: 'Olivia Owner', bookedUntil: booking.end, holderName: null }),
    );
    expect(await events()).toBe(before + 1);
    // a booking tomorrow leaves the other desk free
    await book(spare, start + 96 * quarter);
    expect(await stateOf(spare)).toEqual(expect.objectContaining({ state: 'free', bookerName: null, bookedUntil: null }));

    expect((await c.post(`/api/v1/bookings/${booking.id}/check-in`, {})).status).toBe(200);
    expect(await stateOf(desk)).toEqual(expect.objectContaining({ state: 'checkedIn', bookerName: 'Olivia Owner' }));
    expect((await c.post(`/api/v1/bookings/${booking.id}/check-out`, {})).status).toBe(200);
    expect(await stateOf(desk)).toEqual(expect.objectContaining({ state: 'free', bookerName: null }));
    expect(await events()).toBe(before + 3);

    const again = await book(desk, start + 4 * quarter);
    expect(again.id).toBeTruthy();
    const later = await book(desk, start);
    expect((await stateOf(desk))?.state).toBe('booked');
    expect((await c.post(`/api/v1/bookings/${later.id}/cancel`, {})).status).toBe(200);
    expect((await stateOf(desk))?.state).toBe('free');
    expect(await events()).toBe(before + 6);
    // a portal visitor's hold of the time now (written as the portal writes one): held, no name;
    // once run out, free again
    const [held] = await t.sql<{ id: string }>(
      `insert into bookings (tenant_id, resource_id, starts_at, ends_at, blocked_from, blocked_until, status, held_until)
       values ($1, $2, $3, $4, $3, $4, 'Held', now() + interval '10 minutes') returning id`,
      [tenantId, desk, new Date(start).toISOString(), new Date(start + 4 * quarter).toISOString()],
    );
    expect(await stateOf(desk)).toEqual(expect.objectContaining({ state: 'held', bookerName: null }));
    await t.sql(`update bookings set held_until = now() - interval '1 minute' where id = $1`, [held!.id]);
    expect((await stateOf(desk))?.state).toBe('free');
    // another workspace's map is not found, as before
    expect((await other.get(`/api/v1/floor-maps/${map.id}/states`)).status).toBe(404);
  });
});

// Bookings' find-times "near a map point" (issue 22) reads where each desk sits on a floor.
describe('find-times near a map point', () => {
  it('offers the desks placed on the floor, nearest to the point first, with their distance', async () => {
    const [near, mid, far] = [await resource('Near desk'), await resource('Mid desk'), await resource('Far desk')];
    await resource('Unplaced desk');
    const map = await withPlan();
    expect((await save(map, [rect(far, 340, 260), rect(near, 10, 10), rect(mid, 200, 10)])).status).toBe(200);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const ask = (near: Record<string, unknown>) =>
      viewer.post('/api/v1/bookings/find-times', {
        duration: 60,
        window: { from: `${day}T09:00:00.000Z`, to: `${day}T10:00:00.000Z` },
        near,
      });
    const found = await ask({ floorMapId: map.id, x: 0, y: 0 });
    expect(found.status, found.text).toBe(200);
    const slots = found.body.slots as { resource: { title: string }; distance: number }[];
    expect(slots.map((s) => s.resource.title)).toEqual(['Near desk', 'Mid desk', 'Far desk']);
    // the centre of a 40 × 20 desk at (10, 10) is (30, 20)
    expect(slots.map((s) => s.distance)).toEqual([36, Math.round(Math.hypot(220, 20)), Math.round(Math.hypot(360, 270))]);

    const unknown = await ask({ floorMapId: '00000000-0000-4000-8000-000000000000', x: 0, y: 0 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'near.floorMapId', code: 'notFound' })]);
    const theirs = await other.post('/api/v1/bookings/find-times', {
      duration: 60,
      window: { from: `${day}T09:00:00.000Z`, to: `${day}T10:00:00.000Z` },
      near: { floorMapId: map.id, x: 0, y: 0 },
    });
    expect(theirs.status).toBe(400);
    expect((await ask({ floorMapId: map.id, x: -1, y: 0 })).body.errors).toEqual([
      expect.objectContaining({ field: 'near.x', code: 'tooSmall' }),
    ]);
  });
});

// last: it takes the workspace's plan away
describe('the plan feature', () => {
  it('without Plan.LocationMap editing answers planFeatureRequired and writes nothing; reading still works', async () => {
    const map = await withPlan();
    await t.sql(`delete from subscriptions where tenant_id = $1`, [tenantId]);
    const owner2 = await t.createUser();
    await t.addMember(tenantId, 'Admin', owner2);
    const admin = t.client(owner2, tenantId);
    for (const res of [
      await admin.post('/api/v1/floor-maps', { locationId, name: 'X', level: 'X' }),
      await save(map, [], admin),
      await upload(admin, map.id, 'plan.png', await png(20, 20)),
      await admin.delete(`/api/v1/floor-maps/${map.id}`),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.LocationMap' });
    }
    expect((await admin.get(`/api/v1/floor-maps/${map.id}`)).status).toBe(200);
  });
});
