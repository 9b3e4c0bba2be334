// Atrium's embed script, served as /widget.js (built on its own by vite.config.ts's widget
// plugin: one file, no imports, no dependency). A site owner writes
//   <script src="https://atrium.example/widget.js" data-atrium-widget="BookingWidget"
//     data-workspace="acme" data-page="meeting-rooms" async></script>
// (or data-atrium-widget="HelpdeskWidget" data-helpdesk="support") and the script puts an iframe
// of that portal page, in its embedded mode, where the tag is. The page posts its height; the
// iframe takes it — only from Atrium's own origin (the script's) and only from its own iframe.
// The path shapes and names repeat packages/domain's widgets.ts and the portal routes, because
// this file must stand alone; the browser test embeds both widgets from another origin.
type Widget = { path: (s: DOMStringMap) => string | null; title: string };

const WIDGETS: Record<string, Widget> = {
  BookingWidget: {
    path: (s) => (s.workspace && s.page ? `/portal/${encodeURIComponent(s.workspace)}/book/${encodeURIComponent(s.page)}` : null),
    title: 'Booking',
  },
  HelpdeskWidget: {
    path: (s) => (s.workspace && s.helpdesk ? `/portal/${encodeURIComponent(s.workspace)}/${encodeURIComponent(s.helpdesk)}` : null),
    title: 'Help',
  },
};
const HEIGHT_MESSAGE = 'atrium:widget-height';
const MAX_HEIGHT = 20_000;

function mount(script: HTMLScriptElement): void {
  if (script.dataset.atriumMounted) return;
  script.dataset.atriumMounted = 'true';
  const widget = WIDGETS[script.dataset.atriumWidget ?? ''];
  const path = widget?.path(script.dataset);
  if (!widget || !path) {
    console.error(
      'Atrium widget: data-atrium-widget must be BookingWidget (with data-workspace and data-page) or HelpdeskWidget (with data-workspace and data-helpdesk)',
    );
    return;
  }
  const origin = new URL(script.src, document.baseURI).origin;
  const frame = `atrium-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const iframe = document.createElement('iframe');
  iframe.src = `${origin}${path}?embed=1&frame=${frame}`;
  iframe.title = script.dataset.title || widget.title;
  iframe.setAttribute('data-atrium-frame', frame);
  iframe.style.cssText = 'display:block;width:100%;border:0;height:320px;background:transparent;color-scheme:normal';
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    const { type, frame: from, height } = data as { type?: unknown; frame?: unknown; height?: unknown };
    if (type !== HEIGHT_MESSAGE || from !== frame || typeof height !== 'number' || !Number.isFinite(height)) return;
    iframe.style.height = `${Math.min(Math.max(Math.ceil(height), 0), MAX_HEIGHT)}px`;
  });
  script.after(iframe);
}

// document.currentScript is this tag (async included); when a loader runs the script without it,
// every tag not yet mounted is mounted.
const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.dataset.atriumWidget) mount(current);
else document.querySelectorAll<HTMLScriptElement>('script[data-atrium-widget]').forEach(mount);
export {};
