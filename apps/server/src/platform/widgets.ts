import { PORTAL_EMBED_PARAM, WIDGET_SCRIPT_PATH } from '@atrium/domain';
import { registerCaptions } from './captions';
import type { Db } from './database';
import { widgetSettingsBySlug, type WidgetSettingsRow } from './widget-settings.repository';
import { WIDGET_CAPTIONS } from './widgets.captions';

// Which answers may be framed by other sites (decision 098): only a portal page asked for in its
// embedded mode (GET /portal/…?embed=1) — what the widget script puts in its iframe. Every other
// answer, the signed-in app's pages included, keeps frame-ancestors 'none'.
export function isEmbeddedPortalPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const query = url.indexOf('?');
  if (query < 0 || !url.startsWith('/portal/')) return false;
  return new URLSearchParams(url.slice(query + 1)).get(PORTAL_EMBED_PARAM) === '1';
}

// The workspace a portal address names: /portal/<workspace>/…
export function portalWorkspaceOf(url: string): string | undefined {
  const segment = url.split('?')[0]?.split('/')[2];
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

// The widgets' settings of each workspace, remembered per process for a few seconds: the header
// hook asks for them on every embedded portal page, and they change rarely. A change applies at
// once on the node that saved it (forgetWidgetSettings) and within WIDGET_SETTINGS_TTL_MS on every
// other — one small read per workspace and node every few seconds at most, no channel to keep.
export const WIDGET_SETTINGS_TTL_MS = 5_000;
const CACHE_MAX = 10_000;
const NO_SETTINGS: WidgetSettingsRow = { origins: [], color: null, dark: false };
type Cached = { at: number; value: Promise<WidgetSettingsRow> };
const cacheByDb = new WeakMap<Db, Map<string, Cached>>();
function cacheOf(db: Db): Map<string, Cached> {
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  return cache;
}

// An unknown workspace has the defaults (its portal page answers "not found" itself).
export function widgetSettingsOf(db: Db, slug: string, now = Date.now()): Promise<WidgetSettingsRow> {
  const cache = cacheOf(db);
  const hit = cache.get(slug);
  if (hit && now - hit.at < WIDGET_SETTINGS_TTL_MS) return hit.value;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = widgetSettingsBySlug(db, slug).then((row) => row ?? NO_SETTINGS);
  cache.set(slug, { at: now, value });
  // a failed read is not remembered
  value.catch(() => {
    if (cache.get(slug)?.value === value) cache.delete(slug);
  });
  return value;
}

export function forgetWidgetSettings(db: Db, slug: string): void {
  cacheOf(db).delete(slug);
}

// Who may frame a workspace's embedded portal pages: its allowed sites, or any site when it
// lists none (the default, decision 098).
export async function frameAncestorsOf(db: Db, url: string): Promise<string[]> {
  const slug = portalWorkspaceOf(url);
  if (!slug) return ['*'];
  const { origins } = await widgetSettingsOf(db, slug);
  return origins.length > 0 ? origins : ['*'];
}

// The embed script is loaded by other sites' pages, so its resource policy lets them.
export const isWidgetScript = (url: string): boolean => url.split('?')[0] === WIDGET_SCRIPT_PATH;

export function registerWidgets(): void {
  registerCaptions(WIDGET_CAPTIONS);
}
