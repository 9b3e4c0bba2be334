import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// Organizations are declared on the entity engine only: these tests are the engine's second
// step — references, a hierarchy, many-to-many, numbering, money and enums, record types.
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

async function org(body: Record<string, unknown>) {
  const res = await c.post('/api/v1/organizations', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function contact(body: Record<string, unknown>) {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const names = (res: { body: { data: { title: string }[] } }) => res.body.data.map((r) => r.title);

describe('organizations: numbering, money, enum', () => {
  it('numbers organizations per workspace and keeps money and enum values', async () => {
    const acme = await org({ name: 'Acme Numbering', annualRevenue: 1234567.5, size: '51-200' });
    expect(acme.number).toMatch(/^ORG-\d+$/);
    expect(acme).toMatchObject({ title: 'Acme Numbering', annualRevenue: 1234567.5, size: '51-200', parentId: null, parent: null });
    const bad = await c.post('/api/v1/organizations', { name: 'X', annualRevenue: 1.234, size: 'huge' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort()).toEqual([
      'annualRevenue:validation',
      'size:invalidOption',
    ]);
    const big = await c.post('/api/v1/organizations', { name: 'X', annualRevenue: 1e15 });
    expect(big.body.errors[0]).toMatchObject({ field: 'annualRevenue', code: 'tooBig' });
    // the number is read-only
    const write = await c.post('/api/v1/organizations', { name: 'X', number: 'ORG-999' });
    expect(write.body.errors[0]).toMatchObject({ field: 'number', code: 'unknownField' });
  });

  it('gives 20 concurrent creates 20 consecutive numbers, and a refused create none', async () => {
    const other = await t.createTenant(owner);
    const oc = t.client(owner, other.id);
    expect((await oc.post('/api/v1/organizations', { name: '' })).status).toBe(400);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => oc.post('/api/v1/organizations', { name: `Org ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => Number(String(r.body.number).slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('references', () => {
  it('links a contact to an organization, shows its title, sorts, filters and searches by it', async () => {
    const zeta = await org({ name: 'Zeta Works' });
    const alpha = await org({ name: 'Alpha Labs' });
    await contact({ firstName: 'Ref', lastName: 'Zed', organizationId: zeta.id });
    const a = await contact({ firstName: 'Ref', lastName: 'Amy', organizationId: alpha.id });
    await contact({ firstName: 'Ref', lastName: 'None' });
    expect(a.organization).toEqual({ id: alpha.id, title: 'Alpha Labs' });
    const got = await c.get(`/api/v1/contacts/${a.id}`);
    expect(got.body.organization).toEqual({ id: alpha.id, title: 'Alpha Labs' });

    const list = (body: Record<string, unknown>) => c.post('/api/v1/contacts/list', { search: 'ref', ...body });
    const sorted = await list({ sort: [{ field: 'organizationId', order: 'asc' }] });
    expect(sorted.status, sorted.text).toBe(200);
    expect(names(sorted)).toEqual(['Ref Amy', 'Ref Zed', 'Ref None']);
    expect(sorted.body.data[0].organization).toEqual({ id: alpha.id, title: 'Alpha Labs' });
    const byId = await list({ filters: [{ field: 'organizationId', op: 'eq', value: zeta.id }] });
    expect(names(byId)).toEqual(['Ref Zed']);
    const byIds = await list({ filters: [{ field: 'organizationId', op: 'in', value: [zeta.id, alpha.id] }] });
    expect(names(byIds).sort()).toEqual(['Ref Amy', 'Ref Zed']);
    const byTitle = await list({ filters: [{ field: 'organizationId', op: 'contains', value: 'alpha' }] });
    expect(names(byTitle)).toEqual(['Ref Amy']);
    const notTitle = await list({ filters: [{ field: 'organizationId', op: 'notContains', value: 'alpha' }] });
    expect(names(notTitle).sort()).toEqual(['Ref None', 'Ref Zed']);
    const empty = await list({ filters: [{ field: 'organizationId', op: 'isEmpty' }] });
    expect(names(empty)).toEqual(['Ref None']);
    // the search finds contacts by their organization's name
    const search = await c.post('/api/v1/contacts/list', { search: 'zeta works' });
    expect(names(search)).toEqual(['Ref Zed']);
    const badValue = await list({ filters: [{ field: 'organizationId', op: 'eq', value: 'Alpha' }] });
    expect(badValue.status).toBe(400);
  });

  it("refuses a reference to a record that does not exist or is another workspace's", async () => {
    const foreignTenant = await t.createTenant(owner);
    const foreign = await t.client(owner, foreignTenant.id).post('/api/v1/organizations', { name: 'Elsewhere' });
    for (const id of ['00000000-0000-4000-8000-00000000abcd', foreign.body.id]) {
      const res = await c.post('/api/v1/contacts', { firstName: 'Dangling', organizationId: id });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'organizationId', code: 'referenceNotFound' });
      expect(res.text).not.toContain('Elsewhere');
    }
  });

  it('purging a deleted organization clears the contacts that pointed at it, with an activity entry', async () => {
    const gone = await org({ name: 'Going Away' });
    const x = await contact({ firstName: 'Left', organizationId: gone.id });
    expect((await c.delete(`/api/v1/organizations/${gone.id}`)).status).toBe(204);
    // in the recycle bin the link reads as empty; it is cleared when the organization is purged
    const binned = await c.get(`/api/v1/contacts/${x.id}`);
    expect(binned.body).toMatchObject({ organizationId: gone.id, organization: null, version: 1 });
    expect((await c.post('/api/v1/organizations/purge', { ids: [gone.id] })).status).toBe(200);
    const after = await c.get(`/api/v1/contacts/${x.id}`);
    expect(after.body).toMatchObject({ organizationId: null, organization: null, version: 2 });
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}`);
    expect(feed.body.data[0]).toMatchObject({ action: 'updated', field: 'organizationId', after: null });
  });

  it('records reference changes with titles, not ids', async () => {
    const one = await org({ name: 'First Co' });
    const two = await org({ name: 'Second Co' });
    const x = await contact({ firstName: 'Mover', organizationId: one.id });
    const put = await c.put(`/api/v1/contacts/${x.id}`, { firstName: 'Mover', organizationId: two.id }, { 'if-match': '"1"' });
    expect(put.status, put.text).toBe(200);
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}`);
    expect(feed.body.data[0]).toMatchObject({
      field: 'organizationId',
      before: { id: one.id, title: 'First Co' },
      after: { id: two.id, title: 'Second Co' },
    });
  });
});

describe('hierarchy', () => {
  it('builds a tree, refuses cycles, and refuses to delete a parent', async () => {
    const top = await org({ name: 'Holding' });
    const mid = await org({ name: 'Division', parentId: top.id });
    const leaf = await org({ name: 'Team', parentId: mid.id });
    const sibling = await org({ name: 'Branch', parentId: top.id });
    expect(mid.parent).toEqual({ id: top.id, title: 'Holding' });
    const tree = await c.get(`/api/v1/organizations/${leaf.id}/hierarchy`);
    expect(tree.status, tree.text).toBe(200);
    expect(tree.body.rootId).toBe(top.id);
    expect(tree.body.path).toEqual([top.id, mid.id, leaf.id]);
    expect(tree.body.nodes.map((n: { title: string; depth: number }) => `${n.depth}:${n.title}`)).toEqual([
      '0:Holding',
      '1:Branch',
      '1:Division',
      '2:Team',
    ]);
    // the top cannot move below its own grandchild, nor be its own parent
    for (const parentId of [leaf.id, top.id]) {
      const cycle = await c.patch(`/api/v1/organizations/${top.id}`, [{ op: 'replace', path: '/parentId', value: parentId }], {
        'if-match': '"1"',
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.errors[0]).toMatchObject({ field: 'parentId', code: 'hierarchyCycle' });
    }
    // the lookup with the hierarchy titles each organization with its path from the top
    const paths = await c.post('/api/v1/core/lookups', { entities: ['OrganizationHierarchy'], search: 'Team', pageSize: 20 });
    expect(paths.status, paths.text).toBe(200);
    expect(paths.body.OrganizationHierarchy).toContainEqual({ value: leaf.id, label: 'Holding › Division › Team' });
    const refused = await c.delete(`/api/v1/organizations/${top.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('referencedRecord');
    expect((await c.get(`/api/v1/organizations/${top.id}`)).status).toBe(200);
    expect((await c.delete(`/api/v1/organizations/${sibling.id}`)).status).toBe(204);
  });
});

describe('many-to-many: contacts of an organization', () => {
  it('lists linked contacts and those whose organization it is; links and unlinks', async () => {
    const o = await org({ name: 'Linking Ltd' });
    const member = await contact({ firstName: 'Member', organizationId: o.id });
    const linked = await contact({ firstName: 'Linked' });
    const other = await contact({ firstName: 'Other' });
    const link = await c.post(`/api/v1/organizations/${o.id}/contacts/link`, { ids: [linked.id, linked.id] });
    expect(link.status, link.text).toBe(200);
    expect(link.body.ids).toEqual([linked.id]);
    // linking again changes nothing
    expect((await c.post(`/api/v1/organizations/${o.id}/contacts/link`, { ids: [linked.id] })).body.ids).toEqual([]);
    const list = await c.post(`/api/v1/organizations/${o.id}/contacts`, { sort: [{ field: 'firstName', order: 'asc' }] });
    expect(list.status, list.text).toBe(200);
    expect(names(list)).toEqual(['Linked', 'Member']);
    expect(list.body.total).toBe(2);
    const filtered = await c.post(`/api/v1/organizations/${o.id}/contacts`, { search: 'memb' });
    expect(names(filtered)).toEqual(['Member']);
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${linked.id}`);
    expect(feed.body.data[0]).toMatchObject({ action: 'linked', after: { kind: 'Organization', id: o.id, title: 'Linking Ltd' } });
    const missing = await c.post(`/api/v1/organizations/${o.id}/contacts/link`, { ids: ['00000000-0000-4000-8000-00000000dead'] });
    expect(missing.status).toBe(404);
    expect((await c.delete(`/api/v1/organizations/${o.id}/contacts/${other.id}`)).status).toBe(404);
    expect((await c.delete(`/api/v1/organizations/${o.id}/contacts/${linked.id}`)).status).toBe(204);
    expect(names(await c.post(`/api/v1/organizations/${o.id}/contacts`, {}))).toEqual(['Member']);
    // deleting a contact removes its links
    await c.post(`/api/v1/organizations/${o.id}/contacts/link`, { ids: [other.id] });
    await c.delete(`/api/v1/contacts/${other.id}`);
    expect((await c.post(`/api/v1/organizations/${o.id}/contacts`, {})).body.total).toBe(1);
    expect(member.organizationId).toBe(o.id);
  });
});

describe('organization requesters (issue 25)', () => {
  it('are not served while the helpdesk has no requests to find them by: no route, nothing in the API document', async () => {
    const o = (await c.post('/api/v1/organizations', { name: 'Requesting Ltd' })).body;
    const res = await c.post(`/api/v1/organizations/${o.id}/requesters`, {});
    expect(res.status, res.text).toBe(404);
    const doc = (await t.client().get('/api/docs/json')).body;
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/requesters'))).toEqual([]);
  });
});

describe('record types with their own fields (contact types)', () => {
  it('applies a type’s fields only to records of that type', async () => {
    const supplier = await c.post('/api/v1/contact-types', { name: 'Supplier', description: 'We buy from them' });
    expect(supplier.status, supplier.text).toBe(201);
    const partner = await c.post('/api/v1/contact-types', { name: 'Partner' });
    expect((await c.post('/api/v1/contact-types', { name: 'supplier' })).status).toBe(409);
    const put = await c.put(`/api/v1/contact-types/${supplier.body.id}/fields`, {
      fields: [{ kind: 'singleLine', label: 'Supplier number', key: 'supplierNumber', dataType: 'text', required: true }],
    });
    expect(put.status, put.text).toBe(200);
    // keys are unique across the kind: another type cannot reuse it
    const clash = await c.put(`/api/v1/contact-types/${partner.body.id}/fields`, {
      fields: [{ kind: 'singleLine', label: 'Number', key: 'supplierNumber', dataType: 'text' }],
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0]).toMatchObject({ field: 'fields.0.key', code: 'duplicateKey' });
    expect((await c.get(`/api/v1/contact-types/${supplier.body.id}/fields`)).body.map((f: { key: string }) => f.key)).toEqual([
      'supplierNumber',
    ]);

    const required = await c.post('/api/v1/contacts', { firstName: 'Typed', typeId: supplier.body.id });
    expect(required.status).toBe(400);
    expect(required.body.errors[0]).toMatchObject({ field: 'customFields.supplierNumber', code: 'required' });
    const typed = await contact({ firstName: 'Typed', typeId: supplier.body.id, customFields: { supplierNumber: 'S-1' } });
    expect(typed.customFields).toEqual({ supplierNumber: 'S-1' });
    const wrong = await c.post('/api/v1/contacts', { firstName: 'Untyped', customFields: { supplierNumber: 'S-2' } });
    expect(wrong.body.errors[0]).toMatchObject({ field: 'customFields.supplierNumber', code: 'unknownField' });
    const unknownType = await c.post('/api/v1/contacts', { firstName: 'X', typeId: '00000000-0000-4000-8000-0000000000aa' });
    expect(unknownType.body.errors[0]).toMatchObject({ field: 'typeId', code: 'referenceNotFound' });

    // changing the type drops the old type's values
    const moved = await c.put(`/api/v1/contacts/${typed.id}`, { firstName: 'Typed', typeId: partner.body.id }, { 'if-match': '"1"' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.customFields).toEqual({});
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${typed.id}`);
    expect(feed.body.data.find((r: { field: string }) => r.field === 'typeId')).toMatchObject({
      before: { id: supplier.body.id, title: 'Supplier' },
      after: { id: partner.body.id, title: 'Partner' },
    });

    const columns = await c.get('/api/v1/contacts/entity-field-columns');
    expect(columns.body.find((col: { key: string }) => col.key === 'customFields.supplierNumber')).toMatchObject({
      typeId: supplier.body.id,
    });
    const list = await c.post('/api/v1/contact-types/list', {});
    expect(list.body.data.map((x: { name: string; records: number }) => [x.name, x.records])).toEqual([
      ['Partner', 1],
      ['Supplier', 0],
    ]);
    const lookups = await c.post('/api/v1/core/lookups', { entities: ['ContactType'], search: 'supp' });
    expect(lookups.body.ContactType).toEqual([{ value: supplier.body.id, label: 'Supplier', description: 'We buy from them' }]);
    const inUse = await c.delete(`/api/v1/contact-types/${partner.body.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('typeInUse');
    expect((await c.delete(`/api/v1/contact-types/${supplier.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/contact-types/${supplier.body.id}`)).status).toBe(404);
  });
});

describe('shared records follow the definition', () => {
  it('refuses unregistered kinds, unknown records and callers without the permission', async () => {
    const x = await contact({ firstName: 'Shared' });
    const booking = await c.post('/api/v1/core/notes', { entityKind: 'Booking', entityId: x.id, body: 'hi' });
    expect(booking.status).toBe(400);
    expect(booking.body.code).toBe('unknownKind');
    const ghost = await c.post('/api/v1/core/notes', {
      entityKind: 'Contact',
      entityId: '00000000-0000-4000-8000-0000000000bb',
      body: 'hi',
    });
    expect(ghost.status).toBe(404);
    const empty = t.client(await t.addMemberWith(tenant.id, []), tenant.id);
    const folder = await empty.post('/api/v1/core/documents', { entityKind: 'Contact', entityId: x.id, type: 'Folder', name: 'Nope' });
    expect(folder.status).toBe(403);
    const viewer = t.client(await t.addMemberWith(tenant.id, ['Contact.ViewContacts']), tenant.id);
    expect((await viewer.post('/api/v1/core/notes/list', { entityKind: 'Contact', entityId: x.id })).status).toBe(200);
    expect((await viewer.post('/api/v1/core/notes', { entityKind: 'Contact', entityId: x.id, body: 'hi' })).status).toBe(403);
    expect((await viewer.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${x.id}`, { tagIds: [] })).status).toBe(403);
  });

  it('removes notes, documents, tags, followers and links with the record', async () => {
    const x = await contact({ firstName: 'Doomed' });
    const y = await contact({ firstName: 'Stays' });
    const ref = { entityKind: 'Contact', entityId: x.id };
    expect((await c.post('/api/v1/core/notes', { ...ref, body: '<p>note</p>' })).status).toBe(201);
    expect((await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'Folder' })).status).toBe(201);
    const tag = await c.post('/api/v1/core/tags', { name: 'Doomed tag' });
    expect((await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${x.id}`, { tagIds: [tag.body.id] })).status).toBe(200);
    expect((await c.post('/api/v1/core/collaborators', ref)).status).toBe(201);
    expect((await c.post('/api/v1/core/linked-entities', { ...ref, linkedKind: 'Contact', linkedId: y.id })).status).toBe(201);
    const count = async () => {
      const [row] = await t.sql(
        `select (select count(*) from notes where entity_id = $1)::int + (select count(*) from documents where entity_id = $1)::int
          + (select count(*) from entity_tags where entity_id = $1)::int + (select count(*) from collaborators where entity_id = $1)::int
          + (select count(*) from entity_links where a_id = $1 or b_id = $1)::int as n`,
        [x.id],
      );
      return row.n as number;
    };
    expect(await count()).toBe(5);
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${x.id}`);
    expect(feed.body.data.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['tagged', 'followed', 'linked']));
    expect((await c.delete(`/api/v1/contacts/${x.id}`)).status).toBe(204);
    // they wait in the recycle bin with the record and go when it is purged (decision 086)
    expect(await count()).toBe(5);
    expect((await c.post('/api/v1/contacts/purge', { ids: [x.id] })).status).toBe(200);
    expect(await count()).toBe(0);
    expect((await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Contact', entityId: y.id })).body.total).toBe(0);
  });
});
