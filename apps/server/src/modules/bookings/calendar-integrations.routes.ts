import {
  calendarAuthorizationSchema,
  calendarCallbackQuerySchema,
  calendarIntegrationsSchema,
  calendarProviderParamsSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import {
  authorizationUrl,
  calendarIntegrations,
  completeCalendarConnection,
  revokeCalendarIntegration,
  type CalendarIntegrationDeps,
} from './calendar-integrations.service';
import { connectionFailurePage } from './calendar-integrations.util';

const BASE = '/api/v1/admin/calendar-integrations';

// Calendar integrations (spec §7 Admin "calendar integrations and revoke"; decision 093 round six).
export function registerCalendarIntegrationRoutes(router: Router, deps: CalendarIntegrationDeps & { now: () => Date }): void {
  const tags = ['Admin'];
  router.tenant({
    method: 'GET',
    url: BASE,
    summary:
      "The external calendar providers (configured or not) and the workspace's calendar connections: the secret iCalendar feed URLs per member and per resource",
    tags,
    permission: 'Setting.ViewIntegrations',
    readOnly: true,
    schemas: { response: calendarIntegrationsSchema },
    handler: (ctx) => calendarIntegrations(ctx, deps),
  });
  router.tenant({
    method: 'DELETE',
    url: `${BASE}/:id`,
    summary:
      'Revoke a calendar connection of the workspace: a revoked feed URL answers 404 at once; an OAuth connection is deleted and its refresh token revoked at the provider where it offers that (Google)',
    tags,
    permission: 'Setting.ManageIntegrations',
    status: 204,
    table: 'calendar_feeds',
    schemas: { params: z.object({ id: z.uuid() }) },
    handler: (ctx, { params }) => revokeCalendarIntegration(ctx, deps, params.id),
  });
  router.tenant({
    method: 'POST',
    url: `${BASE}/:provider/authorize`,
    summary:
      "Start connecting the caller's Google or Microsoft 365 calendar: the provider's authorization URL (OAuth authorization-code flow) to send the browser to; 409 calendarProviderNotConfigured without the provider's OAuth client",
    tags,
    permission: 'Setting.ManageIntegrations',
    // the provider is a name, not a record of the workspace
    paramsExample: { provider: 'google' },
    schemas: { params: calendarProviderParamsSchema, response: calendarAuthorizationSchema },
    handler: async (ctx, { params }) => authorizationUrl(ctx, deps, params.provider, deps.now().getTime()),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/calendar-integrations/:provider/callback',
    summary:
      "Where the provider sends the member back after consenting: the signed state (this provider, 10 minutes, a member of the workspace) is checked, the code exchanged at the provider's token endpoint and the connection stored (refresh token sealed); then a redirect to Settings → Calendar integrations. A bad or expired state, a declined consent or a refused code is 400 and stores nothing (an HTML page for a browser)",
    tags,
    rateLimit: 'auth',
    paramsExample: { provider: 'google' },
    errors: [400, 502],
    schemas: { params: calendarProviderParamsSchema, query: calendarCallbackQuerySchema },
    handler: async (ctx, { params, query, request, reply }) => {
      try {
        const next = await completeCalendarConnection(ctx.db, deps, params.provider, query, deps.now().getTime());
        await reply.header('cache-control', 'no-store').redirect(next, 303);
      } catch (e) {
        // a browser gets a page that says what went wrong and leads back; an API client the problem
        if (!(e instanceof AppError) || !String(request.headers.accept ?? '').includes('text/html')) throw e;
        await reply
          .status(e.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(connectionFailurePage(e.code, deps.publicUrl, request.headers['accept-language']));
      }
    },
  });
}
