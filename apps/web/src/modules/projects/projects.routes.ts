import type { RouteObject } from 'react-router';

// The work-management module's own signed-in pages besides its kinds' generic ones: the
// portfolio timeline and my task calendar. A static path, so it wins over the generic /:section/:id record page.
export const PORTFOLIO_TIMELINE_PATH = '/projects/timeline';

export const MY_TASK_CALENDAR_PATH = '/tasks/calendar';

export const PROJECTS_ROUTES: RouteObject[] = [
  { path: MY_TASK_CALENDAR_PATH, lazy: async () => ({ Component: (await import('./my-task-calendar.page')).default }) },
  { path: PORTFOLIO_TIMELINE_PATH, lazy: async () => ({ Component: (await import('./portfolio-timeline.page')).default }) },
];
