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
  t = await startTestServer();
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

async function registeredUser(): Promise<{ email: string; browser: TestBrowser }> {
  const browser = new TestBrowser();
  const email = newEmail();
  await signUp(browser, email);
  await verify(browser, email);
  return { email, browser };
}

describe('embedded identity provider and BFF session', () => {
  it('signs up, verifies, signs in, uses the API, refreshes and signs out', async () => {
    const browser = new TestBrowser();
    const email = newEmail();
    const signedUp = await signUp(browser, email, 'Ada Lovelace');
    expect(signedUp.status).toBe(200);
    expect(signedUp.text).toContain('Check your mailbox');

    const verified = await verify(browser, email);
    expect(verified.status).toBe(200);
    expect(verified.text).toContain('E-mail address confirmed');
    // the link works once
    expect((await verify(new TestBrowser(), email)).status).toBe(400);

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
    const [before] = await t.sql<{ data: { refreshToken: string } }>(`select data from auth_sessions where user_id = $1`, [
      session.user?.id,
    ]);
    await t.sql(
      `update auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', to_jsonb((extract(epoch from now()) * 1000 - 1000)::bigint)) where user_id = $1`,
      [session.user?.id],
    );
    const refreshed = await sessionOf(browser);
    expect(refreshed.error).toBeNull();
    expect(refreshed.accessToken).toBeTruthy();
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.accessTokenExpires).toBeGreaterThan(Date.now());
    const [after] = await t.sql<{ data: { refreshToken: string } }>(`select data from auth_sessions where user_id = $1`, [
      session.user?.id,
    ]);
    expect(after?.data.refreshToken).not.toBe(before?.data.refreshToken);
    // stored sealed, never as the issuer's token
    expect(after?.data.refreshToken).toMatch(/^v1\./);

    // sign-out ends the session and goes through the provider's sign-out confirmation
    const confirm = await browser.post(`${t.url}/auth/signout`, {});
    expect(confirm.url).toContain('/idp/session/end');
    expect(confirm.text).toContain('Sign out of Atrium?');
    const xsrf = confirm.text.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? '';
    const home = await browser.post(formAction(confirm), { xsrf, logout: 'yes' });
    expect(home.url).toBe(`${t.url}/`);
    expect(await sessionOf(browser)).toEqual({ user: null, accessToken: null, accessTokenExpires: null, error: null });
  });

  it('answers RefreshAccessTokenError when the refresh token no longer works', async () => {
    const { email, browser } = await registeredUser();
    await signIn(browser, email);
    const session = await sessionOf(browser);
    expect(session.accessToken).toBeTruthy();
    await t.sql(`delete from idp_payloads where model = 'RefreshToken'`);
    await t.sql(`update auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', '0'::jsonb) where user_id = $1`, [
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

  it('locks an account after repeated wrong passwords, and tells nothing about unknown e-mails', async () => {
    const { email } = await registeredUser();
    const browser = new TestBrowser();
    const unknown = newEmail();
    const wrongKnown = await signIn(browser, email, 'wrong password 1');
    const wrongUnknown = await signIn(browser, unknown, 'wrong password 1');
    expect(wrongKnown.status).toBe(401);
    expect(wrongUnknown.status).toBe(401);
    expect(wrongKnown.text).toContain('The e-mail or password is incorrect.');
    expect(wrongUnknown.text).toContain('The e-mail or password is incorrect.');
    for (let i = 2; i <= 5; i++) {
      await signIn(browser, email, `wrong password ${i}`);
      await signIn(browser, unknown, `wrong password ${i}`);
    }
    const locked = await signIn(browser, email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many failed attempts');
    const lockedUnknown = await signIn(browser, unknown, PASSWORD);
    expect(lockedUnknown.status).toBe(429);
    const [row] = await t.sql<{ failed_logins: number; locked: boolean }>(
      `select failed_logins, locked_until > now() as locked from users where email = $1`,
      [email],
    );
    expect(row).toMatchObject({ failed_logins: 5, locked: true });
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
