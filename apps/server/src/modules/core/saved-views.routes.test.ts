import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

const view = (over: Record<string, unknown> = {}) => ({
  listKey: 'users',
  name: 'Invited',
  filters: [{ field: 'status', op: 'eq', value: 'invited' }],
  sort: [{ field: 'email', order: 'asc' }],
  columns: ['name', 'email'],
  pageSize: 50,
  ...over,
});

describe('saved views', () => {
  let t: TestApp;
  let owner: TestUser;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    tenantId = (await t.createTenant(owner)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves, lists, updates and deletes my views of one list', async () => {
    const me = t.client(owner, tenantId);
    const created = await me.post('/api/v1/core/saved-views', view());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      listKey: 'users',
      name: 'Invited',
      pageSize: 50,
      isDefault: false,
      search: '',
      columns: ['name', 'email'],
    });

    const list = await me.get('/api/v1/core/saved-views?listKey=users');
    expect(list.status).toBe(200);
    expect(list.body.map((v: { name: string }) => v.name)).toEqual(['Invited']);
    expect((await me.get('/api/v1/core/saved-views?listKey=contacts')).body).toEqual([]);

    const { listKey: _k, ...write } = view({ name: 'Invited people', pageSize: 100, isDefault: true });
    const updated = await me.put(`/api/v1/core/saved-views/${created.body.id}`, write);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Invited people', pageSize: 100, isDefault: true });

    expect((await me.delete(`/api/v1/core/saved-views/${created.body.id}`)).status).toBe(204);
    expect((await me.get('/api/v1/core/saved-views?listKey=users')).body).toEqual([]);
  });

  it('keeps one default view per list: a new default replaces the old one', async () => {
    const me = t.client(owner, tenantId);
    const a = await me.post('/api/v1/core/saved-views', view({ name: 'A', isDefault: true }));
    const b = await me.post('/api/v1/core/saved-views', view({ name: 'B', isDefault: true }));
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const list = (await me.get('/api/v1/core/saved-views?listKey=users')).body as { name: string; isDefault: boolean }[];
    expect(list.filter((v) => v.isDefault).map((v) => v.name)).toEqual(['B']);
  });

  it('refuses a duplicate name, an unknown list key and a page size outside 25/50/100', async () => {
    const me = t.client(owner, tenantId);
    await me.post('/api/v1/core/saved-views', view({ name: 'Dup' }));
    const dup = await me.post('/api/v1/core/saved-views', view({ name: 'Dup' }));
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'name', code: 'duplicateTitle' });
    expect((await me.post('/api/v1/core/saved-views', view({ listKey: 'nope' }))).status).toBe(400);
    expect((await me.post('/api/v1/core/saved-views', view({ name: 'P', pageSize: 30 }))).status).toBe(400);
    const noName = await me.post('/api/v1/core/saved-views', view({ name: '  ' }));
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0]).toMatchObject({ field: 'name', code: 'required' });
  });

  it("never shows or changes another member's views", async () => {
    const colleague = await t.addMember(tenantId, 'Member');
    const mine = await t.client(owner, tenantId).post('/api/v1/core/saved-views', view({ name: 'Private' }));
    const theirs = t.client(colleague, tenantId);
    const list = (await theirs.get('/api/v1/core/saved-views?listKey=users')).body as { name: string }[];
    expect(list.map((v) => v.name)).not.toContain('Private');
    const { listKey: _k, ...write } = view({ name: 'Hijacked' });
    expect((await theirs.put(`/api/v1/core/saved-views/${mine.body.id}`, write)).status).toBe(404);
    expect((await theirs.delete(`/api/v1/core/saved-views/${mine.body.id}`)).status).toBe(404);
  });

  it("never shows another workspace's views", async () => {
    const other = await t.createTenant(owner);
    const mine = await t.client(owner, tenantId).post('/api/v1/core/saved-views', view({ name: 'Here only' }));
    const there = t.client(owner, other.id);
    expect(((await there.get('/api/v1/core/saved-views?listKey=users')).body as unknown[]).length).toBe(0);
    expect((await there.delete(`/api/v1/core/saved-views/${mine.body.id}`)).status).toBe(404);
  });

  it('shares a view with the workspace: others open it but cannot change it; widths are kept', async () => {
    const me = t.client(owner, tenantId);
    const colleague = t.client(await t.addMember(tenantId, 'Member'), tenantId);
    const shared = await me.post('/api/v1/core/saved-views', view({ name: 'Team view', shared: true, columnWidths: { email: 240 } }));
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body).toMatchObject({ shared: true, mine: true, columnWidths: { email: 240 } });
    await me.post('/api/v1/core/saved-views', view({ name: 'Only mine' }));
    const theirs = await colleague.get('/api/v1/core/saved-views?listKey=users');
    expect(theirs.body.map((v: { name: string }) => v.name)).toEqual(['Team view']);
    expect(theirs.body[0]).toMatchObject({ mine: false, ownerName: owner.name });
    const { listKey: _key, ...write } = view({ name: 'Mine now' });
    expect((await colleague.put(`/api/v1/core/saved-views/${shared.body.id}`, write)).status).toBe(404);
    expect((await colleague.delete(`/api/v1/core/saved-views/${shared.body.id}`)).status).toBe(404);
    expect((await me.post('/api/v1/core/saved-views', view({ name: 'Bad width', columnWidths: { email: 5 } }))).status).toBe(400);
  });
});
