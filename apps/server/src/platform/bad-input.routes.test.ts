import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type Reply, type TestApp, type TestUser } from '../../test/harness';
import { databaseFingerprint } from '../../test/guards/fingerprint';
import { registerErrorHandling } from './errors';

// Issue 11, "bad input that reaches a 500": each class answers a 400 naming the field and
// writes nothing.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;
let contactId: string;

const NUL = 'Ada\u0000Lovelace';
const LONE = 'Ada \ud800 Lovelace';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  const created = await c.post('/api/v1/contacts', { firstName: 'Grace', lastName: 'Hopper' });
  expect(created.status).toBe(201);
  contactId = created.body.id;
  const fields = await c.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [{ kind: 'dateTime', label: 'Born', key: 'born', dataType: 'date' }],
  });
  expect(fields.status).toBe(200);
});
afterAll(async () => t.close());

// Sends one request and checks the answer is a 400 naming `field` with nothing written.
async function refused(send: () => Promise<Reply>, field: string, code?: string): Promise<Reply> {
  const before = await databaseFingerprint(t);
  const res = await send();
  expect(res.status, res.text).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  if (code) expect(res.body.code).toBe(code);
  expect(await databaseFingerprint(t)).toBe(before);
  return res;
}

describe('database errors arrive wrapped', () => {
  it('maps the driver error inside drizzle’s wrapper to a 400, not a 500', async () => {
    // a route of its own that lets the database see a NUL: only the mapping stands between it and a 500
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/nul', async () => t.database.db.execute(sql`select ${'a\u0000b'}::text as v`));
    app.get('/year-zero', async () => t.database.db.execute(sql`select '0000-01-01'::date as v`));
    app.get('/unique', async () => {
      await t.database.admin.query(`create temporary table if not exists guard_unique (v int primary key)`);
      await t.database.admin.query(`insert into guard_unique values (1) on conflict do nothing`);
      // the same insert again, wrapped once more by the caller
      return t.database.admin.query(`insert into guard_unique values (1)`).catch((err: unknown) => {
        throw new Error('insert failed', { cause: err });
      });
    });
    const nul = await app.inject({ method: 'GET', url: '/nul' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'invalidText' });
    const year = await app.inject({ method: 'GET', url: '/year-zero' });
    expect(year.statusCode).toBe(400);
    expect(year.json()).toMatchObject({ code: 'dateOutOfRange' });
    const unique = await app.inject({ method: 'GET', url: '/unique' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json()).toMatchObject({ code: 'unique' });
    await app.close();
  });
});

describe('NUL and lone surrogates in any text', () => {
  it('contacts: create, update, search, every filter operator and sort', async () => {
    await refused(() => c.post('/api/v1/contacts', { firstName: NUL }), 'firstName', 'invalidText');
    await refused(() => c.post('/api/v1/contacts', { firstName: LONE }), 'firstName', 'invalidText');
    const current = await c.get(`/api/v1/contacts/${contactId}`);
    await refused(
      () => c.put(`/api/v1/contacts/${contactId}`, { firstName: 'Grace', lastName: LONE }, { 'if-match': current.headers.etag as string }),
      'lastName',
    );
    await refused(() => c.post('/api/v1/contacts/list', { search: NUL }), 'search');
    for (const op of ['eq', 'neq', 'contains', 'notContains', 'startsWith', 'gt', 'gte', 'lt', 'lte'])
      await refused(() => c.post('/api/v1/contacts/list', { filters: [{ field: 'lastName', op, value: NUL }] }), 'filters.0.value');
    for (const op of ['in', 'notIn', 'between'])
      await refused(
        () => c.post('/api/v1/contacts/list', { filters: [{ field: 'lastName', op, value: ['a', LONE] }] }),
        'filters.0.value.1',
      );
    await refused(() => c.post('/api/v1/contacts/list', { filters: [{ field: NUL, op: 'eq', value: 'x' }] }), 'filters.0.field');
    await refused(() => c.post('/api/v1/contacts/list', { sort: [{ field: LONE, order: 'asc' }] }), 'sort.0.field');
    await refused(() => c.post('/api/v1/contacts', { firstName: 'Ok', customFields: { [NUL]: 'x' } }), 'customFields.Ada\uFFFDLovelace');
  });

  it('tags, notes, lookups, saved views, users and the profile', async () => {
    await refused(() => c.post('/api/v1/core/tags', { name: NUL, color: '#F5222D' }), 'name');
    await refused(() => c.post('/api/v1/core/tags/list', { search: LONE }), 'search');
    // a note body with a lone surrogate used to fail in the activity insert
    await refused(() => c.post('/api/v1/core/notes', { entityKind: 'Contact', entityId: contactId, body: `<p>${LONE}</p>` }), 'body');
    await refused(() => c.post('/api/v1/core/lookups', { entities: ['User'], ids: [], selectedIds: [], search: NUL }), 'search');
    await refused(() => c.post('/api/v1/core/saved-views', { listKey: 'contacts', name: NUL, filters: [], sort: [], columns: [] }), 'name');
    await refused(() => c.post('/api/v1/core/users/list', { page: 1, pageSize: 25, search: NUL }), 'search');
    await refused(() => c.post('/api/v1/core/users', { email: `a${NUL}@example.com`, roleId: owner.id }), 'email');
    await refused(() => t.client(owner).put('/api/v1/core/profile', { name: LONE, timeZone: 'UTC', culture: 'en-US' }), 'name');
    await refused(() => c.get(`/api/v1/core/notes/mention-suggestions?search=a%00b`), 'query.search');
  });
});

describe('object built-ins as field names', () => {
  const BUILTINS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

  it('are unknown fields in filters and sorts', async () => {
    for (const name of BUILTINS) {
      const f = await refused(
        () => c.post('/api/v1/contacts/list', { filters: [{ field: name, op: 'eq', value: 'x' }] }),
        'filters.0.field',
      );
      expect(f.body.code).toBe('unknownField');
      await refused(() => c.post('/api/v1/contacts/list', { sort: [{ field: name, order: 'asc' }] }), 'sort.0.field');
      await refused(
        () => c.post('/api/v1/contacts/list', { filters: [{ field: `customFields.${name}`, op: 'eq', value: 'x' }] }),
        'filters.0.field',
      );
      // a saved view keeps what a list would refuse later: refused when saved
      await refused(
        () =>
          c.post('/api/v1/core/saved-views', {
            listKey: 'contacts',
            name: `View ${name}`,
            filters: [{ field: name, op: 'eq', value: 'x' }],
          }),
        'filters.0.field',
      );
      await refused(
        () => c.post('/api/v1/core/saved-views', { listKey: 'contacts', name: `Sorted ${name}`, sort: [{ field: name, order: 'asc' }] }),
        'sort.0.field',
      );
    }
  });

  it('are refused anywhere in a JSON Patch path, for every operation', async () => {
    for (const seg of ['__proto__', 'constructor', 'prototype']) {
      for (const path of [`/${seg}/polluted`, `/details/${seg}`, `/customFields/${seg}`]) {
        for (const op of [
          { op: 'add', path, value: 1 },
          { op: 'replace', path, value: 1 },
          { op: 'remove', path },
          { op: 'test', path, value: 1 },
          { op: 'copy', from: path, path: '/lastName' },
          { op: 'move', from: path, path: '/lastName' },
        ]) {
          const etag = (await c.get(`/api/v1/contacts/${contactId}`)).headers.etag as string;
          const res = await c.patch(`/api/v1/contacts/${contactId}`, [op], {
            'content-type': 'application/json-patch+json',
            'if-match': etag,
          });
          expect(res.status, `${op.op} ${path}: ${res.text}`).toBe(400);
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cannot be the key of a custom field', async () => {
    const res = await refused(
      () =>
        c.put('/api/v1/core/entity-fields?entity=Contact', {
          fields: [{ kind: 'singleLine', label: 'Ctor', key: 'constructor', dataType: 'text' }],
        }),
      'fields.0.key',
    );
    expect(res.body.code).not.toBe('internalServerError');
  });
});

describe('dates outside the years 1 to 9999', () => {
  it('are refused in list filters', async () => {
    for (const value of ['0000-01-01', '0000-12-31T23:00:00Z', '9999-12-31T23:00:00-02:00']) {
      const res = await refused(
        () => c.post('/api/v1/contacts/list', { filters: [{ field: 'createdAt', op: 'gt', value }] }),
        'filters.0.value',
      );
      expect(res.body.code).toBe('dateOutOfRange');
      await refused(
        () => c.post('/api/v1/contacts/list', { filters: [{ field: 'customFields.born', op: 'between', value: ['2000-01-01', value] }] }),
        'filters.0.value.1',
      );
    }
    // year 10000 is not an ISO date at all
    await refused(
      () => c.post('/api/v1/contacts/list', { filters: [{ field: 'createdAt', op: 'lt', value: '10000-01-01' }] }),
      'filters.0.value',
    );
  });

  it('are refused in date fields, so no stored value breaks a later list', async () => {
    const res = await refused(
      () => c.post('/api/v1/contacts', { firstName: 'Old', customFields: { born: '0000-01-01' } }),
      'customFields.born',
    );
    expect(res.body.code).toBe('dateOutOfRange');
    await refused(() => c.post('/api/v1/contacts', { firstName: 'Far', customFields: { born: '10000-01-01' } }), 'customFields.born');
    const ok = await c.post('/api/v1/contacts', { firstName: 'Ancient', customFields: { born: '0001-01-01' } });
    expect(ok.status).toBe(201);
    const list = await c.post('/api/v1/contacts/list', { filters: [{ field: 'customFields.born', op: 'lt', value: '1000-01-01' }] });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Ancient']);
  });
});

describe('an address the router cannot read', () => {
  // a %-escape cut short or not UTF-8: Fastify's own refusal was plain JSON, not problem+json
  it('answers an API path 400 problem+json and names the address', async () => {
    for (const url of ['/api/v1/contacts/%E0%A4%A', '/api/v1/contacts/%ZZ', `/api/v1/contacts/${contactId}%C0`]) {
      const res = await c.raw({ method: 'GET', url });
      expect(res.status, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 400, code: 'validation', instance: url });
      expect(res.body.detail).toContain('not a valid url component');
      // the headers every answer has, though no hook ran for this one
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toBe(res.body.requestId);
    }
  });
  it('answers a path parameter longer than 500 characters 414 problem+json', async () => {
    const res = await c.raw({ method: 'GET', url: `/api/v1/contacts/${'a'.repeat(600)}` });
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 414, title: 'URI Too Long' });
  });
});
