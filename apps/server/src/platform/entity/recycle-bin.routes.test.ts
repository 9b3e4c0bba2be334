import { RECYCLE_BIN_DAYS } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// The recycle bin (issue 26 item 7, decision 086): DELETE moves a record to the bin, every read
// leaves it out, restore brings it back with what hung off it, purge (or 30 days) removes it.
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

async function contactWithNoteAndTag(lastName: string): Promise<{ id: string; tagId: string }> {
  const res = await c.post('/api/v1/contacts', { firstName: 'Bin', lastName, email: `${lastName.toLowerCase()}@bin.example` });
  expect(res.status, res.text).toBe(201);
  const id = res.body.id as string;
  expect((await c.post('/api/v1/core/notes', { entityKind: 'Contact', entityId: id, body: `<p>About ${lastName}</p>` })).status).toBe(201);
  const tag = await c.post('/api/v1/core/tags', { name: `Bin ${lastName}` });
  expect(tag.status, tag.text).toBe(201);
  expect((await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${id}`, { tagIds: [tag.body.id] })).status).toBe(200);
  return { id, tagId: tag.body.id };
}

const listed = async (search: string): Promise<string[]> =>
  (await c.post('/api/v1/contacts/list', { page: 1, pageSize: 25, search })).body.data.map((r: { id: string }) => r.id);
const sharedRows = async (id: string) => ({
  notes: (await t.sql(`select 1 from notes where entity_id = $1`, [id])).length,
  tags: (await t.sql(`select 1 from entity_tags where entity_id = $1`, [id])).length,
  row: (await t.sql(`select 1 from contacts where id = $1`, [id])).length,
});

describe('recycle bin', () => {
  it('a deleted record answers 404, is left out of lists, searches, look-ups and duplicates, and is in the bin with who and when', async () => {
    const { id } = await contactWithNoteAndTag('Gone');
    const before = new Date();
    expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/contacts/${id}`)).status).toBe(404);
    expect(await listed('Gone')).toEqual([]);
    const lookups = await c.get(`/api/v1/core/lookups/Contact?search=Gone`);
    if (lookups.status === 200) expect(JSON.stringify(lookups.body)).not.toContain(id);
    const dups = await c.post('/api/v1/contacts/duplicates', { values: { email: 'gone@bin.example' } });
    expect(dups.body.data).toEqual([]);
    // a second delete is a 404: it is not there any more
    expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(404);

    const bin = await c.get('/api/v1/contacts/recycle-bin?page=1&pageSize=25');
    expect(bin.status, bin.text).toBe(200);
    const entry = bin.body.data.find((r: { id: string }) => r.id === id);
    expect(entry).toMatchObject({ id, title: 'Bin Gone', deletedBy: { title: expect.any(String) } });
    expect(new Date(entry.deletedAt).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // notes and tags wait for the purge
    expect(await sharedRows(id)).toEqual({ notes: 1, tags: 1, row: 1 });
  });

  it('restore brings records back with their notes and tags; restoring one not in the bin is a 404', async () => {
    const a = await contactWithNoteAndTag('Back');
    const b = await contactWithNoteAndTag('Backtoo');
    for (const { id } of [a, b]) expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(204);
    const res = await c.post('/api/v1/contacts/restore', { ids: [a.id, b.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids.sort()).toEqual([a.id, b.id].sort());
    const got = await c.get(`/api/v1/contacts/${a.id}`);
    expect(got.status).toBe(200);
    expect(got.body.tags.map((x: { id: string }) => x.id)).toEqual([a.tagId]);
    const notes = await c.post('/api/v1/core/notes/list', { entityKind: 'Contact', entityId: a.id });
    expect(notes.body.data.map((n: { body: string }) => n.body)).toEqual(['<p>About Back</p>']);
    expect(await listed('Back')).toHaveLength(2);
    const bin = await c.get('/api/v1/contacts/recycle-bin');
    expect(bin.body.data.map((r: { id: string }) => r.id)).not.toContain(a.id);
    const again = await c.post('/api/v1/contacts/restore', { ids: [a.id] });
    expect(again.status).toBe(404);
  });

  it('purge removes records in the bin for good, with their notes and tags; a live record cannot be purged', async () => {
    const { id } = await contactWithNoteAndTag('Purged');
    const live = await contactWithNoteAndTag('Alive');
    expect((await c.post('/api/v1/contacts/purge', { ids: [live.id] })).status).toBe(404);
    expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(204);
    const res = await c.post('/api/v1/contacts/purge', { ids: [id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids).toEqual([id]);
    expect(await sharedRows(id)).toEqual({ notes: 0, tags: 0, row: 0 });
    expect((await c.post('/api/v1/contacts/restore', { ids: [id] })).status).toBe(404);
    expect(await sharedRows(live.id)).toEqual({ notes: 1, tags: 1, row: 1 });
  });

  it(`housekeeping purges records deleted ${RECYCLE_BIN_DAYS} days ago and keeps younger ones`, async () => {
    const old = await contactWithNoteAndTag('Expired');
    const recent = await contactWithNoteAndTag('Recent');
    for (const { id } of [old, recent]) expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(204);
    await t.sql(`update contacts set deleted_at = now() - make_interval(days => $2) - interval '1 minute' where id = $1`, [
      old.id,
      RECYCLE_BIN_DAYS,
    ]);
    await t.sql(`update contacts set deleted_at = now() - make_interval(days => $2) + interval '1 hour' where id = $1`, [
      recent.id,
      RECYCLE_BIN_DAYS,
    ]);
    await t.app.atrium.jobs.runSystemTask('housekeeping.tenants');
    expect(await sharedRows(old.id)).toEqual({ notes: 0, tags: 0, row: 0 });
    expect(await sharedRows(recent.id)).toEqual({ notes: 1, tags: 1, row: 1 });
    const bin = await c.get('/api/v1/contacts/recycle-bin');
    expect(bin.body.data.map((r: { id: string }) => r.id)).toContain(recent.id);
  });

  it('a reference to a record in the bin reads as empty and is back after the restore', async () => {
    const org = await c.post('/api/v1/organizations', { name: 'Binned Org' });
    const person = await c.post('/api/v1/contacts', { firstName: 'Works', lastName: 'There', organizationId: org.body.id });
    expect(person.status, person.text).toBe(201);
    const del = await c.delete(`/api/v1/organizations/${org.body.id}`);
    expect(del.status, del.text).toBe(204);
    expect((await c.get(`/api/v1/contacts/${person.body.id}`)).body.organization ?? null).toBeNull();
    expect((await c.post('/api/v1/organizations/restore', { ids: [org.body.id] })).status).toBe(200);
    expect((await c.get(`/api/v1/contacts/${person.body.id}`)).body.organization).toMatchObject({ id: org.body.id });
  });

  it('needs the delete permission, and another workspace’s bin is its own', async () => {
    const { id } = await contactWithNoteAndTag('Private');
    expect((await c.delete(`/api/v1/contacts/${id}`)).status).toBe(204);
    const other = await t.createTenant(owner);
    const oc = t.client(owner, other.id);
    expect((await oc.get('/api/v1/contacts/recycle-bin')).body.data).toEqual([]);
    expect((await oc.post('/api/v1/contacts/restore', { ids: [id] })).status).toBe(404);
    const viewer = await t.addMemberWith(tenant.id, ['Contact.ViewContacts']);
    const vc = t.client(viewer, tenant.id);
    expect((await vc.get('/api/v1/contacts/recycle-bin')).status).toBe(403);
    expect((await vc.post('/api/v1/contacts/restore', { ids: [id] })).status).toBe(403);
  });

  it('a team in the recycle bin grants its members nothing, and restored grants again', async () => {
    const member = await t.addMember(tenant.id, 'Member');
    const asMember = t.client(member, tenant.id);
    const has = async (permission: string) =>
      (await asMember.get<{ permissions: string[] }>('/api/v1/admin/permissions/me')).body.permissions.includes(permission);
    const team = (await c.post<{ id: string }>('/api/v1/teams', { name: 'Exporters' })).body;
    expect((await c.patch(`/api/v1/teams/${team.id}/members`, { add: [member.tenantUserId] })).status).toBe(200);
    expect((await c.put(`/api/v1/teams/${team.id}/permissions`, { permissions: ['Contact.ManageContactExports'] })).status).toBe(200);
    expect(await has('Contact.ManageContactExports')).toBe(true);
    expect((await c.delete(`/api/v1/teams/${team.id}`)).status).toBe(204);
    expect(await has('Contact.ManageContactExports')).toBe(false);
    expect((await c.post('/api/v1/teams/restore', { ids: [team.id] })).status).toBe(200);
    expect(await has('Contact.ManageContactExports')).toBe(true);
  });
});
