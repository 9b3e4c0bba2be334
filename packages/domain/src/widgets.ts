import type { WIDGET_TYPES } from './enums';

// The spec's widget types (§2): Atrium's embed script (/widget.js) turns a script tag on another
// site into an iframe of a portal page in its embedded mode, sized to its content (decision 098).
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const WIDGET_SCRIPT_PATH = '/widget.js';
// A portal page asked for with ?embed=1 is the embedded mode: no margins, a transparent
// background, its height posted to the parent page, and frameable by any site.
export const PORTAL_EMBED_PARAM = 'embed';
// The message an embedded page posts to its parent; `frame` is the id the script gave its iframe.
export const WIDGET_HEIGHT_MESSAGE = 'atrium:widget-height';

export type WidgetTarget =
  { type: 'BookingWidget'; workspace: string; page: string } | { type: 'HelpdeskWidget'; workspace: string; helpdesk: string };

const attribute = (name: string, value: string) => `data-${name}="${value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"`;

// The one script tag a site owner copies: `origin` is Atrium's own (https://atrium.example).
export function widgetSnippet(origin: string, target: WidgetTarget): string {
  const where =
    target.type === 'BookingWidget'
      ? [attribute('workspace', target.workspace), attribute('page', target.page)]
      : [attribute('workspace', target.workspace), attribute('helpdesk', target.helpdesk)];
  return `<script src="${origin}${WIDGET_SCRIPT_PATH}" ${attribute('atrium-widget', target.type)} ${where.join(' ')} async></script>`;
}
