import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { createTokenCipher } from '../../identity';
import { signToken, verifyToken } from '../../platform/signed-token.util';

// Calendar integrations (spec §7 Admin; decision 093 round six): the providers say whether this
// server has their OAuth client, the workspace's feed URLs are listed and revoked by an
// administrator (the URL answers 404 at once), another workspace's connection is 404, and with
// a client configured the connect call builds the provider's authorization URL.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let anonymous: Client;
let tenantId: string;
const BASE = '/api/v1/admin/calendar-integrations';
const path = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Resource.ViewResources']));
  anonymous = t.client();
});
afterAll(async () => t?.close());

describe('calendar integrations, no provider configured', () => {
  it('lists the providers as not configured and refuses to connect them', async () => {
    const res = await c.get(BASE);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      providers: [
        { provider: 'google', configured: false, settings: ['GOOGLE_CALENDAR_CLIENT_ID', 'GOOGLE_CALENDAR_CLIENT_SECRET'] },
        { provider: 'microsoft', configured: false, settings: ['MICROSOFT_CALENDAR_CLIENT_ID', 'MICROSOFT_CALENDAR_CLIENT_SECRET'] },
      ],
      connections: [],
    });
    for (const provider of ['google', 'microsoft']) {
      const connect = await c.post(`${BASE}/${provider}/authorize`, {});
      expect(connect.status, connect.text).toBe(409);
      expect(connect.body.code).toBe('calendarProviderNotConfigured');
    }
    const unknown = await c.post(`${BASE}/yahoo/authorize`, {});
    expect(unknown.status).toBe(400);
  });

  it("lists every member's feed URLs and revokes one: its URL answers 404 at once", async () => {
    const mine = await c.post('/api/v1/calendar-feeds', {});
    expect(mine.status, mine.text).toBe(201);
    const theirs = await member.post('/api/v1/calendar-feeds', {});
    expect(theirs.status, theirs.text).toBe(201);
    expect((await anonymous.get(path(theirs.body.url))).status).toBe(200);
    const list = await c.get(BASE);
    expect(list.body.connections).toHaveLength(2);
    expect(list.body.connections[0]).toMatchObject({
      id: theirs.body.id,
      provider: 'ical',
      resource: null,
      lastUsedAt: expect.any(String),
    });
    expect(list.body.connections[1]).toMatchObject({ id: mine.body.id, user: { name: 'Olivia Owner' }, lastUsedAt: null });
    // a member without the integrations permission neither sees nor revokes
    expect((await member.get(BASE)).status).toBe(403);
    expect((await member.delete(`${BASE}/${mine.body.id}`)).status).toBe(403);
    // another workspace: 404, nothing revoked
    expect((await other.delete(`${BASE}/${theirs.body.id}`)).status).toBe(404);
    expect((await anonymous.get(path(theirs.body.url))).status).toBe(200);
    expect((await c.delete(`${BASE}/${theirs.body.id}`)).status).toBe(204);
    expect((await anonymous.get(path(theirs.body.url))).status).toBe(404);
    expect((await c.delete(`${BASE}/${theirs.body.id}`)).status).toBe(404);
    expect((await c.get(BASE)).body.connections.map((x: { id: string }) => x.id)).toEqual([mine.body.id]);
    const revoked = await t.sql<{ n: number }>(
      'select count(*)::int as n from calendar_feeds where tenant_id = $1 and revoked_at is not null',
      [tenantId],
    );
    expect(revoked[0]?.n).toBe(1);
  });
});

// A stand-in for the providers' token and revoke endpoints (decision 093 round eight): a real HTTP
// server on a free local port, started and stopped by this file. It answers the code 'good-code'
// with tokens (an ID token naming the account) and refuses any other; it records what it was sent.
type Received = { path: string; form: Record<string, string> };
const received: Received[] = [];
let provider: Server;
let providerUrl = '';
const idToken = (claims: Record<string, unknown>) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

