// The bookings module's public door: what the app composes.
export { BOOKINGS_NAV } from './bookings.nav';
