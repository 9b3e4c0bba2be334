import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Client;
let member: Client;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  const tenantId = (await t.createTenant(owner)).id;
  admin = t.client(owner, tenantId);
  member = t.client(await t.addMember(tenantId, 'Member'), tenantId);
});
afterAll(async () => t.close());

describe('contact-detail global lookups', () => {
  it('creates, lists, updates and deletes entries per lookup entity', async () => {
    const work = await admin.post('/api/v1/core/global-lookups', { entity: 'Email', name: 'Work', isDefault: true });
    expect(work.status, work.text).toBe(201);
    const home = await admin.post('/api/v1/core/global-lookups', { entity: 'Email', name: 'Home', isDefault: true });
    await admin.post('/api/v1/core/global-lookups', { entity: 'JobTitle', name: 'Engineer' });
    const emails = await admin.get('/api/v1/core/global-lookups/Email');
    expect(emails.body.map((l: { name: string; isDefault: boolean }) => [l.name, l.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    const dup = await admin.post('/api/v1/core/global-lookups', { entity: 'Email', name: 'work' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'name', code: 'duplicateTitle' });
    const page = await admin.post('/api/v1/core/global-lookups/list', { entities: ['Email', 'JobTitle'], pageSize: 25 });
    expect(page.body.total).toBe(3);
    expect((await admin.post('/api/v1/core/global-lookups/list', { search: 'eng' })).body.data[0].name).toBe('Engineer');
    const renamed = await admin.put('/api/v1/core/global-lookups/Email', { id: work.body.id, name: 'Office' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Office', version: 2 });
    // the path names the entity: an entry of another entity is not found there
    expect((await admin.put('/api/v1/core/global-lookups/Phone', { id: work.body.id, name: 'X' })).status).toBe(404);
    expect((await admin.delete(`/api/v1/core/global-lookups/Email?id=${home.body.id}`)).status).toBe(204);
    expect((await admin.get('/api/v1/core/global-lookups/Email')).body).toHaveLength(1);
    expect((await admin.get('/api/v1/core/global-lookups/Nope')).status).toBe(400);
  });

  it('members read but do not manage lookups', async () => {
    expect((await member.get('/api/v1/core/global-lookups/JobTitle')).status).toBe(200);
    const res = await member.post('/api/v1/core/global-lookups', { entity: 'Department', name: 'Sales' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('accessDenied');
  });
});
