import { randomUUID } from 'node:crypto';
import { TAG_COLORS } from '@atrium/domain';
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

describe('tags', () => {
  it('creates tags with a palette colour, refuses duplicates and over-long names', async () => {
    const vip = await c.post('/api/v1/core/tags', { name: 'VIP', color: '#F5222D' });
    expect(vip.status).toBe(201);
    expect(vip.body).toMatchObject({ name: 'VIP', color: '#F5222D' });
    const auto = await c.post('/api/v1/core/tags', { name: 'Partner' });
    expect(TAG_COLORS).toContain(auto.body.color);
    expect((await c.post('/api/v1/core/tags', { name: 'vip' })).status).toBe(409);
    const long = await c.post('/api/v1/core/tags', { name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('tagMaxCharacters');
    expect((await c.post('/api/v1/core/tags', { name: 'Odd', color: '#123456' })).status).toBe(400);
    const list = await c.post('/api/v1/core/tags/list', { search: 'vi' });
    expect(list.body).toEqual({ data: [{ id: vip.body.id, name: 'VIP', color: '#F5222D' }], total: 1 });
  });

  it('puts tags on a record, reads them back and finds records by tag', async () => {
    const a = await c.post('/api/v1/core/tags', { name: 'Alpha' });
    const b = await c.post('/api/v1/core/tags', { name: 'Beta' });
    const one = (await t.newRecord(c, 'Organization')).entityId;
    const two = (await t.newRecord(c, 'Organization')).entityId;
    const put = await c.put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${one}`, { tagIds: [a.body.id, b.body.id] });
    expect(put.status).toBe(200);
    expect(put.body.map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Beta']);
    await c.put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${two}`, { tagIds: [b.body.id] });
    expect(
      (await c.put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${one}`, { tagIds: [a.body.id] })).body.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Alpha']);
    expect(
      (await c.get(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${one}`)).body.map((x: { name: string }) => x.name),
    ).toEqual(['Alpha']);
    expect((await c.put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${one}`, { tagIds: [randomUUID()] })).status).toBe(404);
    // the contacts list filters by tag through the entity engine
    const ada = (await c.post('/api/v1/contacts', { firstName: 'Ada' })).body;
    const bob = (await c.post('/api/v1/contacts', { firstName: 'Bob' })).body;
    await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${ada.id}`, { tagIds: [a.body.id] });
    await c.put(`/api/v1/core/tags/entity?entityKind=Contact&entityId=${bob.id}`, { tagIds: [b.body.id] });
    const tagged = await c.post('/api/v1/contacts/list', { tags: [b.body.id] });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body.data.map((x: { id: string }) => x.id)).toEqual([bob.id]);
    expect(tagged.body.total).toBe(1);
    const either = await c.post('/api/v1/contacts/list', { tags: [a.body.id, b.body.id] });
    expect(either.body.total).toBe(2);
    expect((await c.post('/api/v1/contacts/list', { tags: ['not-a-uuid'] })).status).toBe(400);
    // another workspace's tag cannot be put on a record
    const stranger = await t.createUser();
    const other = await t.createTenant(stranger);
    expect(
      (await t.client(stranger, other.id).put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${one}`, { tagIds: [a.body.id] }))
        .status,
    ).toBe(404);
    expect((await t.client(stranger, other.id).post('/api/v1/core/tags/list', {})).body.total).toBe(0);
  });
});

describe('tags of a record named in the query (issue 25)', () => {
  it('answer 404 for a missing record and for another workspace’s, and the API document lists that 404', async () => {
    const other = await t.createUser();
    const otherTenant = await t.createTenant(other);
    const theirs = await t.newRecord(t.client(other, otherTenant.id));
    for (const entityId of [randomUUID(), theirs.entityId]) {
      const res = await c.get(`/api/v1/core/tags/entity?entityKind=${theirs.entityKind}&entityId=${entityId}`);
      expect(res.status, res.text).toBe(404);
      expect(res.body.code).toBe('notFound');
    }
    const doc = (await t.client().get('/api/docs/json')).body;
    expect(Object.keys(doc.paths['/api/v1/core/tags/entity'].get.responses)).toContain('404');
  });
});
