import type { RouteObject } from 'react-router';

// The campaigns module's public page: unsubscribing through a campaign mail's link.
export const CAMPAIGNS_PUBLIC_ROUTES: RouteObject[] = [
  { path: '/unsubscribe/:token', lazy: async () => ({ Component: (await import('./unsubscribe.page')).default }) },
];
