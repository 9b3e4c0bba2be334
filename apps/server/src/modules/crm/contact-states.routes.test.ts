import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Block, spam, un-spam and unsubscribe (spec §7): states of a contact, each with its activity
// entry, shown on the contact and filterable.
let t: TestApp;
let c: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
});
afterAll(async () => t.close());

describe('contact states', () => {
  it('are set and cleared by their calls, recorded once each, and filterable', async () => {
    const ada = (await c.post('/api/v1/contacts', { firstName: 'Ada', lastName: 'States' })).body;
    const spam = await c.post(`/api/v1/contacts/${ada.id}/spam`);
    expect(spam.status, spam.text).toBe(200);
    expect(spam.body.spamAt).toEqual(expect.any(String));
    expect(spam.headers.etag).toBe(`"${spam.body.version}"`);
    // again: nothing changes
    const again = await c.post(`/api/v1/contacts/${ada.id}/spam`);
    expect(again.body.version).toBe(spam.body.version);
    expect((await c.put(`/api/v1/contacts/${ada.id}/block`, { blocked: true })).body.blockedAt).toEqual(expect.any(String));
    expect((await c.put(`/api/v1/contacts/${ada.id}/unsubscribe`, { unsubscribed: true })).body.unsubscribedAt).toEqual(expect.any(String));
    const unspam = await c.put(`/api/v1/contacts/${ada.id}/unspam`);
    expect(unspam.body).toMatchObject({ spamAt: null });

    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${ada.id}`);
    const entries = feed.body.data.map((a: { action: string; field: string | null }) => `${a.action}:${a.field ?? ''}`);
    expect(entries.slice(0, 4)).toEqual(['stateCleared:spam', 'stateSet:unsubscribed', 'stateSet:blocked', 'stateSet:spam']);

    await c.post('/api/v1/contacts', { firstName: 'Bob', lastName: 'States' });
    const blocked = await c.post('/api/v1/contacts/list', { search: 'states', filters: [{ field: 'blockedAt', op: 'isNotEmpty' }] });
    expect(blocked.body.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Ada']);
    // a client cannot write them directly
    const direct = await c.patch(`/api/v1/contacts/${ada.id}`, [{ op: 'replace', path: '/blockedAt', value: null }], {
      'if-match': `"${unspam.body.version}"`,
    });
    expect(direct.status).toBe(400);
    expect(direct.body.errors[0]).toMatchObject({ field: '/blockedAt' });
  });

  it('refuse bad input, callers without the right, and other workspaces', async () => {
    const ada = (await c.post('/api/v1/contacts', { firstName: 'Guarded' })).body;
    const bad = await c.put(`/api/v1/contacts/${ada.id}/block`, { blocked: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'blocked' });
    const viewer = t.client(await t.addMemberWith(tenantId, ['Contact.ViewContacts']), tenantId);
    expect((await viewer.post(`/api/v1/contacts/${ada.id}/spam`)).status).toBe(403);
    const stranger = await t.createUser();
    const other = t.client(stranger, (await t.createTenant(stranger)).id);
    expect((await other.post(`/api/v1/contacts/${ada.id}/spam`)).status).toBe(404);
    expect((await c.get(`/api/v1/contacts/${ada.id}`)).body).toMatchObject({ spamAt: null, blockedAt: null, version: 1 });
  });
});
