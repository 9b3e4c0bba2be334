export * from './bookings.enumerations';
export * from './bookings.schema';
export * from './booking-page.entity';
export * from './booking-page-settings.schema';
export * from './booking-portal.schema';
export * from './booking-service.entity';
export * from './calendar-integrations.schema';
