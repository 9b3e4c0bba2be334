import { calendarAuthorizationSchema, calendarIntegrationsSchema, calendarProviderParamsSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import {
  authorizationUrl,
  calendarIntegrations,
  revokeCalendarIntegration,
  type CalendarIntegrationDeps,
} from './calendar-integrations.service';

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
    summary: 'Revoke a calendar connection of the workspace: a revoked feed URL answers 404 at once',
    tags,
    permission: 'Setting.ManageIntegrations',
    status: 204,
    table: 'calendar_feeds',
    schemas: { params: z.object({ id: z.uuid() }) },
    handler: (ctx, { params }) => revokeCalendarIntegration(ctx, params.id),
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
}
