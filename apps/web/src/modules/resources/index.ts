// The asset catalogue's public door: what the app composes.
export { RESOURCES_ENTITIES } from './resources.entities';
export { registerFloorMapBooking, type FloorMapBookingProps } from './floor-map-booking';
