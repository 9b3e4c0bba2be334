// The bookings module's public door: what the app and other modules compose.
export { BOOKINGS_NAV } from './bookings.nav';
export { BOOKINGS_PATH, CALENDAR_INTEGRATIONS_PATH } from './bookings.routes';
export { BookResourceAction } from './book-resource';
export { BookFromMapDialog } from './book-from-map';
export { BOOKINGS_ENTITIES } from './booking-pages.entities';
