import type { CalendarAuthorization, CalendarCallbackQuery, CalendarIntegrations, CalendarProvider } from '@atrium/domain';
import type { CalendarProviderClient } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError, notFound } from '../../platform/errors';
import { enterWorkspace, systemContext } from '../../platform/jobs/workspace-walk';
import { signToken, verifyToken } from '../../platform/signed-token.util';
import { createTokenCipher } from '../../identity';
import * as connectionsRepo from './calendar-connections.repository';
import * as feedsRepo from './calendar-feeds.repository';

// Calendar integrations (spec §7 Admin; decision 093 round six). Google and Microsoft 365 are
// configured by their OAuth client (environment variables); connecting starts the provider's
// authorization-code flow. The workspace's connections today are the secret iCalendar feeds,
// per member and per resource; an administrator revokes any of them (its URL answers 404 at once).
export type CalendarIntegrationDeps = {
  publicUrl: string;
  secret: string;
  providers: {
    google?: CalendarProviderClient;
    microsoft?: CalendarProviderClient & { tenant: string };
  };
};

const SETTINGS: Record<CalendarProvider, string[]> = {
  google: ['GOOGLE_CALENDAR_CLIENT_ID', 'GOOGLE_CALENDAR_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CALENDAR_CLIENT_ID', 'MICROSOFT_CALENDAR_CLIENT_SECRET'],
};
const STATE = 'calendar-connect';

// the connect link's life: the member consents at the provider within ten minutes
const STATE_TTL_MS = 10 * 60_000;
// refresh tokens at rest: sealed with a key of their own, derived from SESSION_SECRET
const cipher = (deps: CalendarIntegrationDeps) => createTokenCipher(deps.secret, 'atrium-calendar-connection');

export async function calendarIntegrations(ctx: TenantContext, deps: CalendarIntegrationDeps): Promise<CalendarIntegrations> {
  const oauth = await connectionsRepo.workspaceConnections(ctx);
  const feeds = await feedsRepo.workspaceFeeds(ctx);
  return {
    providers: (['google', 'microsoft'] as const).map((provider) => ({
      provider,
      configured: deps.providers[provider] !== undefined,
      settings: SETTINGS[provider],
    })),
    connections: [
      ...oauth.map((c) => ({
        id: c.id,
        provider: c.provider,
        account: c.accountEmail,
        user: { id: c.ownerId, name: c.ownerName },
        resource: null,
        createdAt: c.createdAt,
        lastUsedAt: null,
      })),
      ...feeds.map((f) => ({
        id: f.id,
        provider: 'ical' as const,
        account: null,
        user: { id: f.ownerId, name: f.ownerName },
        resource: f.resourceId ? { id: f.resourceId, title: f.resourceTitle ?? '' } : null,
        createdAt: f.createdAt,
        lastUsedAt: f.lastReadAt,
      })),
    ],
  };
}

// An administrator revokes a feed URL (it answers 404 at once) or an OAuth connection: the row goes,
// and the provider is asked to revoke its refresh token where it has an endpoint for that (Google's
// RFC 7009 revoke). That call is best effort: the connection is gone here whatever it answers.
export async function revokeCalendarIntegration(ctx: TenantContext, deps: CalendarIntegrationDeps, id: string): Promise<void> {
  if (await feedsRepo.revokeAnyFeed(ctx, id)) return;
  const gone = await connectionsRepo.deleteConnection(ctx, id);
  if (!gone) throw notFound('CalendarIntegration');
  const revokeUrl = deps.providers[gone.provider]?.revokeUrl;
  const token = gone.refreshToken ? cipher(deps).open(gone.refreshToken) : null;
  if (!revokeUrl || !token) return;
  await fetch(revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    signal: AbortSignal.timeout(5000),
  }).catch(() => undefined);
}

const stateError = (code: 'calendarStateInvalid' | 'calendarStateExpired', message: string): AppError =>
  new AppError(400, code, message, [{ field: 'state', code, message: `state: ${message}` }]);

type TokenAnswer = { refresh_token?: unknown; scope?: unknown; id_token?: unknown };

// The address an ID token names (email, or Microsoft's preferred_username). The token came straight
// from the provider's token endpoint over TLS, so its claims are read without checking its signature
// (OpenID Connect Core §3.1.3.7, the code flow).
function accountOf(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const address = claims.email ?? claims.preferred_username;
    return typeof address === 'string' && address.length <= 320 ? address : null;
  } catch {
    return null;
  }
}

