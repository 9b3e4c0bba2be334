import { PORTAL_EMBED_PARAM, WIDGET_SCRIPT_PATH } from '@atrium/domain';
import { registerCaptions } from './captions';
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

// The embed script is loaded by other sites' pages, so its resource policy lets them.
export const isWidgetScript = (url: string): boolean => url.split('?')[0] === WIDGET_SCRIPT_PATH;

export function registerWidgets(): void {
  registerCaptions(WIDGET_CAPTIONS);
}
