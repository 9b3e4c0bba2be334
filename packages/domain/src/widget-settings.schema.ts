import { z } from 'zod';

// The widgets' settings of a workspace (decision 098): which sites may frame its embedded portal
// pages, and their theme.
export const WIDGET_ORIGINS_MAX = 50;

// An origin as a browser sends it: http or https, a host (a name, an IPv4 address or a bracketed
// IPv6 address), an optional port (1–65535), no path, query or credentials. What may be sent is
// the same with a trailing slash, in any case, around spaces: it is stored trimmed, lower-case and
// without the slash. Spelled as patterns, so the API's document states the rule (a refinement
// would be invisible to it).
const HOST = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\\[[0-9a-f:.]+\\])';
const PORT = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?';
const ORIGIN_PATTERN = new RegExp(`^https?://${HOST}${PORT}$`);
const ORIGIN_INPUT_PATTERN = new RegExp(`^https?://${HOST}${PORT}/?$`, 'i');

export function normalizeOrigin(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed;
}

export const isWidgetOrigin = (value: string): boolean => ORIGIN_PATTERN.test(value);

export const widgetOriginSchema = z
  .string({ error: 'invalidOrigin' })
  .trim()
  .max(300, { error: 'maxLength' })
  .regex(ORIGIN_INPUT_PATTERN, { error: 'invalidOrigin' })
  .overwrite(normalizeOrigin);

export const WIDGET_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export const widgetSettingsSchema = z.object({
  // empty: any site may frame the embedded pages (the default, so existing embeds keep working)
  allowedOrigins: z.array(z.string()),
  // null: Atrium's own primary colour
  primaryColor: z.string().nullable(),
  dark: z.boolean(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const widgetSettingsUpdateSchema = z.strictObject({
  allowedOrigins: z.array(widgetOriginSchema, { error: 'validation' }).max(WIDGET_ORIGINS_MAX, { error: 'maxItems' }),
  primaryColor: z.string({ error: 'invalidColor' }).trim().regex(WIDGET_COLOR_PATTERN, { error: 'invalidColor' }).toLowerCase().nullable(),
  dark: z.boolean(),
});
export type WidgetSettingsUpdate = z.infer<typeof widgetSettingsUpdateSchema>;

// What an embedded (or public) portal page of a workspace shows itself in.
export const portalThemeSchema = z.object({ primaryColor: z.string().nullable(), dark: z.boolean() });
export type PortalTheme = z.infer<typeof portalThemeSchema>;
