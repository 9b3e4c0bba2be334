// What bookings add to the shared enumerations (ERROR_CODES), collected by
// ../module-enumerations.ts. No imports: the shared schemas load this file early.

// A booking's life (the spec names none; decision 093): booked, checked in, checked out (the
// rest of its time is free again), cancelled by a person, or released when nobody checked in.
// Held: a portal visitor's short hold while they fill in the form (its time is held until
// held_until, then free by time; confirming it makes it Booked).
export const BOOKING_STATUSES = ['Booked', 'CheckedIn', 'CheckedOut', 'Cancelled', 'Released', 'Held'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
// the statuses that hold the resource's time
export const LIVE_BOOKING_STATUSES = ['Booked', 'CheckedIn'] as const;

// The booking policy's refusals besides the spec's own pastDateTime (a start before now) and
// invalidStartEndTime (an end not after its start): a start outside the location's opening
// hours, a duration shorter or longer than allowed (or not the fixed one), a start or duration
// off the time increment, a start sooner than the minimum lead time or further ahead than the
// maximum, a booking through a booking page outside the page's own time slots. The spec's
// unavailableTimeSlot answers a time someone else holds.
export const BOOKING_POLICY_REFUSALS = [
  'outsideOpeningHours',
  'outsideTimeSlots',
  'durationTooShort',
  'durationTooLong',
  'notOnIncrement',
  'tooSoon',
  'tooFarAhead',
] as const;
export type BookingPolicyRefusalCode = (typeof BOOKING_POLICY_REFUSALS)[number] | 'pastDateTime' | 'invalidStartEndTime';

// notBookable: the resource's type is neither Bookable nor Both, or it is out of service or
// archived. bookingNotActive: a cancelled, released or checked-out booking cannot change.
// checkInNotOpen: check-in opens shortly before the start and closes at the end.
// resourceBooked: an item booked by someone else right now cannot be checked out to another.
export const BOOKING_ERRORS = ['notBookable', 'bookingNotActive', 'checkInNotOpen', 'notCheckedIn', 'resourceBooked'] as const;

// The portal (decision 093, round four): loginRequired — a page whose external visibility is
// Registered or Restricted needs a portal login (spec §8 "login required"); holdExpired — a
// hold confirmed after its time ran out (or already confirmed).
export const BOOKING_PORTAL_ERRORS = ['loginRequired', 'holdExpired'] as const;

// Booking services (issue 22): notOffered — the service is not offered for the booking's
// resource (another location or type, archived, binned or unknown); serviceTooLate — its notice
// has passed for the booking's start.
export const BOOKING_SERVICE_ERRORS = ['notOffered', 'serviceTooLate'] as const;

// A booking page's time slots: two windows of one weekday that overlap. A calendar provider
// whose OAuth client this server does not have: calendarProviderNotConfigured.
export const BOOKING_PAGE_ERRORS = ['overlappingTimeSlots', 'calendarProviderNotConfigured'] as const;

// Connecting an external calendar (decision 093 round eight): the provider came back with a state we
// did not sign for this provider (calendarStateInvalid) or one older than its ten minutes
// (calendarStateExpired), the member declined (calendarConnectDeclined), the provider refused the
// code (calendarCodeInvalid) or could not be reached (calendarProviderUnavailable).
export const CALENDAR_CONNECT_ERRORS = [
  'calendarStateInvalid',
  'calendarStateExpired',
  'calendarConnectDeclined',
  'calendarCodeInvalid',
  'calendarProviderUnavailable',
] as const;

export const BOOKINGS_ERROR_CODES = [
  ...BOOKING_POLICY_REFUSALS,
  ...BOOKING_ERRORS,
  ...BOOKING_PORTAL_ERRORS,
  ...BOOKING_SERVICE_ERRORS,
  ...BOOKING_PAGE_ERRORS,
  ...CALENDAR_CONNECT_ERRORS,
] as const;

// A booking page's visibility (spec §4): inside the workspace Everyone (every member who sees
// booking pages), Restricted (only those who manage them) or None; outside it Anon (anyone on
// the portal), Registered and Restricted (a portal login) or None (no portal page).
export const BOOKING_PAGE_INTERNAL_VISIBILITIES = ['Everyone', 'Restricted', 'None'] as const;
export type BookingPageInternalVisibility = (typeof BOOKING_PAGE_INTERNAL_VISIBILITIES)[number];
export const BOOKING_PAGE_EXTERNAL_VISIBILITIES = ['Anon', 'Registered', 'Restricted', 'None'] as const;
export type BookingPageExternalVisibility = (typeof BOOKING_PAGE_EXTERNAL_VISIBILITIES)[number];
// how long a portal visitor's hold keeps the time while they fill in the form
export const BOOKING_HOLD_MINUTES = 10;

// The page a resource's QR code opens (check in to my booking of it now), and the printable
// sheet of the codes of one floor's resources (web paths, shared by the floor map and bookings;
// here, without zod, as the web's first load needs them).
export const CHECK_IN_PATH = '/check-in';
export const checkInPath = (resourceId: string): string => `${CHECK_IN_PATH}/${resourceId}`;
export const floorQrSheetPath = (floorMapId: string): string => `${CHECK_IN_PATH}/floors/${floorMapId}`;
