import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../test/harness';
import { databaseFingerprint } from '../../test/guards/fingerprint';

// Issue 11, HTTP semantics: RFC 6902 patches, RFC 9110 conditional requests, media types and
// the order of the checks.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

const PATCH = { 'content-type': 'application/json-patch+json' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

async function newContact(body: Record<string, unknown> = { firstName: 'Ada', lastName: 'Lovelace' }) {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status).toBe(201);
  return { id: res.body.id as string, etag: res.headers.etag as string, version: res.body.version as number };
}

describe('JSON Patch (RFC 6902)', () => {
  it('an empty patch is valid and changes nothing', async () => {
    const { id, etag } = await newContact();
    const before = await databaseFingerprint(t);
    const res = await c.patch(`/api/v1/contacts/${id}`, [], { ...PATCH, 'if-match': etag });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it('refuses array indexes with leading zeros for every operation alike', async () => {
    const { id, etag } = await newContact({
      firstName: 'Ada',
      details: {
        emails: [
          { label: 'Work', value: 'a@example.com' },
          { label: 'Home', value: 'b@example.com' },
        ],
      },
    });
    const item = { label: 'Other', value: 'c@example.com' };
    const ops = [
      { op: 'add', path: '/details/emails/01', value: item },
      { op: 'replace', path: '/details/emails/01', value: item },
      { op: 'remove', path: '/details/emails/01' },
      { op: 'test', path: '/details/emails/01', value: item },
      { op: 'copy', from: '/details/emails/01', path: '/details/emails/-' },
      { op: 'move', from: '/details/emails/01', path: '/details/emails/-' },
    ];
    for (const op of ops) {
      const res = await c.patch(`/api/v1/contacts/${id}`, [op], { ...PATCH, 'if-match': etag });
      expect(res.status, `${op.op}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('invalidPatch');
    }
    // the canonical index works, and `-` only where something is added
    const ok = await c.patch(`/api/v1/contacts/${id}`, [{ op: 'test', path: '/details/emails/1/label', value: 'Home' }], {
      ...PATCH,
      'if-match': etag,
    });
    expect(ok.status).toBe(200);
    const dash = await c.patch(`/api/v1/contacts/${id}`, [{ op: 'remove', path: '/details/emails/-' }], { ...PATCH, 'if-match': etag });
    expect(dash.status).toBe(400);
  });
});

describe('conditional requests (RFC 9110)', () => {
  it('If-Match compares strongly: a weak tag never matches', async () => {
    const { id, etag } = await newContact();
    const weak = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Augusta' }, { 'if-match': `W/${etag}` });
    expect(weak.status).toBe(412);
    const strong = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Augusta' }, { 'if-match': etag });
    expect(strong.status).toBe(200);
    const any = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Augusta Ada' }, { 'if-match': '*' });
    expect(any.status).toBe(200);
  });

  it('a write that changes nothing keeps the version, the ETag and the activity feed', async () => {
    const { id, etag, version } = await newContact({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const activity = async () => (await c.get(`/api/v1/core/activity?target=Contact&targetId=${id}`)).body.total as number;
    const events = await activity();
    expect(events).toBeGreaterThan(0);
    const same = await c.put(
      `/api/v1/contacts/${id}`,
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      { 'if-match': etag },
    );
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(version);
    expect(same.headers.etag).toBe(etag);
    const patched = await c.patch(`/api/v1/contacts/${id}`, [{ op: 'replace', path: '/firstName', value: 'Ada' }], {
      ...PATCH,
      'if-match': etag,
    });
    expect(patched.headers.etag).toBe(etag);
    expect(await activity()).toBe(events);
    // a real change still moves the version on
    const changed = await c.put(`/api/v1/contacts/${id}`, { firstName: 'Ada', lastName: 'King' }, { 'if-match': etag });
    expect(changed.body.version).toBe(version + 1);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('If-None-Match on a GET answers 304 without a body while the ETag is current', async () => {
    const { id, etag } = await newContact();
    const hit = await c.get(`/api/v1/contacts/${id}`, { 'if-none-match': etag });
    expect(hit.status).toBe(304);
    expect(hit.text).toBe('');
    expect(hit.headers.etag).toBe(etag);
    // the weak comparison applies to If-None-Match
    expect((await c.get(`/api/v1/contacts/${id}`, { 'if-none-match': `"nope", W/${etag}` })).status).toBe(304);
    const miss = await c.get(`/api/v1/contacts/${id}`, { 'if-none-match': '"0"' });
    expect(miss.status).toBe(200);
    expect(miss.body.id).toBe(id);
  });
});

describe('media types and the order of checks', () => {
  it('JSON routes refuse form-encoded bodies with 415 and write nothing', async () => {
    const before = await databaseFingerprint(t);
    const res = await c.raw({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: 'firstName=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.code).toBe('unsupportedMediaType');
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it('an upload route refuses a body that is not multipart with 415', async () => {
    for (const [url, client] of [
      ['/api/v1/core/documents/images', c],
      ['/api/v1/core/profile/picture', t.client(owner)],
    ] as const) {
      const json = await client.raw({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(json.status, url).toBe(415);
      const form = await client.raw({
        method: 'POST',
        url,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status, url).toBe(415);
      // no body at all: the same 415, not the multipart parser's 406
      const empty = await client.raw({ method: 'POST', url });
      expect(empty.status, url).toBe(415);
      expect(empty.body.code, url).toBe('unsupportedMediaType');
    }
    const upload = await c.raw({ method: 'POST', url: '/api/v1/core/imports/upload?entityKind=Contact' });
    expect(upload.status).toBe(415);
  });

  it('checks the token before the body: a bad body without a token is a 401', async () => {
    const anonymous = t.client();
    for (const [method, url, payload] of [
      ['POST', '/api/v1/contacts', '{"broken": '],
      ['POST', '/api/v1/contacts/list', '{"pageSize": 7}'],
      ['PUT', '/api/v1/core/profile', '{}'],
      ['POST', '/api/v1/core/tags', 'name=x'],
    ] as const) {
      const res = await anonymous.raw({
        method,
        url,
        payload,
        headers: {
          'content-type': payload.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded',
          'x-tenant-id': tenant.id,
        },
      });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});
