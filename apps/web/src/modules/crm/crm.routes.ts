import type { RouteObject } from 'react-router';

// The CRM module's own pages besides its kinds' generic ones: the public page of a team's
// invite URL (no session needed; it signs in or up on the way).
export const CRM_PUBLIC_ROUTES: RouteObject[] = [
  { path: '/teams/join/:token', lazy: async () => ({ Component: (await import('./team-invite.page')).default }) },
];
