import type { RouteObject } from 'react-router';

// The bookings module's signed-in page. A static path, so it wins over the generic /:section page.
export const BOOKINGS_PATH = '/bookings';

export const BOOKINGS_ROUTES: RouteObject[] = [
  { path: BOOKINGS_PATH, lazy: async () => ({ Component: (await import('./bookings.page')).default }) },
];