// The provider's callback (decision 093 round eight): the state must be ours — signed for this
// provider, at most ten minutes old, naming a member still in the workspace; the code is exchanged
// at the provider's token endpoint and the member's connection stored (the refresh token sealed),
// replacing an earlier one of the same provider. Anything wrong is a 400 naming it, and nothing is
// stored. Answers where the browser goes next: Settings → Calendar integrations.
export async function completeCalendarConnection(
  db: Db,
  deps: CalendarIntegrationDeps,
  provider: CalendarProvider,
  query: CalendarCallbackQuery,
  now: number,
): Promise<string> {
  if (!query.state) throw stateError('calendarStateInvalid', 'no state: the connection was not started here');
  const parts = verifyToken(deps.secret, STATE, query.state, 4);
  if (!parts || parts[2] !== provider) throw stateError('calendarStateInvalid', 'not a state this server signed for this provider');
  const [tenantId = '', tenantUserId = '', , at] = parts;
  const age = now - Number(at);
  if (!Number.isFinite(age) || age > STATE_TTL_MS || age < -60_000) throw stateError('calendarStateExpired', 'older than 10 minutes');
  if (query.error) {
    const message = `the provider answered ${query.error.slice(0, 100)}`;
    throw new AppError(400, 'calendarConnectDeclined', `Not connected: ${message}`, [
      { field: 'error', code: 'calendarConnectDeclined', message: `error: ${message}` },
    ]);
  }
  if (!query.code)
    throw new AppError(400, 'required', 'code is required', [{ field: 'code', code: 'required', message: 'code: required' }]);
  const client = deps.providers[provider];
  if (!client) throw notConfigured(provider);
  let res: Response;
  try {
    res = await fetch(client.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: query.code,
        redirect_uri: callbackUrl(deps, provider),
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    const error = new AppError(502, 'calendarProviderUnavailable', `The ${provider} token endpoint could not be reached`);
    error.internal = e;
    throw error;
  }
  const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
  if (!res.ok)
    throw new AppError(400, 'calendarCodeInvalid', `The ${provider} token endpoint refused the code (HTTP ${res.status})`, [
      { field: 'code', code: 'calendarCodeInvalid', message: 'code: refused by the provider (used, expired or made up)' },
    ]);
  const refreshToken = typeof answer.refresh_token === 'string' ? answer.refresh_token : null;
  const scopes = typeof answer.scope === 'string' ? answer.scope.slice(0, 2000) : '';
  await db.transaction(async (tx) => {
    await enterWorkspace(tx, tenantId);
    const ctx = systemContext(tenantId, tx, { name: 'Calendar connection', tenantUserId });
    if (!(await connectionsRepo.memberExists(ctx, tenantUserId)))
      throw stateError('calendarStateInvalid', 'the member is no longer in the workspace');
    await connectionsRepo.upsertConnection(ctx, {
      ownerId: tenantUserId,
      provider,
      accountEmail: accountOf(answer.id_token),
      scopes,
      refreshToken: refreshToken ? cipher(deps).seal(refreshToken) : null,
    });
  });
  return `${deps.publicUrl}/settings/calendar-integrations?connected=${provider}`;
}

// where the provider sends the member back with the code
export const callbackUrl = (deps: CalendarIntegrationDeps, provider: CalendarProvider): string =>
  `${deps.publicUrl}/api/v1/calendar-integrations/${provider}/callback`;

// The provider's authorization URL (OAuth 2.0 authorization-code flow, the endpoints each
// provider documents): the member consents there to their calendar's events, offline, and comes
// back to the callback with the code and our signed state (workspace, member, provider, time).
export function authorizationUrl(
  ctx: TenantContext,
  deps: CalendarIntegrationDeps,
  provider: CalendarProvider,
  now: number,
): CalendarAuthorization {
  const state = signToken(deps.secret, STATE, [ctx.tenantId, ctx.tenantUserId, provider, String(now)]);
  const redirect = callbackUrl(deps, provider);
  if (provider === 'google') {
    const google = deps.providers.google;
    if (!google) throw notConfigured(provider);
    const q = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: redirect,
      response_type: 'code',
      // openid email: the ID token names the account connected
      scope: 'openid email https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      include_granted_scopes: 'true',
      prompt: 'consent',
      state,
    });
    return { authorizationUrl: `https://accounts.google.com/o/oauth2/v2/auth?${q.toString()}` };
  }
  const microsoft = deps.providers.microsoft;
  if (!microsoft) throw notConfigured(provider);
  const q = new URLSearchParams({
    client_id: microsoft.clientId,
    redirect_uri: redirect,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid email offline_access Calendars.ReadWrite',
    state,
  });
  return {
    authorizationUrl: `https://login.microsoftonline.com/${encodeURIComponent(microsoft.tenant)}/oauth2/v2.0/authorize?${q.toString()}`,
  };
}

const notConfigured = (provider: CalendarProvider): AppError =>
  new AppError(
    409,
    'calendarProviderNotConfigured',
    `Not configured: this server has no OAuth client for ${provider} (set ${SETTINGS[provider].join(' and ')})`,
  );
