import type { RouteObject } from 'react-router';

// The helpdesk's public portal (no session needed): its home with the knowledge base's search,
// and an article. /portal/<workspace slug>/<portal slug>.
export const PORTAL_PATH = '/portal/:workspace/:helpdesk';

export const HELPDESK_PUBLIC_ROUTES: RouteObject[] = [
  { path: PORTAL_PATH, lazy: async () => ({ Component: (await import('./portal-home.page')).default }) },
  { path: `${PORTAL_PATH}/ask`, lazy: async () => ({ Component: (await import('./portal-ask.page')).default }) },
  { path: `${PORTAL_PATH}/articles/:slug`, lazy: async () => ({ Component: (await import('./portal-article.page')).default }) },
  // portal users (decision 094, round three): sign-in by a mailed link, their own requests
  { path: `${PORTAL_PATH}/sign-in`, lazy: async () => ({ Component: (await import('./portal-sign-in.page')).default }) },
  { path: `${PORTAL_PATH}/requests`, lazy: async () => ({ Component: (await import('./portal-my-requests.page')).default }) },
  { path: `${PORTAL_PATH}/requests/:id`, lazy: async () => ({ Component: (await import('./portal-my-request.page')).default }) },
  // the access messages of spec §8 as pages: access-denied, login-required, spammer
  { path: `${PORTAL_PATH}/access/:kind`, lazy: async () => ({ Component: (await import('./portal-access.page')).default }) },
];
