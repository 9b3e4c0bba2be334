import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// A project's owner (issue 20: "owner, shown only with ViewProjectOwner"): the engine's
// readPermission on a built-in field. Holders read, list, filter and sort by it; others get rows
// without it, a 400 naming the field when they filter or sort by it, and their writes leave it
// as stored (a new project's owner is then its creator).
let t: TestApp;
let c: Client;
let tenantId: string;
let manager: Client;
let managerId: string;
let ownerViewer: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, tenantId } = await ownerAndStranger(t));
  const m = await t.addMemberWith(tenantId, ['Project.ViewProjects', 'Project.CreateProjects', 'Project.ManageProjects']);
  managerId = m.tenantUserId;
  manager = t.client(m, tenantId);
  ownerViewer = t.client(await t.addMemberWith(tenantId, ['Project.ViewProjects', 'Project.ViewProjectOwner']), tenantId);
});
afterAll(async () => t.close());

describe('project owner (readPermission Project.ViewProjectOwner)', () => {
  it('defaults to the creator and is read, listed, filtered and sorted only with ViewProjectOwner', async () => {
    const me = (await t.sql<{ id: string }>('select id from tenant_users where tenant_id = $1 and id <> $2 limit 1', [tenantId, managerId]))
      .map((r) => r.id)
      .find(Boolean);
    const created = await c.post('/api/v1/projects', { name: 'Owned', code: 'OWN' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.ownerId).toBeTruthy();
    expect(created.body.owner).toMatchObject({ id: created.body.ownerId });
    expect(me).toBeTruthy();
    const id = created.body.id;

    const read = await ownerViewer.get(`/api/v1/projects/${id}`);
    expect(read.body.ownerId).toBe(created.body.ownerId);
    const filtered = await ownerViewer.post('/api/v1/projects/list', {
      filters: [{ field: 'ownerId', op: 'eq', value: created.body.ownerId }],
    });
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.total).toBe(1);

    const hidden = await manager.get(`/api/v1/projects/${id}`);
    expect(hidden.status).toBe(200);
    expect(hidden.body).not.toHaveProperty('ownerId');
    expect(hidden.body).not.toHaveProperty('owner');
    const listed = await manager.post('/api/v1/projects/list', {});
    expect(listed.body.data[0]).not.toHaveProperty('ownerId');
    for (const body of [{ filters: [{ field: 'ownerId', op: 'eq', value: managerId }] }, { sort: [{ field: 'ownerId', order: 'asc' }] }]) {
      const res = await manager.post('/api/v1/projects/list', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'unknownField' });
    }
    const columns = await manager.get('/api/v1/core/entity-fields/columns?entity=Project');
    expect(columns.body.map((col: { key: string }) => col.key)).not.toContain('ownerId');
    const holderColumns = await ownerViewer.get('/api/v1/core/entity-fields/columns?entity=Project');
    expect(holderColumns.body.map((col: { key: string }) => col.key)).toContain('ownerId');
  });

  it('grouping by the owner: counts for a holder, 400 unknownField for a caller without ViewProjectOwner', async () => {
    const grouped = await ownerViewer.post('/api/v1/projects/groups', { by: 'ownerId' });
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.groups.length).toBeGreaterThan(0);
    const refused = await manager.post('/api/v1/projects/groups', { by: 'ownerId' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'by', code: 'unknownField' });
    // the fields they may read still group
    expect((await manager.post('/api/v1/projects/groups', { by: 'status' })).status).toBe(200);
  });

  it('a write by a caller without ViewProjectOwner leaves the owner as stored (ignored, not refused)', async () => {
    const created = (await c.post('/api/v1/projects', { name: 'Kept', code: 'KEPT' })).body;
    const put = await manager.put(
      `/api/v1/projects/${created.id}`,
      { name: 'Kept 2', code: 'KEPT', ownerId: managerId },
      { 'if-match': '"1"' },
    );
    expect(put.status, put.text).toBe(200);
    expect(put.body).not.toHaveProperty('ownerId');
    const patched = await manager.patch(`/api/v1/projects/${created.id}`, [{ op: 'replace', path: '/name', value: 'Kept 3' }], {
      'if-match': `"${put.body.version}"`,
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await c.get(`/api/v1/projects/${created.id}`)).body).toMatchObject({ name: 'Kept 3', ownerId: created.ownerId });
    // a project the manager creates is theirs, whatever owner they name
    const mine = await manager.post('/api/v1/projects', { name: 'Mine', code: 'MINE', ownerId: created.ownerId });
    expect(mine.status, mine.text).toBe(201);
    expect((await c.get(`/api/v1/projects/${mine.body.id}`)).body.ownerId).toBe(managerId);
  });
});
