export * from './bookings.enumerations';
export * from './bookings.schema';
