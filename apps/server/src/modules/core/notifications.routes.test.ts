import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let carl: TestUser & { tenantUserId: string };
let dora: TestUser & { tenantUserId: string };

const mention = (m: { tenantUserId: string }) => `<span data-mention-id="${m.tenantUserId}">@x</span>`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  carl = await t.addMember(tenant.id, 'Member');
  dora = await t.addMember(tenant.id, 'Member');
});
afterAll(async () => t.close());

describe('notifications', () => {
  it('lists only my own, newest first, pages, filters unread and marks chosen ones read', async () => {
    const c = t.client(owner, tenant.id);
    const record = await t.newRecord(c);
    for (let i = 0; i < 3; i += 1) await c.post('/api/v1/core/notes', { ...record, body: `<p>n${i} ${mention(carl)}</p>` });
    await c.post('/api/v1/core/notes', { ...record, body: `<p>for dora ${mention(dora)}</p>` });
    const mine = t.client(carl, tenant.id);
    const all = await mine.get('/api/v1/core/notifications');
    expect(all.body.total).toBe(3);
    expect(all.body.unread).toBe(3);
    expect(all.body.data[0].body).toContain('n2');
    const first = all.body.data[0].id;
    // someone else's notification id changes nothing
    const doraList = await t.client(dora, tenant.id).get('/api/v1/core/notifications');
    expect((await mine.post('/api/v1/core/notifications/read', { ids: [doraList.body.data[0].id] })).body).toEqual({
      updated: 0,
      unread: 3,
    });
    expect((await mine.post('/api/v1/core/notifications/read', { ids: [first] })).body).toEqual({ updated: 1, unread: 2 });
    const unread = await mine.get('/api/v1/core/notifications?unreadOnly=true');
    expect(unread.body.total).toBe(2);
    expect(unread.body.data.every((n: { read: boolean }) => !n.read)).toBe(true);
    expect((await mine.get('/api/v1/core/notifications?pageSize=50&page=2')).body.data).toEqual([]);
    expect((await mine.get('/api/v1/core/notifications/unread-count')).body).toEqual({ unread: 2 });
    expect((await t.client(dora, tenant.id).get('/api/v1/core/notifications/unread-count')).body).toEqual({ unread: 1 });
  });
});
