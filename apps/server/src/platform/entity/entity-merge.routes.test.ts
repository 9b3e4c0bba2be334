import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// Duplicates and merge (issue 12, decision 026): a kind that declares duplicate keys gets a
// duplicate check and a merge call from the engine.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  const fields = await c.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [
      { kind: 'singleLine', label: 'Customer number', key: 'customerNumber', dataType: 'text', unique: true },
      { kind: 'singleLine', label: 'Shoe size', key: 'shoeSize', dataType: 'text' },
    ],
  });
  expect(fields.status, fields.text).toBe(200);
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>) {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });

describe('duplicates', () => {
  it('finds contacts with the same e-mail (any case) or phone (any punctuation), not the one being edited', async () => {
    const ada = await create('/api/v1/contacts', {
      firstName: 'Ada',
      lastName: 'Dup',
      email: 'ada.dup@example.org',
      phone: '+49 30 1234-5678',
    });
    await create('/api/v1/contacts', { firstName: 'Someone', lastName: 'Else', email: 'else@example.org' });
    const byEmail = await c.post('/api/v1/contacts/duplicates', { values: { email: '  ADA.DUP@example.org ' } });
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.body.data).toEqual([{ id: ada.id, title: 'Ada Dup', archived: false, matches: ['email'] }]);
    const byPhone = await c.post('/api/v1/contacts/duplicates', { values: { email: 'new@example.org', phone: '(4930) 12345678' } });
    expect(byPhone.body.data).toEqual([{ id: ada.id, title: 'Ada Dup', archived: false, matches: ['phone'] }]);
    const both = await c.post('/api/v1/contacts/duplicates', { values: { email: 'ada.dup@example.org', phone: '+4930 1234 5678' } });
    expect(both.body.data[0].matches).toEqual(['email', 'phone']);
    // the record being edited is not its own duplicate; a few digits match nothing
    expect(
      (await c.post('/api/v1/contacts/duplicates', { values: { email: 'ada.dup@example.org' }, excludeId: ada.id })).body.data,
    ).toEqual([]);
    expect((await c.post('/api/v1/contacts/duplicates', { values: { phone: '5678' } })).body.data).toEqual([]);
    const bad = await c.post('/api/v1/contacts/duplicates', { values: { lastName: 'Dup' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'values.lastName', code: 'unknownField' });
  });

  it('never shows another workspace’s records', async () => {
    await create('/api/v1/contacts', { firstName: 'Tenant', lastName: 'One', email: 'shared@example.org' });
    const other = await t.createTenant(owner);
    const res = await t.client(owner, other.id).post('/api/v1/contacts/duplicates', { values: { email: 'shared@example.org' } });
    expect(res.body.data).toEqual([]);
  });

  it('finds organizations by name', async () => {
    const acme = await create('/api/v1/organizations', { name: 'Acme Duplicates' });
    const res = await c.post('/api/v1/organizations/duplicates', { values: { name: 'acme duplicates' } });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([acme.id]);
  });
});

