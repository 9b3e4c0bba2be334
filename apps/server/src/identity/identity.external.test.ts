import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer, TestBrowser, type TestServer } from '../../test/server-harness';

// A second, independent OpenID provider on its own port plays the external issuer (Keycloak,
// Entra ID…). It signs in whoever `current` names, without a login page.
type ExternalUser = { sub: string; email: string; name: string; verified: boolean };
let current: ExternalUser = { sub: 'ext-1', email: 'ext-1@example.com', name: 'External One', verified: true };

let issuer: string;
let http: Server;
let t: TestServer;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const atriumPort = await freePort();
  const atriumUrl = `http://127.0.0.1:${atriumPort}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    clients: [
      {
        client_id: 'atrium-external',
        client_secret: 'external-secret',
        redirect_uris: [`${atriumUrl}/auth/callback`],
        post_logout_redirect_uris: [`${atriumUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'external', alg: 'RS256', use: 'sig' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: current.email, email_verified: current.verified, name: current.name }),
    }),
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'https://api.example',
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid profile email',
          audience: 'atrium-api',
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
        }),
      },
    },
    issueRefreshToken: () => true,
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, RefreshToken: 3600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  // every interaction is answered at once: login as `current`, consent to everything asked
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid profile email');
    grant.addResourceScope('https://api.example', 'openid profile email');
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: current.sub }, consent: { grantId } });
    ctx.status = 303;
    ctx.redirect(returnTo);
  });
  http = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  expect((http.address() as AddressInfo).port).toBe(port);

  t = await startTestServer(
    { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'atrium-external', OIDC_CLIENT_SECRET: 'external-secret' },
    { port: atriumPort },
  );
  expect(t.url).toBe(atriumUrl);
});

afterAll(async () => {
  await t?.stop();
  await new Promise((resolve) => http?.close(resolve));
});

async function signIn(browser: TestBrowser, returnTo = '/') {
  return browser.get(`${t.url}/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
}

describe('external OIDC provider (OIDC_ISSUER)', () => {
  it('does not mount the embedded provider', async () => {
    expect((await fetch(`${t.url}/idp/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs in through the external issuer and the API accepts its token', async () => {
    current = { sub: 'ext-1', email: 'ext-1@example.com', name: 'External One', verified: true };
    const browser = new TestBrowser();
    const landed = await signIn(browser, '/projects');
    expect(landed.url).toBe(`${t.url}/projects`);
    const session = (await browser.get(`${t.url}/auth/session`)).text;
    const body = JSON.parse(session) as { user: { id: string; email: string; name: string }; accessToken: string; error: null };
    expect(body.error).toBeNull();
    expect(body.user).toMatchObject({ email: 'ext-1@example.com', name: 'External One' });
    const [identity] = await t.sql<{ user_id: string }>(
      `select user_id from identity.user_identities where issuer = $1 and subject = 'ext-1'`,
      [issuer],
    );
    expect(identity?.user_id).toBe(body.user.id);

    const api = await fetch(`${t.url}/api/v1/admin/tenants`, { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(api.status).toBe(200);

    // a second sign-in maps to the same user
    const again = new TestBrowser();
    await signIn(again);
    const second = JSON.parse((await again.get(`${t.url}/auth/session`)).text) as { user: { id: string } };
    expect(second.user.id).toBe(body.user.id);
  });

  it('links an existing user only when the issuer has verified the e-mail', async () => {
    await t.sql(
      `insert into users (email, name, email_verified_at) values ('known@example.com', 'Known', now()), ('other@example.com', 'Other', now())`,
    );
    current = { sub: 'ext-2', email: 'known@example.com', name: 'Known', verified: true };
    const browser = new TestBrowser();
    await signIn(browser);
    const linked = JSON.parse((await browser.get(`${t.url}/auth/session`)).text) as { user: { email: string } };
    expect(linked.user.email).toBe('known@example.com');

    current = { sub: 'ext-3', email: 'other@example.com', name: 'Impostor', verified: false };
    const refused = await signIn(new TestBrowser());
    expect(refused.status).toBe(400);
    expect(await t.sql(`select 1 from identity.user_identities where subject = 'ext-3'`)).toHaveLength(0);
  });

  it('signs out through the issuer end-session endpoint', async () => {
    current = { sub: 'ext-1', email: 'ext-1@example.com', name: 'External One', verified: true };
    const browser = new TestBrowser();
    await signIn(browser);
    const res = await browser.request(`${t.url}/auth/signout`, { method: 'POST', follow: false, headers: { origin: t.url } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${issuer}/session/end`));
    const session = JSON.parse((await browser.get(`${t.url}/auth/session`)).text) as { user: unknown };
    expect(session.user).toBeNull();
  });
});
