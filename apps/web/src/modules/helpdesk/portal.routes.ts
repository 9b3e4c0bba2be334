import type { RouteObject } from 'react-router';

// The helpdesk's public portal (no session needed): its home with the knowledge base's search,
// and an article. /portal/<workspace slug>/<portal slug>.
export const PORTAL_PATH = '/portal/:workspace/:helpdesk';

export const HELPDESK_PUBLIC_ROUTES: RouteObject[] = [
  { path: PORTAL_PATH, lazy: async () => ({ Component: (await import('./portal-home.page')).default }) },
  { path: `${PORTAL_PATH}/ask`, lazy: async () => ({ Component: (await import('./portal-ask.page')).default }) },
  { path: `${PORTAL_PATH}/articles/:slug`, lazy: async () => ({ Component: (await import('./portal-article.page')).default }) },
];
