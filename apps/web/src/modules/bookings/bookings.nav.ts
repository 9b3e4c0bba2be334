import { BOOKINGS_PATH } from './bookings.routes';

// The Bookings page's entry under the Workplace heading (the asset catalogue's module group);
// the plan's feature flag hideBookings hides it.
export const BOOKINGS_NAV = {
  key: 'bookings',
  path: BOOKINGS_PATH,
  labelKey: 'bookings.nav',
  icon: 'CalendarOutlined',
  rule: { permissions: ['Resource.ViewResources' as const], hiddenBy: 'hideBookings' as const },
  group: 'resources',
};