describe('merge', () => {
  it('keeps the chosen values, moves notes, documents, tags, links, activity and references, and archives the other', async () => {
    const org = await create('/api/v1/organizations', { name: 'Merge Works' });
    const keep = await create('/api/v1/contacts', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      customFields: { customerNumber: 'K-1', shoeSize: '38' },
    });
    const other = await create('/api/v1/contacts', {
      firstName: 'Grace M.',
      lastName: 'Hopper',
      phone: '+1 555 0100',
      organizationId: org.id,
      jobTitle: 'Rear Admiral',
      customFields: { customerNumber: 'K-2', shoeSize: '39' },
    });
    const ref = { entityKind: 'Contact', entityId: other.id };
    expect((await c.post('/api/v1/core/notes', { ...ref, body: '<p>Met at the conference</p>' })).status).toBe(201);
    expect((await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'Contracts' })).status).toBe(201);
    // the same name on both records: the moved one is renamed, not lost
    expect(
      (await c.post('/api/v1/core/documents', { entityKind: 'Contact', entityId: keep.id, type: 'Folder', name: 'Contracts' })).status,
    ).toBe(201);
    const tag = await c.post('/api/v1/core/tags', { name: 'Merged VIP' });
    await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${other.id}`, { tagIds: [tag.body.id] });
    await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${keep.id}`, { tagIds: [tag.body.id] });
    const peer = await create('/api/v1/contacts', { firstName: 'Peer', lastName: 'Linked' });
    expect((await c.post('/api/v1/core/linked-entities', { ...ref, linkedKind: 'Contact', linkedId: peer.id })).status).toBe(201);
    // a link between the two goes away with the merge
    expect((await c.post('/api/v1/core/linked-entities', { ...ref, linkedKind: 'Contact', linkedId: keep.id })).status).toBe(201);
    // another organization linked to the other contact (many-to-many)
    const org2 = await create('/api/v1/organizations', { name: 'Merge Linked Org' });
    expect((await c.post(`/api/v1/organizations/${org2.id}/contacts/link`, { ids: [other.id] })).status).toBe(200);

    const otherNow = (await c.get(`/api/v1/contacts/${other.id}`)).body;
    const res = await c.post(
      `/api/v1/contacts/${keep.id}/merge`,
      { otherId: other.id, otherVersion: otherNow.version, take: { firstName: 'other', 'customFields.shoeSize': 'other' } },
      ifMatch(keep.version),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.etag).toBe(`"${res.body.version}"`);
    // chosen per field; an empty field takes the other's value; the rest stays
    expect(res.body).toMatchObject({
      firstName: 'Grace M.',
      lastName: 'Hopper',
      email: 'grace@example.org',
      phone: '+1 555 0100',
      organizationId: org.id,
      jobTitle: 'Rear Admiral',
      customFields: { customerNumber: 'K-1', shoeSize: '39' },
    });
    expect(res.body.tags.map((x: { name: string }) => x.name)).toEqual(['Merged VIP']);

    const survivor = { entityKind: 'Contact', entityId: keep.id };
    const notes = await c.post('/api/v1/core/notes/list', survivor);
    expect(notes.body.data.map((n: { body: string }) => n.body)).toEqual(['<p>Met at the conference</p>']);
    const docs = await c.post('/api/v1/core/documents/list', { ...survivor, parentId: null });
    expect(docs.body.data.map((d: { name: string }) => d.name).sort()).toEqual(['Contracts', 'Contracts (2)']);
    const links = await c.post('/api/v1/core/linked-entities/list', survivor);
    expect(links.body.data.map((l: { entityId: string }) => l.entityId)).toEqual([peer.id]);
    const orgContacts = await c.post(`/api/v1/organizations/${org2.id}/contacts`, { page: 1, pageSize: 25 });
    expect(orgContacts.body.data.map((r: { id: string }) => r.id)).toEqual([keep.id]);

    // one timeline: the other's history is here, with the merge itself
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${keep.id}&pageSize=50`);
    const actions = feed.body.data.map((a: { action: string }) => a.action);
    expect(actions[0]).toBe('merged');
    expect(feed.body.data[0].after).toMatchObject({ id: other.id, title: 'Grace M. Hopper' });
    expect(actions.filter((a: string) => a === 'created')).toHaveLength(2);
    expect(feed.body.counts.Note).toBe(1);

    // the other is archived and says where it went; its unique value is free again
    const gone = await c.get(`/api/v1/contacts/${other.id}`);
    expect(gone.body.archived).toBe(true);
    const goneFeed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${other.id}`);
    expect(goneFeed.body.data.map((a: { action: string }) => a.action)).toEqual(['mergedInto']);
    expect((await c.post('/api/v1/contacts', { firstName: 'Reuse', customFields: { customerNumber: 'K-2' } })).status).toBe(201);
    expect((await c.post('/api/v1/contacts', { firstName: 'Taken', customFields: { customerNumber: 'K-1' } })).status).toBe(409);
  });

  it('moves the references other records hold, and keeps a tree without cycles', async () => {
    const top = await create('/api/v1/organizations', { name: 'Tree Top' });
    const other = await create('/api/v1/organizations', { name: 'Tree Other', parentId: top.id });
    const child = await create('/api/v1/organizations', { name: 'Tree Child', parentId: other.id });
    const keep = await create('/api/v1/organizations', { name: 'Tree Keep', parentId: child.id });
    const employee = await create('/api/v1/contacts', { firstName: 'Works', lastName: 'AtOther', organizationId: other.id });
    const res = await c.post(`/api/v1/organizations/${keep.id}/merge`, { otherId: other.id, otherVersion: 1 }, ifMatch(keep.version));
    expect(res.status, res.text).toBe(200);
    // the survivor sat below the other: it takes the other's place
    expect(res.body.parentId).toBe(top.id);
    expect((await c.get(`/api/v1/organizations/${child.id}`)).body.parentId).toBe(keep.id);
    const moved = (await c.get(`/api/v1/contacts/${employee.id}`)).body;
    expect(moved).toMatchObject({ organizationId: keep.id, organization: { id: keep.id, title: 'Tree Keep' }, version: 2 });
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${employee.id}`);
    expect(feed.body.data[0]).toMatchObject({ action: 'updated', field: 'organizationId', after: { id: keep.id } });
  });

  it('refuses a stale side, itself, an unknown field and another workspace’s record, and changes nothing', async () => {
    const a = await create('/api/v1/contacts', { firstName: 'Stale', lastName: 'Keep' });
    const b = await create('/api/v1/contacts', { firstName: 'Stale', lastName: 'Other' });
    const merge = (body: Record<string, unknown>, version = a.version) => c.post(`/api/v1/contacts/${a.id}/merge`, body, ifMatch(version));
    expect((await merge({ otherId: b.id, otherVersion: 1 }, 7)).status).toBe(412);
    const staleOther = await merge({ otherId: b.id, otherVersion: 2 });
    expect(staleOther.status).toBe(412);
    expect((await c.post(`/api/v1/contacts/${a.id}/merge`, { otherId: b.id, otherVersion: 1 })).status).toBe(428);
    const self = await merge({ otherId: a.id, otherVersion: 1 });
    expect(self.status).toBe(400);
    expect(self.body.errors[0]).toMatchObject({ field: 'otherId', code: 'mergeSameRecord' });
    const unknown = await merge({ otherId: b.id, otherVersion: 1, take: { shoe: 'other' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'take.shoe', code: 'unknownField' });
    const foreign = await t.client(owner, (await t.createTenant(owner)).id).post('/api/v1/contacts', { firstName: 'Foreign' });
    const cross = await merge({ otherId: foreign.body.id, otherVersion: 1 });
    expect(cross.status).toBe(404);
    expect((await c.get(`/api/v1/contacts/${b.id}`)).body).toMatchObject({ archived: false, version: 1 });
    expect((await c.get(`/api/v1/contacts/${a.id}`)).body).toMatchObject({ lastName: 'Keep', version: 1 });
  });

  it('needs the manage permission', async () => {
    const reader = await t.addMember(tenant.id, 'PortalUser');
    const a = await create('/api/v1/contacts', { firstName: 'Perm', lastName: 'A' });
    const b = await create('/api/v1/contacts', { firstName: 'Perm', lastName: 'B' });
    const res = await t.client(reader, tenant.id).post(`/api/v1/contacts/${a.id}/merge`, { otherId: b.id, otherVersion: 1 }, ifMatch(1));
    expect(res.status).toBe(403);
  });
});
