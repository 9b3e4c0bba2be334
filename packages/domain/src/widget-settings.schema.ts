import { z } from 'zod';

// The widgets' settings of a workspace (decision 098): which sites may frame its embedded portal
// pages, and their theme.
export const WIDGET_ORIGINS_MAX = 50;

// An origin as a browser sends it: http or https, a host (a name, an IPv4 address or a bracketed
// IPv6 address), an optional port, no path, query or credentials. A trailing slash is dropped.
const ORIGIN_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function normalizeOrigin(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed;
}

export const isWidgetOrigin = (value: string): boolean => {
  if (!ORIGIN_PATTERN.test(value)) return false;
  const port = /:(\d+)$/.exec(value.replace(/^https?:\/\//, ''))?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
};

export const widgetOriginSchema = z
  .string({ error: 'invalidOrigin' })
  .max(300, { error: 'maxLength' })
  .overwrite(normalizeOrigin)
  .refine(isWidgetOrigin, { error: 'invalidOrigin' });

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
