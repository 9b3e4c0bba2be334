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
  // the secret iCalendar feed URLs ('ical') and the members' Google and Microsoft 365 calendars
  // connected by OAuth (decision 093 round eight: `account` is the provider's address, when it said)
  connections: z.array(
    z.object({
      id: z.uuid(),
      provider: z.enum(['ical', ...CALENDAR_PROVIDERS]),
      account: z.string().nullable(),
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

// The provider sends the member back here with `code` and our `state`, or with `error` when they
// declined; each is checked by the service (a missing or altered one is 400 naming it), so the
// query takes each as text, and the providers' other parameters (scope, session_state…) are dropped.
const callbackValue = z.string().max(4000, { error: 'maxLength' }).optional();
export const calendarCallbackQuerySchema = z.object({
  code: callbackValue,
  state: callbackValue,
  error: callbackValue,
  error_description: callbackValue,
});
export type CalendarCallbackQuery = z.infer<typeof calendarCallbackQuerySchema>;
