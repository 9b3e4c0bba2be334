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

type Shape = { typ?: string; sub?: string; exp?: number | null; iat?: number };

async function token(shape: Shape = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: 'openid profile email' })
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
