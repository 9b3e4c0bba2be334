import { CHECK_IN_PATH } from '@atrium/domain';
import type { RouteObject } from 'react-router';

// The bookings module's signed-in pages. Static paths, so they win over the generic /:section page.
export const BOOKINGS_PATH = '/bookings';
export const CALENDAR_INTEGRATIONS_PATH = '/settings/calendar-integrations';

export const BOOKINGS_ROUTES: RouteObject[] = [
  { path: BOOKINGS_PATH, lazy: async () => ({ Component: (await import('./bookings.page')).default }) },
  // what a resource's QR code opens, and a floor's printable sheet of codes
  { path: `${CHECK_IN_PATH}/floors/:floorMapId`, lazy: async () => ({ Component: (await import('./qr-sheet.page')).default }) },
  { path: `${CHECK_IN_PATH}/:resourceId`, lazy: async () => ({ Component: (await import('./check-in.page')).default }) },
];

// The module's sections of Settings, inside its layout and side menu (a static path: it wins over
// the settings' /settings/:section)
export const BOOKINGS_SETTINGS_ROUTES: RouteObject[] = [
  { path: CALENDAR_INTEGRATIONS_PATH, lazy: async () => ({ Component: (await import('./calendar-integrations.page')).default }) },
];
