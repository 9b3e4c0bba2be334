import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

describe('lookups', () => {
  it('answers several lookups keyed by name, with selected ids always included', async () => {
    const tag = await c.post('/api/v1/core/tags', { name: 'Zeta' });
    await c.post('/api/v1/core/tags', { name: 'Alpha' });
    const contact = await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await c.post('/api/v1/core/lookups', {
      entities: ['User', 'Tag', 'Role', 'Contact'],
      pageSize: 1,
      selectedIds: [tag.body.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.User).toEqual([{ value: expect.any(String), label: 'Olivia Owner', description: owner.email }]);
    expect(res.body.Tag.map((o: { label: string }) => o.label)).toEqual(['Zeta', 'Alpha']);
    expect(res.body.Role).toHaveLength(1);
    expect(res.body.Contact).toEqual([{ value: contact.body.id, label: 'Ada Lovelace' }]);
    const byIds = await c.post('/api/v1/core/lookups', { entities: ['Tag'], ids: [tag.body.id] });
    expect(byIds.body.Tag).toEqual([{ value: tag.body.id, label: 'Zeta', color: tag.body.color }]);
    const unknown = await c.post('/api/v1/core/lookups', { entities: ['Nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'entities.0', code: 'unknownField' });
  });

  // issue 12, defect 5: the profile asks for them before (or without) choosing a workspace
  it('answers time zones and cultures to a signed-in user without a workspace', async () => {
    const loner = await t.createUser({ name: 'Lena Loner' });
    const noWorkspace = t.client(loner);
    const tz = await noWorkspace.get('/api/v1/core/lookups/time-zones');
    expect(tz.status).toBe(200);
    expect(tz.body.find((z: { value: string }) => z.value === 'Europe/Berlin')).toBeDefined();
    const cultures = await noWorkspace.post('/api/v1/core/lookups/cultures', {});
    expect(cultures.status).toBe(200);
    expect(cultures.body).toEqual(expect.arrayContaining([{ code: 'de-DE', name: 'German (Germany)' }]));
    expect((await t.client().get('/api/v1/core/lookups/time-zones')).status).toBe(401);
  });

  it('lists IANA time zones, cultures and the visibility options', async () => {
    const tz = await c.get('/api/v1/core/lookups/time-zones');
    expect(tz.body.length).toBeGreaterThan(300);
    expect(tz.body.find((z: { value: string }) => z.value === 'Europe/Berlin').label).toMatch(/^\(UTC\+0[12]:00\) Europe\/Berlin$/);
    expect(tz.body.find((z: { value: string }) => z.value === 'UTC' || z.value === 'Etc/UTC')).toBeDefined();
    const cultures = await c.post('/api/v1/core/lookups/cultures', {});
    expect(cultures.body).toEqual(
      expect.arrayContaining([
        { code: 'en-US', name: 'American English' },
        { code: 'en-GB', name: 'British English' },
        { code: 'de-DE', name: 'German (Germany)' },
      ]),
    );
    const vis = await c.get('/api/v1/core/lookups/visibility');
    expect(vis.body).toEqual({
      internal: ['Everyone', 'Restricted', 'None'],
      external: ['Anon', 'Registered', 'Restricted', 'None'],
      defaultInternal: 'Everyone',
      defaultExternal: 'None',
    });
  });

  it('advanced fields need Plan.AdvancedFields, then give fields, operators and options', async () => {
    expect((await c.post('/api/v1/core/lookups/advanced-fields', { entityKind: 'Contact' })).body.code).toBe('planFeatureRequired');
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
    const put = await c.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [
        {
          kind: 'dropdown',
          label: 'Tier',
          key: 'tier',
          options: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
      ],
    });
    expect(put.status).toBe(200);
    const fields = await c.post('/api/v1/core/lookups/advanced-fields', { entityKind: 'Contact' });
    expect(fields.status).toBe(200);
    expect(fields.body.find((f: { id: string }) => f.id === 'Contact:email')).toMatchObject({
      field: 'email',
      dataType: 'text',
      custom: false,
    });
    const tier = fields.body.find((f: { id: string }) => f.id === 'Contact:customFields.tier');
    expect(tier).toMatchObject({ field: 'customFields.tier', label: 'Tier', dataType: 'text', custom: true, hasOptions: true });
    const filters = await c.post('/api/v1/core/lookups/advanced-fields/filters', { id: 'Contact:createdAt' });
    expect(filters.body.operators).toContain('between');
    const options = await c.post('/api/v1/core/lookups/advanced-fields/options', { id: 'Contact:customFields.tier' });
    expect(options.body).toEqual([
      { value: 'gold', label: 'Gold' },
      { value: 'silver', label: 'Silver' },
    ]);
    expect((await c.post('/api/v1/core/lookups/advanced-fields/options', { id: 'Contact:nope' })).status).toBe(404);
    expect((await c.post('/api/v1/core/lookups/advanced-fields', { entityKind: 'Booking' })).status).toBe(400);
  });
});
