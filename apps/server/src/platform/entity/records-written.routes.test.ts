import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';
import { provideRecordsWrittenListener } from './record-changes';

// The engine's after-write hook (decision 095): every write of a record — create, update,
// delete to the bin, restore, archive and unarchive, merge, a contact state set by the CRM's own
// statement — tells the records-written listeners which ids, in the writing transaction (a
// listener that fails rolls the write back).
let t: TestApp;
let c: Client;
let heard: { kind: string; ids: string[] }[] = [];
let failFor: string | undefined;

beforeAll(async () => {
  provideRecordsWrittenListener('test-records-written', async (_ctx, kind, ids) => {
    if (failFor && ids.includes(failFor)) throw new Error('listener refused');
    heard.push({ kind, ids: [...ids] });
  });
  t = await createTestApp();
  const owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
});
afterAll(async () => {
  provideRecordsWrittenListener('test-records-written', async () => undefined);
  await t?.close();
});
beforeEach(() => {
  heard = [];
  failFor = undefined;
});

const contactsHeard = () => heard.filter((h) => h.kind === 'Contact').flatMap((h) => h.ids);
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });

async function contact(lastName: string): Promise<{ id: string; version: number }> {
  const res = await c.post('/api/v1/contacts', { firstName: 'Hook', lastName, email: `${lastName.toLowerCase()}@hook.test` });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('records written', () => {
  it('every kind of contact write names the contact', async () => {
    const a = await contact('Alpha');
    expect(contactsHeard()).toEqual([a.id]);

    heard = [];
    const put = await c.patch(`/api/v1/contacts/${a.id}`, [{ op: 'replace', path: '/lastName', value: 'Alef' }], ifMatch(a.version));
    expect(put.status, put.text).toBe(200);
    expect(contactsHeard()).toEqual([a.id]);

    for (const [method, path, body] of [
      ['put', 'block', { blocked: true }],
      ['post', 'spam', undefined],
      ['put', 'unsubscribe', { unsubscribed: true }],
    ] as const) {
      heard = [];
      const res =
        method === 'put' ? await c.put(`/api/v1/contacts/${a.id}/${path}`, body) : await c.post(`/api/v1/contacts/${a.id}/${path}`);
      expect(res.status, res.text).toBe(200);
      expect(contactsHeard(), path).toEqual([a.id]);
    }

    heard = [];
    expect((await c.post('/api/v1/contacts/archive', { ids: [a.id] })).status).toBe(200);
    expect((await c.post('/api/v1/contacts/unarchive', { ids: [a.id] })).status).toBe(200);
    expect(contactsHeard()).toEqual([a.id, a.id]);

    heard = [];
    expect((await c.delete(`/api/v1/contacts/${a.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/contacts/restore', { ids: [a.id] })).status).toBe(200);
    expect(contactsHeard()).toEqual([a.id, a.id]);
  });

  it('a merge names both records', async () => {
    const a = await contact('Keep');
    const b = await contact('Other');
    heard = [];
    const res = await c.post(`/api/v1/contacts/${a.id}/merge`, { otherId: b.id, otherVersion: b.version }, ifMatch(a.version));
    expect(res.status, res.text).toBe(200);
    expect(contactsHeard()).toContain(b.id);
    expect(contactsHeard().at(-2)).toBe(a.id);
    expect(contactsHeard().at(-1)).toBe(b.id);
  });

  it('a listener that fails rolls the write back', async () => {
    const a = await contact('Rollback');
    failFor = a.id;
    const res = await c.put(`/api/v1/contacts/${a.id}/block`, { blocked: true });
    expect(res.status).toBe(500);
    failFor = undefined;
    expect((await c.get(`/api/v1/contacts/${a.id}`)).body.blockedAt).toBeNull();
  });
});
