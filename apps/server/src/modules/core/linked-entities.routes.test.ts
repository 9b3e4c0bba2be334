import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
});
afterAll(async () => t.close());

describe('linked entities', () => {
  it('links two records and shows the link on both sides, with titles of engine entities', async () => {
    const c = t.client(owner, tenant.id);
    const contact = await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    expect(contact.status).toBe(201);
    const org = (await t.newRecord(c, 'Organization')).entityId;
    const link = await c.post('/api/v1/core/linked-entities', {
      entityKind: 'Organization',
      entityId: org,
      linkedKind: 'Contact',
      linkedId: contact.body.id,
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ entityKind: 'Contact', entityId: contact.body.id, title: 'Ada Lovelace' });
    const fromOrg = await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Organization', entityId: org });
    expect(fromOrg.body.total).toBe(1);
    expect(fromOrg.body.data[0]).toMatchObject({
      id: link.body.id,
      entityKind: 'Contact',
      entityId: contact.body.id,
      title: 'Ada Lovelace',
    });
    const fromContact = await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Contact', entityId: contact.body.id });
    expect(fromContact.body.data[0]).toMatchObject({ id: link.body.id, entityKind: 'Organization', entityId: org });
    // linking the other way round is the same link
    const again = await c.post('/api/v1/core/linked-entities', {
      entityKind: 'Contact',
      entityId: contact.body.id,
      linkedKind: 'Organization',
      linkedId: org,
    });
    expect(again.body.id).toBe(link.body.id);
    expect(
      (await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Contact', entityId: contact.body.id, linkedKind: 'Project' })).body
        .total,
    ).toBe(0);
    expect(
      (
        await c.post('/api/v1/core/linked-entities', {
          entityKind: 'Contact',
          entityId: contact.body.id,
          linkedKind: 'Contact',
          linkedId: contact.body.id,
        })
      ).status,
    ).toBe(400);
    expect((await c.delete(`/api/v1/core/linked-entities/${link.body.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Organization', entityId: org })).body.total).toBe(0);
    expect((await c.delete(`/api/v1/core/linked-entities/${link.body.id}`)).status).toBe(404);
  });
});
