import type { CalendarAuthorization, CalendarIntegrations, CalendarProvider } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { signToken } from '../../platform/signed-token.util';
import * as feedsRepo from './calendar-feeds.repository';

// Calendar integrations (spec §7 Admin; decision 093 round six). Google and Microsoft 365 are
// configured by their OAuth client (environment variables); connecting starts the provider's
// authorization-code flow. The workspace's connections today are the secret iCalendar feeds,
// per member and per resource; an administrator revokes any of them (its URL answers 404 at once).
export type CalendarIntegrationDeps = {
  publicUrl: string;
  secret: string;
  providers: {
    google?: { clientId: string };
    microsoft?: { clientId: string; tenant: string };
  };
};

const SETTINGS: Record<CalendarProvider, string[]> = {
  google: ['GOOGLE_CALENDAR_CLIENT_ID', 'GOOGLE_CALENDAR_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CALENDAR_CLIENT_ID', 'MICROSOFT_CALENDAR_CLIENT_SECRET'],
};
const STATE = 'calendar-connect';

export async function calendarIntegrations(ctx: TenantContext, deps: CalendarIntegrationDeps): Promise<CalendarIntegrations> {
  const feeds = await feedsRepo.workspaceFeeds(ctx);
  return {
    providers: (['google', 'microsoft'] as const).map((provider) => ({
      provider,
      configured: deps.providers[provider] !== undefined,
      settings: SETTINGS[provider],
    })),
    connections: feeds.map((f) => ({
      id: f.id,
      provider: 'ical' as const,
      user: { id: f.ownerId, name: f.ownerName },
      resource: f.resourceId ? { id: f.resourceId, title: f.resourceTitle ?? '' } : null,
      createdAt: f.createdAt,
      lastUsedAt: f.lastReadAt,
    })),
  };
}

export async function revokeCalendarIntegration(ctx: TenantContext, id: string): Promise<void> {
  if (!(await feedsRepo.revokeAnyFeed(ctx, id))) throw notFound('CalendarIntegration');
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
      scope: 'https://www.googleapis.com/auth/calendar.events',
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
    scope: 'offline_access Calendars.ReadWrite',
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
