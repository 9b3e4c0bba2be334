import type { RouteObject } from 'react-router';

// The public booking portal (no session needed): a booking page, and the page a portal
// booking's cancel link opens. Their static "book" and "bookings" segments win over the
// helpdesk portal's /portal/:workspace/:helpdesk.
export const BOOKING_PORTAL_PATH = '/portal/:workspace/book/:slug';

export const BOOKINGS_PUBLIC_ROUTES: RouteObject[] = [
  { path: BOOKING_PORTAL_PATH, lazy: async () => ({ Component: (await import('./booking-portal.page')).default }) },
  { path: '/portal/:workspace/bookings/:token', lazy: async () => ({ Component: (await import('./booking-cancel.page')).default }) },
];
