import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { verifyToken } from '../../platform/signed-token.util';

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

describe('calendar integrations with OAuth clients configured', () => {
  let configured: TestApp;
  let admin: Client;
  beforeAll(async () => {
    configured = await createTestApp({
      calendarProviders: {
        google: { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'g-secret' },
        microsoft: { clientId: '11111111-2222-3333-4444-555555555555', clientSecret: 'm-secret', tenant: 'common' },
      },
    });
    ({ c: admin } = await ownerMemberAndStranger(configured, []));
  });
  afterAll(async () => configured?.close());

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
      scope: 'https://www.googleapis.com/auth/calendar.events',
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
      scope: 'offline_access Calendars.ReadWrite',
    });
    // a state made for another purpose, or altered, is no state
    expect(verifyToken(configured.config.sessionSecret, 'booking-cancel', m.searchParams.get('state') ?? '', 4)).toBeUndefined();
  });
});
