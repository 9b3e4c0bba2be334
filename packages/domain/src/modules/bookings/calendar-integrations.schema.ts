import { z } from 'zod';

// Calendar integrations (spec §7 Admin "calendar integrations and revoke"; decision 093 round
// six): the external calendar providers and whether this server has their OAuth client, and the
// workspace's connections — today the secret iCalendar feed URLs, per member and per resource.
export const CALENDAR_PROVIDERS = ['google', 'microsoft'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export const calendarIntegrationsSchema = z.object({
  providers: z.array(
    z.object({
      provider: z.enum(CALENDAR_PROVIDERS),
      configured: z.boolean(),
      // the environment variables that configure it (the "not configured" reason names them)
      settings: z.array(z.string()),
    }),
  ),
  connections: z.array(
    z.object({
      id: z.uuid(),
      provider: z.literal('ical'),
      user: z.object({ id: z.uuid(), name: z.string() }),
      resource: z.object({ id: z.uuid(), title: z.string() }).nullable(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
});
export type CalendarIntegrations = z.infer<typeof calendarIntegrationsSchema>;
export const calendarProviderParamsSchema = z.object({ provider: z.enum(CALENDAR_PROVIDERS, { error: 'invalidOption' }) });
export const calendarAuthorizationSchema = z.object({ authorizationUrl: z.string() });
export type CalendarAuthorization = z.infer<typeof calendarAuthorizationSchema>;
