import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let colleague: TestUser & { tenantUserId: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  colleague = await t.addMember(tenant.id, 'Member', await t.createUser({ name: 'Carl Colleague' }));
});
afterAll(async () => t.close());

describe('collaborators', () => {
  it('adds, lists ({data,total}), reads by entity and removes collaborators', async () => {
    const c = t.client(owner, tenant.id);
    const ref = await t.newRecord(t.client(owner, tenant.id));
    const added = await c.post('/api/v1/core/collaborators', { ...ref, tenantUserIds: [colleague.tenantUserId] });
    expect(added.status).toBe(201);
    expect(added.body).toHaveLength(1);
    expect(added.body[0]).toMatchObject({ tenantUserId: colleague.tenantUserId, name: 'Carl Colleague', email: colleague.email });
    // following yourself needs no ids; adding twice is harmless
    await c.post('/api/v1/core/collaborators', { ...ref });
    await c.post('/api/v1/core/collaborators', { ...ref, tenantUserIds: [colleague.tenantUserId] });
    const list = await c.post('/api/v1/core/collaborators/list', { ...ref, page: 1, pageSize: 25 });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data).toHaveLength(2);
    const byEntity = await c.get(`/api/v1/core/collaborators?entityKind=Contact&entityId=${ref.entityId}`);
    expect(byEntity.body).toHaveLength(2);
    expect((await c.post('/api/v1/core/collaborators', { ...ref, tenantUserIds: [randomUUID()] })).status).toBe(404);
    const carl = byEntity.body.find((x: { tenantUserId: string }) => x.tenantUserId === colleague.tenantUserId);
    expect((await c.delete(`/api/v1/core/collaborators/${carl.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/core/collaborators/list', { ...ref })).body.total).toBe(1);
    expect((await c.delete(`/api/v1/core/collaborators/${carl.id}`)).status).toBe(404);
  });

  it('notifies collaborators of changes to the records they follow', async () => {
    const ref = await t.newRecord(t.client(owner, tenant.id));
    await t.client(colleague, tenant.id).post('/api/v1/core/collaborators', { ...ref });
    const before = (await t.client(colleague, tenant.id).get('/api/v1/core/notifications')).body.total;
    const c = t.client(owner, tenant.id);
    await c.post('/api/v1/core/notes', { ...ref, body: '<p>Renewal signed</p>' });
    const folder = await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'x' });
    expect(folder.status).toBe(201);
    const tag = await c.post('/api/v1/core/tags', { name: 'Followed' });
    await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${ref.entityId}`, { tagIds: [tag.body.id] });
    const inbox = await t.client(colleague, tenant.id).get('/api/v1/core/notifications');
    expect(inbox.body.total - before).toBe(2);
    const title = (await c.get(`/api/v1/contacts/${ref.entityId}`)).body.title as string;
    expect(
      inbox.body.data
        .slice(0, 2)
        .map((n: { kind: string; cause: string; recordTitle: string; title: string; body: string }) => [
          n.kind,
          n.cause,
          n.recordTitle,
          n.title,
          n.body,
        ]),
    ).toEqual([
      ['Followed', 'tagsChanged', title, `Olivia Owner changed the tags of the contact ${title}`, 'Followed'],
      ['Followed', 'noteAdded', title, `Olivia Owner added a note to the contact ${title}`, 'Renewal signed'],
    ]);
    // the actor is not notified of their own change
    expect((await c.get('/api/v1/core/notifications')).body.data.some((n: { kind: string }) => n.kind === 'Followed')).toBe(false);
  });
});

describe('collaborators of a record named in the query (issue 25)', () => {
  it('answer 404 for a missing record and for another workspace’s, and the API document lists that 404', async () => {
    const c = t.client(owner, tenant.id);
    const other = await t.createUser();
    const otherTenant = await t.createTenant(other);
    const theirs = await t.newRecord(t.client(other, otherTenant.id));
    for (const entityId of [randomUUID(), theirs.entityId]) {
      const res = await c.get(`/api/v1/core/collaborators?entityKind=${theirs.entityKind}&entityId=${entityId}`);
      expect(res.status, res.text).toBe(404);
      expect(res.body.code).toBe('notFound');
    }
    const doc = (await t.client().get('/api/docs/json')).body;
    expect(Object.keys(doc.paths['/api/v1/core/collaborators'].get.responses)).toContain('404');
  });
});
