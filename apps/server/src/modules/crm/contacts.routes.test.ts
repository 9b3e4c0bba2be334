import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

const create = async (body: Record<string, unknown>) => {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('contacts CRUD on the entity engine', () => {
  it('creates, reads with an ETag, replaces with If-Match and deletes', async () => {
    const res = await c.post('/api/v1/contacts', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ADA@Example.com',
      jobTitle: 'Mathematician',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      jobTitle: 'Mathematician',
      title: 'Ada Lovelace',
      organizationId: null,
      organization: null,
      version: 1,
      archived: false,
      customFields: {},
    });
    const id = res.body.id;

    const got = await c.get(`/api/v1/contacts/${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe('"1"');

    const noMatch = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Ada' });
    expect(noMatch.status).toBe(428);
    expect(noMatch.body.code).toBe('preconditionRequired');

    const put = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Augusta', lastName: 'King' }, { 'if-match': '"1"' });
    expect(put.status, put.text).toBe(200);
    expect(put.headers.etag).toBe('"2"');
    // PUT replaces: omitted built-in fields are emptied
    expect(put.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      email: null,
      jobTitle: null,
      title: 'Augusta King',
      version: 2,
    });

    const stale = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Ada' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('preconditionFailed');

    const del = await c.delete(`/api/v1/contacts/${id}`);
    expect(del.status).toBe(204);
    expect((await c.get(`/api/v1/contacts/${id}`)).status).toBe(404);
  });

  it('validates built-in fields with field errors', async () => {
    const res = await c.post('/api/v1/contacts', { firstName: '', email: 'nope', website: 'ftp://x' });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(fields).toEqual(expect.arrayContaining(['firstName:required']));
    const email = await c.post('/api/v1/contacts', { firstName: 'A', email: 'nope' });
    expect(email.body.errors[0]).toMatchObject({ field: 'email', code: 'invalidEmail' });
    const url = await c.post('/api/v1/contacts', { firstName: 'A', website: 'http://localhost' });
    expect(url.body.errors[0]).toMatchObject({ field: 'website', code: 'invalidUrl' });
    const unknown = await c.post('/api/v1/contacts', { firstName: 'A', shoeSize: 42 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'shoeSize', code: 'unknownField' });
  });

  it('replays a create with the same Idempotency-Key and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'create-grace-1' };
    const first = await c.post('/api/v1/contacts', { firstName: 'Grace', lastName: 'Hopper' }, headers);
    expect(first.status).toBe(201);
    const again = await c.post('/api/v1/contacts', { lastName: 'Hopper', firstName: 'Grace' }, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [{ n }] = await t.sql(`select count(*)::int as n from contacts where tenant_id = $1 and first_name = 'Grace'`, [tenant.id]);
    expect(n).toBe(1);
    const other = await c.post('/api/v1/contacts', { firstName: 'Someone else' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotencyKeyReused');
  });

  it('archives and restores in bulk, and lists archived ones apart', async () => {
    const a = await create({ firstName: 'Arch', lastName: 'One' });
    const b = await create({ firstName: 'Arch', lastName: 'Two' });
    const res = await c.post('/api/v1/contacts/archive', { ids: [a.id, b.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids.sort()).toEqual([a.id, b.id].sort());
    // repeating is harmless
    expect((await c.post('/api/v1/contacts/archive', { ids: [a.id] })).body.ids).toEqual([]);
    const active = await c.post('/api/v1/contacts/list', { search: 'arch' });
    expect(active.body.total).toBe(0);
    const archived = await c.post('/api/v1/contacts/list', { search: 'arch', archived: true });
    expect(archived.body.total).toBe(2);
    expect(archived.body.data[0].archived).toBe(true);
    const restored = await c.post('/api/v1/contacts/unarchive', { ids: [a.id] });
    expect(restored.body.ids).toEqual([a.id]);
    expect((await c.post('/api/v1/contacts/list', { search: 'arch' })).body.total).toBe(1);
    const missing = await c.post('/api/v1/contacts/archive', { ids: [a.id, '00000000-0000-4000-8000-000000000001'] });
    expect(missing.status).toBe(404);
  });

  it('records every change in the activity feed, one row per field', async () => {
    const x = await create({ firstName: 'Feed', email: 'feed@example.com' });
    await c.put(`/api/v1/contacts/${x.id}`, { firstName: 'Fed', email: 'fed@example.com', phone: '+1 555' }, { 'if-match': '"1"' });
    await c.post('/api/v1/contacts/archive', { ids: [x.id] });
    await c.post('/api/v1/contacts/unarchive', { ids: [x.id] });
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}&sortOrder=asc`);
    expect(feed.status, feed.text).toBe(200);
    const rows = feed.body.data.map((r: { action: string; field: string | null; before: unknown; after: unknown }) => [
      r.action,
      r.field,
      r.before,
      r.after,
    ]);
    expect(rows).toEqual([
      ['created', null, null, { title: 'Feed' }],
      ['updated', 'firstName', 'Feed', 'Fed'],
      ['updated', 'email', 'feed@example.com', 'fed@example.com'],
      ['updated', 'phone', null, '+1 555'],
      ['archived', null, null, null],
      ['restored', null, null, null],
    ]);
    expect(feed.body.total).toBe(6);
    expect(feed.body.counts).toEqual({ 'All Activity': 6, Note: 0, Attachment: 0, Email: 0, 'Check-In': 0, 'Check-Out': 0, Campaign: 0 });
    // the tabs that apply to contacts
    expect(feed.body.types).toEqual(['All Activity', 'Note', 'Attachment', 'Email', 'Campaign']);
    expect(feed.body.data[0].actor.name).toBe(owner.name);
    const v2 = await c.get(`/api/v2/core/activity?target=Contact&targetId=${x.id}&pageSize=25&page=1&type=Note&isPortal=false`);
    expect(v2.status).toBe(200);
    expect(v2.body.data).toEqual([]);
    expect(v2.body.counts['All Activity']).toBe(6);
    const portal = await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}&isPortal=true`);
    expect(portal.body.total).toBe(0);
    // a deleted record's feed is gone with its page; the deletion itself stays recorded
    await c.delete(`/api/v1/contacts/${x.id}`);
    expect((await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}`)).status).toBe(404);
    const [{ n }] = await t.sql(`select count(*)::int as n from activities where entity_id = $1 and action = 'deleted'`, [x.id]);
    expect(n).toBe(1);
  });

  it('serves the list columns with the default columns of the spec', async () => {
    const res = await c.get('/api/v1/contacts/entity-field-columns');
    expect(res.status).toBe(200);
    const visible = res.body.filter((col: { visible: boolean }) => col.visible).map((col: { key: string }) => col.key);
    expect(visible).toEqual(['email', 'phone', 'organizationId']);
  });
});

describe('permissions', () => {
  it('a member without the permission gets 403 accessDenied', async () => {
    const member = await t.addMember(tenant.id, 'Member');
    const m = t.client(member, tenant.id);
    // members may work with contacts but not define their fields
    expect((await m.post('/api/v1/contacts/list', {})).status).toBe(200);
    const res = await m.put('/api/v1/core/entity-fields?entity=Contact', { fields: [] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('accessDenied');
    const portal = await t.addMember(tenant.id, 'PortalUser');
    const p = t.client(portal, tenant.id);
    for (const call of [
      p.post('/api/v1/contacts/list', {}),
      p.post('/api/v1/contacts', { firstName: 'X' }),
      p.get('/api/v1/core/activity?target=Contact&targetId=00000000-0000-4000-8000-000000000001'),
    ]) {
      const r = await call;
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('accessDenied');
    }
  });
});
