import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowVisibilitySamples } from '../../../test/sample-entity';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// A kind whose definition narrows what a caller sees: members see the samples they created,
// holders of Contact.ManageSettings see all. The rule must hold on every generic call and on
// every shared-record call alike.
const samples = rowVisibilitySamples({
  archive: true,
  notes: true,
  tags: true,
  documents: true,
  collaborators: true,
  linkedEntities: true,
});

let t: TestApp;
let admin: Client;
let alice: Client;
let bob: Client;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      extraModules: [samples.module],
    },
  );
  await t.sql(samples.tableSql);
  owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  admin = t.client(owner, tenant.id);
  alice = t.client(await t.addMember(tenant.id, 'Member'), tenant.id);
  bob = t.client(await t.addMember(tenant.id, 'Member'), tenant.id);
});
afterAll(async () => t.close());

describe('row visibility declared by a definition', () => {
  it('hides other members’ records from list, get, update, delete, archive and shared records', async () => {
    const mine = await alice.post('/api/v1/samples', { name: 'Alice sample' });
    expect(mine.status, mine.text).toBe(201);
    const id = mine.body.id;
    const theirs = await bob.post('/api/v1/samples', { name: 'Bob sample' });
    expect(theirs.status).toBe(201);

    expect((await alice.post('/api/v1/samples/list', {})).body.data.map((r: { name: string }) => r.name)).toEqual(['Alice sample']);
    expect((await bob.post('/api/v1/samples/list', {})).body.total).toBe(1);
    expect((await admin.post('/api/v1/samples/list', {})).body.total).toBe(2);

    const calls = [
      bob.get(`/api/v1/samples/${id}`),
      bob.put(`/api/v1/samples/${id}`, { name: 'Stolen' }, { 'if-match': '"1"' }),
      bob.patch(`/api/v1/samples/${id}`, [{ op: 'replace', path: '/name', value: 'Stolen' }], { 'if-match': '"1"' }),
      bob.delete(`/api/v1/samples/${id}`),
      bob.post('/api/v1/samples/archive', { ids: [id] }),
      bob.post('/api/v1/core/notes', { entityKind: 'Sample', entityId: id, body: 'peek' }),
      bob.post('/api/v1/core/notes/list', { entityKind: 'Sample', entityId: id }),
      bob.get(`/api/v1/core/tags/entity?entityKind=Sample&entityId=${id}`),
      bob.post('/api/v1/core/documents', { entityKind: 'Sample', entityId: id, type: 'Folder', name: 'x' }),
      bob.post('/api/v1/core/collaborators', { entityKind: 'Sample', entityId: id }),
      bob.get(`/api/v1/core/activity?target=Sample&targetId=${id}`),
      bob.post('/api/v1/core/lookups', { entities: ['Sample'], ids: [id] }),
    ];
    const results = await Promise.all(calls);
    expect(results.slice(0, -1).map((r) => r.status)).toEqual(Array(11).fill(404));
    expect(results.at(-1)?.body).toEqual({ Sample: [] });
    // the search across kinds (Ctrl/Cmd+K) applies the same rule
    const searched = async (cl: Client) =>
      ((await cl.get('/api/v1/core/search?q=sample')).body.groups as { kind: string; data: { title: string }[] }[])
        .find((g) => g.kind === 'Sample')
        ?.data.map((h) => h.title)
        .sort();
    expect(await searched(bob)).toEqual(['Bob sample']);
    expect(await searched(admin)).toEqual(['Alice sample', 'Bob sample']);
    expect((await alice.get(`/api/v1/samples/${id}`)).body.name).toBe('Alice sample');
    expect((await admin.get(`/api/v1/samples/${id}`)).status).toBe(200);
    expect((await alice.post('/api/v1/core/notes', { entityKind: 'Sample', entityId: id, body: 'mine' })).status).toBe(201);
  });
});
