import type { RouteObject } from 'react-router';

// The work-management module's own signed-in pages besides its kinds' generic ones: the
// portfolio timeline. A static path, so it wins over the generic /:section/:id record page.
export const PORTFOLIO_TIMELINE_PATH = '/projects/timeline';

export const PROJECTS_ROUTES: RouteObject[] = [
  { path: PORTFOLIO_TIMELINE_PATH, lazy: async () => ({ Component: (await import('./portfolio-timeline.page')).default }) },
];