function startProvider(): Promise<void> {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: req.url ?? '', form });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/revoke') return res.end('{}');
      if (form.code !== 'good-code') {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: 'invalid_grant' }));
      }
      const google = req.url === '/google/token';
      res.end(
        JSON.stringify({
          access_token: 'access-1',
          expires_in: 3599,
          token_type: 'Bearer',
          refresh_token: google ? 'refresh-google-1' : 'refresh-microsoft-1',
          scope: google
            ? 'openid email https://www.googleapis.com/auth/calendar.events'
            : 'openid email offline_access Calendars.ReadWrite',
          id_token: idToken(google ? { email: 'olivia@gmail.example' } : { preferred_username: 'olivia@contoso.example' }),
        }),
      );
    });
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

describe('calendar integrations with OAuth clients configured', () => {
  let configured: TestApp;
  let admin: Client;
  let stranger: Client;
  let adminTenant: string;
  beforeAll(async () => {
    await startProvider();
    configured = await createTestApp({
      calendarProviders: {
        google: {
          clientId: 'google-client.apps.googleusercontent.com',
          clientSecret: 'g-secret',
          tokenUrl: `${providerUrl}/google/token`,
          revokeUrl: `${providerUrl}/revoke`,
        },
        microsoft: {
          clientId: '11111111-2222-3333-4444-555555555555',
          clientSecret: 'm-secret',
          tenant: 'common',
          tokenUrl: `${providerUrl}/microsoft/token`,
        },
      },
    });
    ({ c: admin, other: stranger, tenantId: adminTenant } = await ownerMemberAndStranger(configured, []));
  });
  afterAll(async () => {
    await configured?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });
  const connections = () =>
    configured.sql<{ provider: string; account_email: string | null; scopes: string; refresh_token: string | null }>(
      'select provider, account_email, scopes, refresh_token from calendar_connections where tenant_id = $1 order by provider',
      [adminTenant],
    );
  const stateOf = async (p: string) =>
    new URL((await admin.post(`${BASE}/${p}/authorize`, {})).body.authorizationUrl).searchParams.get('state') ?? '';
  const callback = (p: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
    configured.client().get(`/api/v1/calendar-integrations/${p}/callback?${new URLSearchParams(query).toString()}`, headers);

  it('builds the authorization-code URL of each provider with a signed state', async () => {
    const list = await admin.get(BASE);
    expect(list.body.providers.map((p: { configured: boolean }) => p.configured)).toEqual([true, true]);

    const google = await admin.post(`${BASE}/google/authorize`, {});
    expect(google.status, google.text).toBe(200);
    const g = new URL(google.body.authorizationUrl);
    expect(`${g.origin}${g.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(g.searchParams)).toMatchObject({
      client_id: 'google-client.apps.googleusercontent.com',
      redirect_uri: 'http://localhost:3000/api/v1/calendar-integrations/google/callback',
      response_type: 'code',
      scope: 'openid email https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(g.searchParams.has('client_secret')).toBe(false);
    const state = verifyToken(configured.config.sessionSecret, 'calendar-connect', g.searchParams.get('state') ?? '', 4);
    expect(state?.[2]).toBe('google');

    const microsoft = await admin.post(`${BASE}/microsoft/authorize`, {});
    const m = new URL(microsoft.body.authorizationUrl);
    expect(`${m.origin}${m.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(Object.fromEntries(m.searchParams)).toMatchObject({
      client_id: '11111111-2222-3333-4444-555555555555',
      redirect_uri: 'http://localhost:3000/api/v1/calendar-integrations/microsoft/callback',
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid email offline_access Calendars.ReadWrite',
    });
    // a state made for another purpose, or altered, is no state
    expect(verifyToken(configured.config.sessionSecret, 'booking-cancel', m.searchParams.get('state') ?? '', 4)).toBeUndefined();
  });

  it('connects a calendar on the callback: the code exchanged at the token endpoint, the connection listed, the refresh token sealed', async () => {
    const state = await stateOf('google');
    const res = await callback('google', { code: 'good-code', state, scope: 'email' });
    expect(res.status, res.text).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/settings/calendar-integrations?connected=google');
    // what the token endpoint was sent: the code, our callback and the client's credentials
    expect(received.at(-1)).toEqual({
      path: '/google/token',
      form: {
        grant_type: 'authorization_code',
        code: 'good-code',
        redirect_uri: 'http://localhost:3000/api/v1/calendar-integrations/google/callback',
        client_id: 'google-client.apps.googleusercontent.com',
        client_secret: 'g-secret',
      },
    });
    const [row] = await connections();
    expect(row).toMatchObject({
      provider: 'google',
      account_email: 'olivia@gmail.example',
      scopes: expect.stringContaining('calendar.events'),
    });
    // sealed at rest: not the token, and opened only with the server's secret
    expect(row?.refresh_token).not.toContain('refresh-google-1');
    expect(createTokenCipher(configured.config.sessionSecret, 'atrium-calendar-connection').open(row?.refresh_token ?? '')).toBe(
      'refresh-google-1',
    );
    // Microsoft's ID token names the account by preferred_username; connecting again replaces
    expect((await callback('microsoft', { code: 'good-code', state: await stateOf('microsoft') })).status).toBe(303);
    expect((await callback('google', { code: 'good-code', state: await stateOf('google') })).status).toBe(303);
    expect((await connections()).map((c) => [c.provider, c.account_email])).toEqual([
      ['google', 'olivia@gmail.example'],
      ['microsoft', 'olivia@contoso.example'],
    ]);
    const list = (await admin.get(BASE)).body.connections;
    expect(
      list.map((c: { provider: string; account: string | null; user: { name: string } }) => [c.provider, c.account, c.user.name]),
    ).toEqual(
      expect.arrayContaining([
        ['google', 'olivia@gmail.example', 'Olivia Owner'],
        ['microsoft', 'olivia@contoso.example', 'Olivia Owner'],
      ]),
    );
  });

  it('refuses a bad, altered, expired or other-provider state, a declined consent and a refused code with 400, storing nothing', async () => {
    await configured.sql('delete from calendar_connections where tenant_id = $1', [adminTenant]);
    const state = await stateOf('google');
    const parts = verifyToken(configured.config.sessionSecret, 'calendar-connect', state, 4) ?? [];
    const old = signToken(configured.config.sessionSecret, 'calendar-connect', [
      parts[0] ?? '',
      parts[1] ?? '',
      'google',
      String(Date.now() - 11 * 60_000),
    ]);
    const asked = received.length;
    const cases: [string, Record<string, string>, string, string][] = [
      ['google', { code: 'good-code' }, 'calendarStateInvalid', 'state'],
      ['google', { code: 'good-code', state: `${state}x` }, 'calendarStateInvalid', 'state'],
      ['microsoft', { code: 'good-code', state }, 'calendarStateInvalid', 'state'],
      ['google', { code: 'good-code', state: old }, 'calendarStateExpired', 'state'],
      ['google', { error: 'access_denied', state }, 'calendarConnectDeclined', 'error'],
      ['google', { state }, 'required', 'code'],
    ];
    for (const [p, query, code, field] of cases) {
      const res = await callback(p, query);
      expect(res.status, `${p} ${JSON.stringify(query)}: ${res.text}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe(code);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    // none of those reached the provider
    expect(received.length).toBe(asked);
    const refused = await callback('google', { code: 'stolen-code', state });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('calendarCodeInvalid');
    expect(received.length).toBe(asked + 1);
    expect(await connections()).toEqual([]);
    // a browser gets a page that says so, in its language, with the way back
    const page = await callback('google', { code: 'good-code', state: old }, { accept: 'text/html', 'accept-language': 'de-DE' });
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('<h1>Kalender nicht verbunden</h1>');
    expect(page.text).toContain('länger als 10 Minuten');
    expect(page.text).toContain('href="http://localhost:3000/settings/calendar-integrations"');
    expect(await connections()).toEqual([]);
  });

  it("revokes a connection: deleted here and its refresh token revoked at the provider; another workspace's is 404", async () => {
    expect((await callback('google', { code: 'good-code', state: await stateOf('google') })).status).toBe(303);
    const id = (await admin.get(BASE)).body.connections.find((c: { provider: string }) => c.provider === 'google')?.id as string;
    expect((await stranger.delete(`${BASE}/${id}`)).status).toBe(404);
    expect(await connections()).toHaveLength(1);
    expect((await admin.delete(`${BASE}/${id}`)).status).toBe(204);
    expect(received.at(-1)).toEqual({ path: '/revoke', form: { token: 'refresh-google-1' } });
    expect(await connections()).toEqual([]);
    expect((await admin.delete(`${BASE}/${id}`)).status).toBe(404);
  });
});
