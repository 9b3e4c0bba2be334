import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLink, formAction, startTestServer, TestBrowser, type TestServer } from '../../test/server-harness';
import { API_AUDIENCE } from './keys';

type SessionBody = {
  user: { id: string; email: string; name: string } | null;
  accessToken: string | null;
  accessTokenExpires: number | null;
  error: string | null;
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await t?.stop();
});

const PASSWORD = 'correct horse battery';
let counter = 0;
const newEmail = () => `flow${++counter}-${Date.now()}@example.com`;

async function latestMail(to: string): Promise<{ subject: string; text: string; status: string }> {
  const [row] = await t.sql<{ subject: string; text: string; status: string }>(
    `select subject, text, status from mail_outbox where lower("to") = lower($1) order by created_at desc limit 1`,
    [to],
  );
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

async function sessionOf(browser: TestBrowser): Promise<SessionBody> {
  const res = await browser.get(`${t.url}/auth/session`);
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as SessionBody;
}

async function signUp(browser: TestBrowser, email: string, name = 'Flow User', password = PASSWORD) {
  const page = await browser.get(`${t.url}/auth/signup`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Create your account');
  return browser.post(formAction(page), { name, email, password });
}

async function verify(browser: TestBrowser, email: string) {
  const mail = await latestMail(email);
  expect(mail.subject).toMatch(/verify/i);
  const link = firstLink(mail.text);
  expect(link.startsWith(`${t.url}/idp/verify-token?`)).toBe(true);
  return browser.get(link);
}

async function signIn(browser: TestBrowser, email: string, password = PASSWORD, returnTo = '/') {
  const page = await browser.get(`${t.url}/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Sign in');
  return browser.post(formAction(page), { email, password });
}

// The test server trusts its loopback proxy (TRUST_PROXY=loopback), so X-Forwarded-For names the client.
async function signInFrom(browser: TestBrowser, email: string, password: string, address: string) {
  const headers = { 'x-forwarded-for': address };
  const page = await browser.request(`${t.url}/auth/signin?returnTo=%2F`, { headers });
  return browser.request(formAction(page), { form: { email, password }, headers });
}

// sign-out (a same-origin POST) goes through the provider's confirmation, then ends the session
async function signOut(browser: TestBrowser): Promise<void> {
  const confirm = await browser.request(`${t.url}/auth/signout`, { form: {}, headers: { origin: t.url } });
  expect(confirm.url).toContain('/idp/session/end');
  expect(confirm.text).toContain('Sign out of Atrium?');
  const xsrf = confirm.text.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? '';
  const home = await browser.post(formAction(confirm), { xsrf, logout: 'yes' });
  expect(home.url).toBe(`${t.url}/?signedOut=1`);
  expect(await sessionOf(browser)).toEqual({ user: null, accessToken: null, accessTokenExpires: null, error: null });
}

async function registeredUser(): Promise<{ email: string; browser: TestBrowser }> {
  const browser = new TestBrowser();
  const email = newEmail();
  await signUp(browser, email);
  // confirmed in another browser (the mail app's), which it signs in; this one signs in by password
  await verify(new TestBrowser(), email);
  return { email, browser };
}

describe('embedded identity provider and BFF session', () => {
  it('signs up, verifies, signs in, uses the API, refreshes and signs out', async () => {
    const browser = new TestBrowser();
    const email = newEmail();
    const signedUp = await signUp(browser, email, 'Ada Lovelace');
    expect(signedUp.status).toBe(200);
    expect(signedUp.text).toContain('Check your mailbox');

    // confirming the address signs the browser that opened the link in, without the password
    const mailApp = new TestBrowser();
    const verified = await verify(mailApp, email);
    expect(new URL(verified.url).pathname).toBe('/');
    expect((await sessionOf(mailApp)).user).toMatchObject({ email, name: 'Ada Lovelace' });
    expect(mailApp.cookie(new URL(t.url).host, 'atrium_signin_ticket')).toBeUndefined();
    await signOut(mailApp);
    // the link works once
    const again = await verify(new TestBrowser(), email);
    expect(again.status).toBe(400);
    expect(again.text).toContain('This link is not valid');
    // a made-up ticket signs no one in: the sign-in page asks for the password
    const forger = new TestBrowser();
    forger.setCookie(new URL(t.url).host, 'atrium_signin_ticket', 'made-up', '/idp');
    const forged = await forger.get(`${t.url}/auth/signin`);
    expect(forged.text).toContain('Sign in');
    expect((await sessionOf(forger)).user).toBeNull();

    const landed = await signIn(browser, email, PASSWORD, '/workspaces?tab=1');
    expect(landed.url).toBe(`${t.url}/workspaces?tab=1`);
    const sessionCookie = browser.cookie(new URL(t.url).host, 'atrium_session');
    expect(sessionCookie).toBeTruthy();

    const session = await sessionOf(browser);
    expect(session.error).toBeNull();
    expect(session.user).toMatchObject({ email, name: 'Ada Lovelace' });
    expect(session.accessToken).toBeTruthy();
    expect(session.accessTokenExpires).toBeGreaterThan(Date.now() + 60_000);
    expect(JSON.stringify(session)).not.toMatch(/refresh/i);

    // the access token is a JWT for the API, signed by the embedded issuer's JWKS
    const jwks = createRemoteJWKSet(new URL(`${t.url}/idp/jwks`));
    const { payload } = await jwtVerify(session.accessToken ?? '', jwks, { issuer: `${t.url}/idp`, audience: API_AUDIENCE });
    expect(payload.sub).toBe(session.user?.id);

    // …and the API accepts it
    const api = await fetch(`${t.url}/api/v1/admin/tenants`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(api.status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/admin/tenants`)).status).toBe(401);

    // an expired access token is refreshed (the refresh token rotates)
    const [before] = await t.sql<{ data: { refreshToken: string } }>(`select data from identity.auth_sessions where user_id = $1`, [
      session.user?.id,
    ]);
    await t.sql(
      `update identity.auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', to_jsonb((extract(epoch from now()) * 1000 - 1000)::bigint)) where user_id = $1`,
      [session.user?.id],
    );
    const refreshed = await sessionOf(browser);
    expect(refreshed.error).toBeNull();
    expect(refreshed.accessToken).toBeTruthy();
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.accessTokenExpires).toBeGreaterThan(Date.now());
    const [after] = await t.sql<{ data: { refreshToken: string } }>(`select data from identity.auth_sessions where user_id = $1`, [
      session.user?.id,
    ]);
    expect(after?.data.refreshToken).not.toBe(before?.data.refreshToken);
    // stored sealed, never as the issuer's token
    expect(after?.data.refreshToken).toMatch(/^v1\./);

    await signOut(browser);
  });

  it('answers RefreshAccessTokenError when the refresh token no longer works', async () => {
    const { email, browser } = await registeredUser();
    await signIn(browser, email);
    const session = await sessionOf(browser);
    expect(session.accessToken).toBeTruthy();
    await t.sql(`delete from identity.idp_payloads where model = 'RefreshToken'`);
    await t.sql(`update identity.auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', '0'::jsonb) where user_id = $1`, [
      session.user?.id,
    ]);
    const failed = await sessionOf(browser);
    expect(failed.error).toBe('RefreshAccessTokenError');
    expect(failed.accessToken).toBeNull();
  });

  it('refuses to sign in an unverified account and sends a new link', async () => {
    const browser = new TestBrowser();
    const email = newEmail();
    await signUp(browser, email);
    const before = await t.sql(`select 1 from mail_outbox where "to" = $1`, [email]);
    const page = await signIn(browser, email);
    expect(page.status).toBe(403);
    expect(page.text).toContain('Confirm your e-mail address first');
    expect(await t.sql(`select 1 from mail_outbox where "to" = $1`, [email])).toHaveLength(before.length + 1);
    expect((await sessionOf(browser)).user).toBeNull();
  });

  it('throttles per account and address: a guesser waits, the owner elsewhere signs in, and nothing tells who exists', async () => {
    const { email } = await registeredUser();
    const unknown = newEmail();
    const attacker = (who: string, password: string) => signInFrom(new TestBrowser(), who, password, '203.0.113.7');
    const sameAnswer = (a: string, b: string, typedA: string, typedB: string) =>
      expect(a.replaceAll(typedA, 'EMAIL').replace(/interaction\/[\w-]+/g, 'interaction/UID')).toBe(
        b.replaceAll(typedB, 'EMAIL').replace(/interaction\/[\w-]+/g, 'interaction/UID'),
      );
    for (let i = 1; i <= 5; i++) {
      const known = await attacker(email, `wrong password ${i}`);
      const missing = await attacker(unknown, `wrong password ${i}`);
      expect([known.status, missing.status]).toEqual([401, 401]);
      // the very same page for a real account and a missing one
      sameAnswer(known.text, missing.text, email, unknown);
      expect(known.text).toContain('The e-mail or password is incorrect.');
    }
    // the sixth try from that address waits, even with the right password, for both alike
    const held = await attacker(email, PASSWORD);
    const heldMissing = await attacker(unknown, PASSWORD);
    expect([held.status, heldMissing.status]).toEqual([429, 429]);
    expect(held.text).toContain('Too many failed attempts');
    sameAnswer(held.text, heldMissing.text, email, unknown);
    // the owner, from another address, is not locked out
    const owner = new TestBrowser();
    const ok = await signInFrom(owner, email, PASSWORD, '198.51.100.4');
    expect(ok.url).toBe(`${t.url}/`);
    expect((await sessionOf(owner)).user?.email).toBe(email);
    // the delay grows with every further miss from the guessing address
    await t.sql(`update identity.sign_in_failures set blocked_until = now() - interval '1 second' where account = $1`, [email]);
    await attacker(email, 'wrong again');
    const [row] = await t.sql<{ failures: number; wait: number }>(
      `select failures, extract(epoch from blocked_until - now())::int as wait from identity.sign_in_failures where account = $1 and address = '203.0.113.7'`,
      [email],
    );
    expect(row?.failures).toBe(6);
    expect(row?.wait).toBeGreaterThan(20);
  });

  it('resets a forgotten password: the old one stops working, the new one signs in', async () => {
    const { email } = await registeredUser();
    const browser = new TestBrowser();
    const forgot = await browser.get(`${t.url}/idp/forgot-password`);
    const sent = await browser.post(formAction(forgot), { email });
    expect(sent.text).toContain('If an account exists');
    const sentUnknown = await browser.post(formAction(forgot), { email: newEmail() });
    expect(sentUnknown.text).toBe(sent.text);

    const mail = await latestMail(email);
    expect(mail.subject).toMatch(/reset/i);
    const resetPage = await browser.get(firstLink(mail.text));
    expect(resetPage.text).toContain('Choose a new password');
    const hidden = Object.fromEntries([...resetPage.text.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const short = await browser.post(formAction(resetPage), { ...hidden, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toMatch(/id="field-password-error"[^>]*>Use at least 8 characters/);
    const done = await browser.post(formAction(resetPage), { ...hidden, password: 'a brand new password' });
    expect(done.text).toContain('Password changed');
    // the link works once
    expect((await browser.post(formAction(resetPage), { ...hidden, password: 'yet another password' })).status).toBe(400);

    const old = await signIn(new TestBrowser(), email, PASSWORD);
    expect(old.status).toBe(401);
    const fresh = new TestBrowser();
    await signIn(fresh, email, 'a brand new password');
    expect((await sessionOf(fresh)).user?.email).toBe(email);
  });

  it('answers a sign-up with a registered e-mail exactly like a new one', async () => {
    const { email } = await registeredUser();
    const again = await signUp(new TestBrowser(), email, 'Someone Else');
    const fresh = await signUp(new TestBrowser(), newEmail(), 'Someone Else');
    expect(again.status).toBe(fresh.status);
    expect(again.text).toBe(fresh.text);
    expect((await latestMail(email)).subject).toMatch(/already|tried/i);
    const [user] = await t.sql<{ name: string }>(`select name from users where email = $1`, [email]);
    expect(user?.name).toBe('Flow User');
  });

  it('shows field errors next to the fields and keeps what was typed', async () => {
    const page = await signUp(new TestBrowser(), 'not-an-email', '', 'short');
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/id="field-name"[^>]*aria-invalid="true"[^>]*aria-describedby="field-name-error"/);
    expect(page.text).toContain('id="field-email-error" class="field-error">Enter a valid e-mail address');
    expect(page.text).toContain('value="not-an-email"');
    expect(page.text).toContain('Use at least 8 characters');
  });

  it('only returns to same-origin paths after sign-in', async () => {
    const { email, browser } = await registeredUser();
    const landed = await signIn(browser, email, PASSWORD, 'https://evil.example/steal');
    expect(landed.url).toBe(`${t.url}/`);
    const again = await signIn(new TestBrowser(), email, PASSWORD, '//evil.example/x');
    expect(again.url).toBe(`${t.url}/`);
  });

  it('serves the captured mailbox with escaped text and clickable links', async () => {
    await t.server.app.atrium.mailer.send({
      to: 'x@example.com',
      subject: '<b>Hi</b>',
      text: 'Open <script>alert(1)</script> http://127.0.0.1/x?a=1&b=2 now',
      html: '<img src=x onerror=alert(1)>',
    });
    const list = await fetch(`${t.url}/mailbox`);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    const id = listHtml.match(/href="\/mailbox\/([0-9a-f-]+)"/)?.[1];
    const one = await (await fetch(`${t.url}/mailbox/${id}`)).text();
    expect(one).toContain('&lt;script&gt;');
    expect(one).not.toContain('<script>');
    expect(one).not.toContain('onerror');
    expect(one).toContain('<a href="http://127.0.0.1/x?a=1&amp;b=2">');
    // through a proxy the client is not this machine, whatever the proxy's own address
    expect((await fetch(`${t.url}/mailbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
  });

  it('serves product-styled pages with the local Inter font and no scripts', async () => {
    const page = await fetch(`${t.url}/idp/signup`);
    const text = await page.text();
    expect(text).not.toMatch(/<script/i);
    expect(text).toContain('/idp/assets/identity.css');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const css = await (await fetch(`${t.url}/idp/assets/identity.css`)).text();
    expect(css).toContain('#021F65');
    expect(css).toContain('font-size: 13px');
    const font = await fetch(`${t.url}/idp/assets/inter.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
  });
});

describe('sign-out, redirects and the provider', () => {
  it('never redirects off-site after sign-in, whatever the path normalises to', async () => {
    const { email } = await registeredUser();
    for (const returnTo of [
      '/..//evil.example/x',
      '/.//evil.example/x',
      '/%2e//evil.example/x',
      '/%2E%2E//evil.example',
      '/\\evil.example',
    ]) {
      const start = await fetch(`${t.url}/auth/signin?returnTo=${encodeURIComponent(returnTo)}`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const landed = await signIn(new TestBrowser(), email, PASSWORD, returnTo);
      expect(landed.url, returnTo).toBe(`${t.url}/`);
    }
    const inside = await signIn(new TestBrowser(), email, PASSWORD, '/contacts?tab=notes');
    expect(inside.url).toBe(`${t.url}/contacts?tab=notes`);
  });

  it('does not sign out through a link or a form of another site', async () => {
    const { email, browser } = await registeredUser();
    await signIn(browser, email);
    // another site's form: refused
    const forged = await browser.request(`${t.url}/auth/signout`, { form: {}, headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    const nameless = await browser.request(`${t.url}/auth/signout`, { form: {} });
    expect(nameless.status).toBe(403);
    // a page with Referrer-Policy: no-referrer sends Origin: null; the fetch metadata decides then
    const hidden = await browser.request(`${t.url}/auth/signout`, {
      form: {},
      headers: { origin: 'null', 'sec-fetch-site': 'cross-site' },
    });
    expect(hidden.status).toBe(403);
    expect((await sessionOf(browser)).user?.email).toBe(email);
    // a link: only the confirmation page, nothing ends
    const linked = await browser.get(`${t.url}/auth/signout`);
    expect(linked.text).toContain('Sign out of Atrium?');
    expect((await sessionOf(browser)).user?.email).toBe(email);
    // a forged callback without the stored state ends nothing either
    await browser.get(`${t.url}/auth/signout/callback?state=guess`);
    expect((await sessionOf(browser)).user?.email).toBe(email);
  });

  it('"No, stay signed in" keeps the user signed in, and the refresh token still works', async () => {
    const { email, browser } = await registeredUser();
    await signIn(browser, email);
    const confirm = await browser.request(`${t.url}/auth/signout`, {
      form: {},
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(confirm.url).toContain('/idp/session/end');
    const stay = confirm.text.match(/<a class="button button-secondary" href="([^"]+)">No, stay signed in<\/a>/)?.[1];
    expect(stay).toBe(`${t.url}/`);
    await browser.get(stay ?? '');
    expect((await sessionOf(browser)).user?.email).toBe(email);
    await t.sql(
      `update identity.auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', '0'::jsonb) where data->>'signOutState' is not null`,
    );
    const refreshed = await sessionOf(browser);
    expect(refreshed.error).toBeNull();
    expect(refreshed.accessToken).toBeTruthy();
  });

  it('turns off what Atrium does not use and marks its cookies Secure', async () => {
    const discovery = (await (await fetch(`${t.url}/idp/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic']);
    const browser = new TestBrowser();
    const page = await browser.get(`${t.url}/auth/signin`);
    expect(page.url).toContain('/idp/interaction/');
    const res = await fetch(`${t.url}/auth/signin`, { redirect: 'manual' });
    const auth = await fetch(res.headers.get('location') ?? '', { redirect: 'manual' });
    const cookies = auth.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c.toLowerCase()).toContain('; secure');
    // an implicit-flow request is refused
    const implicit = await fetch(
      `${t.url}/idp/auth?client_id=${t.config.oidc.clientId}&response_type=id_token&scope=openid&redirect_uri=${encodeURIComponent(`${t.url}/auth/callback`)}&nonce=n`,
      { redirect: 'manual' },
    );
    // OAuth reports it to the client's redirect URI
    expect(implicit.headers.get('location') ?? (await implicit.text())).toMatch(/error=unsupported_response_type/);
  });

  it('names the configured public address in discovery, whatever the request claims', async () => {
    const forged = await fetch(`${t.url}/idp/.well-known/openid-configuration`, {
      headers: {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.example;proto=https',
        'x-real-ip': '1.2.3.4',
      },
    });
    const doc = (await forged.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${t.url}/idp`);
    expect(doc.authorization_endpoint).toBe(`${t.url}/idp/auth`);
    expect(JSON.stringify(doc)).not.toContain('evil.example');
  });
});
