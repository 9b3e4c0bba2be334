import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { API_AUDIENCE } from './keys';

// Issue 11, token rules: the API accepts only well-formed access tokens of the embedded provider
// and answers 401, never 500, for everything else.
let t: TestApp;
let user: TestUser;
let key: Awaited<ReturnType<typeof importJWK>>;
let kid: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  const [row] = await t.sql<{ jwk: { kid: string } }>('select jwk from identity.idp_keys where active limit 1');
  key = await importJWK(row!.jwk, 'RS256');
  kid = row!.jwk.kid;
});
afterAll(async () => t.close());

type Shape = { typ?: string; sub?: string; exp?: number | null; iat?: number; sid?: unknown };

async function token(shape: Shape = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: 'openid profile email', ...(shape.sid !== undefined ? { sid: shape.sid } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid, typ: shape.typ ?? 'at+jwt' })
    .setIssuer(t.config.oidc.issuer)
    .setAudience(API_AUDIENCE)
    .setSubject(shape.sub ?? user.id)
    .setIssuedAt(shape.iat ?? now);
  if (shape.exp !== null) jwt.setExpirationTime(shape.exp ?? now + 600);
  return jwt.sign(key);
}

const call = async (bearer: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/tenants', headers: { authorization: `Bearer ${bearer}` } });

describe('access tokens', () => {
  it('accepts a well-formed access token', async () => {
    expect((await call(await token())).statusCode).toBe(200);
  });

  it('refuses a token without exp, one issued in the future, one that is not an access token, one for no user', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [label, shape] of [
      ['no exp', { exp: null }],
      ['iat a minute ahead', { iat: now + 60 }],
      ['typ JWT', { typ: 'JWT' }],
      ['sub not a user id', { sub: 'not-a-uuid' }],
      ['sub of nobody', { sub: '00000000-0000-4000-8000-000000000001' }],
    ] as const) {
      const res = await call(await token(shape));
      expect(res.statusCode, label).toBe(401);
      expect(res.headers['content-type'], label).toContain('application/problem+json');
    }
    // a small clock difference is tolerated
    expect((await call(await token({ iat: now + 3 }))).statusCode).toBe(200);
  });
});

// Issue 25 §3.1: a token naming a session (sid) passes only while that session is signed in; the
// tenant entry checks it in its own statement, user-level routes when they look the user up.
describe('the session a token names', () => {
  it('refuses a token whose session is unknown or has ended, on user-level and tenant routes alike; a token naming none passes', async () => {
    const tenant = await t.createTenant(user);
    const tenantCall = async (bearer: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contacts/list',
        headers: { authorization: `Bearer ${bearer}`, 'x-tenant-id': tenant.id, 'content-type': 'application/json' },
        payload: '{}',
      });
    await t.sql(
      `insert into identity.auth_sessions (id, user_id, data, sid, expires_at) values ($1, $2, '{}', $3, now() + interval '1 hour')`,
      ['row-of-live-session', user.id, 'live-session'],
    );
    const live = await token({ sid: 'live-session' });
    expect((await call(live)).statusCode).toBe(200);
    expect((await tenantCall(live)).statusCode).toBe(200);
    // (twice: the second read takes the one-message path, decision 082)
    expect((await tenantCall(live)).statusCode).toBe(200);

    for (const [label, bearer] of [
      ['unknown session', await token({ sid: 'no-such-session' })],
      ['sid not a string', await token({ sid: 42 })],
      ['empty sid', await token({ sid: '' })],
    ] as const) {
      for (const res of [await call(bearer), await tenantCall(bearer)]) {
        expect(res.statusCode, label).toBe(401);
        expect(res.headers['content-type'], label).toContain('application/problem+json');
      }
    }

    // ended through another connection: the tenant entry refuses it by itself, and the
    // notification makes this node forget the user it remembered for that session
    await t.sql(`delete from identity.auth_sessions where sid = 'live-session'`);
    expect((await tenantCall(live)).statusCode).toBe(401);
    let status = 0;
    for (let i = 0; i < 100 && status !== 401; i++) {
      status = (await call(live)).statusCode;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);

    // no sid (an external issuer's tokens, decision 002): not tied to a session
    expect((await call(await token())).statusCode).toBe(200);
    expect((await tenantCall(await token())).statusCode).toBe(200);

    // the tenant entry alone: this node remembers the user and never hears of the end (its
    // LISTEN connection is stopped), yet the very next tenant call is refused
    await t.sql(
      `insert into identity.auth_sessions (id, user_id, data, sid, expires_at) values ($1, $2, '{}', $3, now() + interval '1 hour')`,
      ['row-of-deaf-session', user.id, 'deaf-session'],
    );
    const deaf = await token({ sid: 'deaf-session' });
    expect((await tenantCall(deaf)).statusCode).toBe(200);
    expect((await tenantCall(deaf)).statusCode).toBe(200);
    await t.app.atrium.hub.stop();
    await t.sql(`delete from identity.auth_sessions where sid = 'deaf-session'`);
    const refused = await tenantCall(deaf);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
  });
});
