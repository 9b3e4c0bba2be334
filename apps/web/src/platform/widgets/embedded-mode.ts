import { PORTAL_EMBED_PARAM, WIDGET_HEIGHT_MESSAGE } from '@atrium/domain';
import type { DataRouter } from 'react-router';

const FRAME_PARAM = 'frame';

// A portal page opened by the widget script (?embed=1&frame=<id>, inside a frame) is in its
// embedded mode (decision 098): <html> gets the class atrium-embedded (no margins, a transparent
// background, styles.css), its content's height is posted to the parent page whenever it
// changes, and navigations inside the frame keep both parameters, so a reload stays embedded
// (the server lets only ?embed=1 portal pages be framed).
// Whether this page is a widget's frame (embedded mode inside another page).
export const isEmbedded = (): boolean =>
  new URLSearchParams(window.location.search).get(PORTAL_EMBED_PARAM) === '1' && window.parent !== window;

export function startEmbeddedMode(router: DataRouter): void {
  const params = new URLSearchParams(window.location.search);
  if (params.get(PORTAL_EMBED_PARAM) !== '1' || window.parent === window) return;
  const frame = params.get(FRAME_PARAM) ?? '';
  document.documentElement.classList.add('atrium-embedded');
  const root = document.getElementById('root');
  if (root) {
    let last = -1;
    const report = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // the height is all it says, so any parent may read it; the script checks who sent it
      window.parent.postMessage({ type: WIDGET_HEIGHT_MESSAGE, frame, height }, '*');
    };
    new ResizeObserver(report).observe(root);
    report();
  }
  router.subscribe(({ location }) => {
    const search = new URLSearchParams(location.search);
    if (search.get(PORTAL_EMBED_PARAM) === '1' && search.get(FRAME_PARAM) === frame) return;
    search.set(PORTAL_EMBED_PARAM, '1');
    search.set(FRAME_PARAM, frame);
    void router.navigate({ pathname: location.pathname, search: `?${search}`, hash: location.hash }, { replace: true });
  });
}
