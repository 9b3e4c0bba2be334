import { z } from 'zod';
import { isDateInRange } from '../../date-range';
import { BOOKING_STATUSES } from './bookings.enumerations';

// Workplace booking (issue 22): booking policies, bookings and find-times.

const invalid = (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'validation');
const minutes = (max: number) =>
  z.number({ error: invalid }).int({ error: 'validation' }).min(0, { error: 'tooSmall' }).max(max, { error: 'tooBig' });
const DAY = 1440;
const YEAR = 366 * DAY;

// A booking policy (spec §9): every value in minutes. A resource type has one (the default
// until someone sets it); a booking page (a later step) lays its own values over the type's
// with mergeBookingPolicies, so each value comes from the most specific policy that sets it.
export const bookingPolicySchema = z.strictObject({
  // a start at least this far from now (0: any time from now)
  minLeadMinutes: minutes(YEAR),
  // a start at most this far ahead (null: no limit)
  maxLeadMinutes: minutes(5 * YEAR).nullable(),
  // time kept free before and after every booking of the resource
  bufferBeforeMinutes: minutes(DAY),
  bufferAfterMinutes: minutes(DAY),
  // the duration allowed; fixedDurationMinutes, when set, is the only one
  minDurationMinutes: minutes(YEAR).refine((v) => v >= 1, { error: 'tooSmall' }),
  maxDurationMinutes: minutes(YEAR).nullable(),
  fixedDurationMinutes: minutes(YEAR)
    .refine((v) => v >= 1, { error: 'tooSmall' })
    .nullable(),
  // starts on this grid of local time from midnight, durations multiples of it (unless fixed)
  incrementMinutes: z.number({ error: invalid }).int({ error: 'validation' }).min(1, { error: 'tooSmall' }).max(DAY, { error: 'tooBig' }),
  // whether bookings must lie within the location's opening hours
  withinOpeningHours: z.boolean({ error: invalid }),
  // false: one booking at a time whatever the capacity (a room holds one meeting); true: up to
  // the resource's capacity at once (a parking deck, a hot-desk zone)
  sharedCapacity: z.boolean({ error: invalid }),
  // a booking not checked in this long after its start is released by the auto-release job
  // (null: never); a policy saved before this setting existed has the default
  checkInGraceMinutes: minutes(DAY).nullable().default(15),
});
export type BookingPolicy = z.infer<typeof bookingPolicySchema>;
export const bookingPolicyOverridesSchema = bookingPolicySchema.partial();
export type BookingPolicyOverrides = z.infer<typeof bookingPolicyOverridesSchema>;

export const DEFAULT_BOOKING_POLICY: BookingPolicy = {
  minLeadMinutes: 0,
  maxLeadMinutes: 90 * DAY,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minDurationMinutes: 15,
  maxDurationMinutes: null,
  fixedDurationMinutes: null,
  incrementMinutes: 15,
  withinOpeningHours: true,
  sharedCapacity: false,
  checkInGraceMinutes: 15,
};

// the type's policy with a page's (or any more specific policy's) values laid over it
export function mergeBookingPolicies(base: BookingPolicy, ...overrides: readonly BookingPolicyOverrides[]): BookingPolicy {
  const out: BookingPolicy = { ...base };
  for (const o of overrides)
    for (const [k, v] of Object.entries(o) as [keyof BookingPolicy, BookingPolicy[keyof BookingPolicy] | undefined][])
      if (v !== undefined) (out as Record<keyof BookingPolicy, unknown>)[k] = v;
  return out;
}

export const resourceTypePolicySchema = z.object({ resourceTypeId: z.uuid(), policy: bookingPolicySchema, isDefault: z.boolean() });
export type ResourceTypePolicy = z.infer<typeof resourceTypePolicySchema>;

const instant = z.iso.datetime({ offset: true, error: invalid }).refine(isDateInRange, { error: 'dateOutOfRange' });
const TITLE_MAX = 200;
const NOTES_MAX = 2000;

// Book a resource for [start, end). The booker is the caller unless named (naming another
// member needs Resource.ManageResources).
export const bookingCreateSchema = z.strictObject({
  resourceId: z.uuid({ error: invalid }),
  start: instant,
  end: instant,
  title: z.string({ error: invalid }).trim().max(TITLE_MAX, { error: 'maxLength' }).optional(),
  notes: z.string({ error: invalid }).max(NOTES_MAX, { error: 'maxLength' }).optional(),
  bookerId: z.uuid({ error: invalid }).optional(),
  // mail the booker an invitation (.ics) for their calendar app; on unless false
  invite: z.boolean({ error: invalid }).optional(),
  // booked through this booking page: only what it offers, under its policy and time slots
  pageId: z.uuid({ error: invalid }).optional(),
});
export type BookingCreate = z.infer<typeof bookingCreateSchema>;

// One meeting, several resources (a room, the people hosting it, equipment): booked together
// for the same [start, end), each under its own type's policy and the database's guarantee —
// all of them or none. The booker is the caller.
export const BOOKING_GROUP_MAX = 20;
export const bookingGroupCreateSchema = z.strictObject({
  resourceIds: z
    .array(z.uuid({ error: invalid }))
    .min(2, { error: 'minimumItems' })
    .max(BOOKING_GROUP_MAX, { error: 'maxItems' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicateKey' })
    .meta({ uniqueItems: true }),
  start: instant,
  end: instant,
  title: z.string({ error: invalid }).trim().max(TITLE_MAX, { error: 'maxLength' }).optional(),
  notes: z.string({ error: invalid }).max(NOTES_MAX, { error: 'maxLength' }).optional(),
  invite: z.boolean({ error: invalid }).optional(),
});
export type BookingGroupCreate = z.infer<typeof bookingGroupCreateSchema>;

// Move or resize a booking: its new [start, end), under the same policy as a new one.
export const bookingMoveSchema = z.strictObject({ start: instant, end: instant });
export type BookingMove = z.infer<typeof bookingMoveSchema>;

const ref = z.object({ id: z.uuid(), title: z.string() });
export const bookingSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  resource: ref.extend({ capacity: z.number().int().nullable() }),
  resourceType: ref.nullable(),
  location: ref.extend({ timeZone: z.string() }).nullable(),
  booker: ref,
  // the bookings made together with it share this id (null for a booking of its own)
  groupId: z.uuid().nullable(),
  start: z.string(),
  end: z.string(),
  status: z.enum(BOOKING_STATUSES),
  title: z.string().nullable(),
  notes: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  // what the caller may do with it now
  mayCancel: z.boolean(),
  mayCheckIn: z.boolean(),
  mayCheckOut: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

// Bookings in a time window (overlapping it), mine or of a resource or a location; the live
// ones unless asked for all.
export const bookingListQuerySchema = z.strictObject({
  mine: z.boolean({ error: invalid }).optional(),
  resourceId: z.uuid({ error: invalid }).optional(),
  locationId: z.uuid({ error: invalid }).optional(),
  from: instant.optional(),
  to: instant.optional(),
  statuses: z
    .array(z.enum(BOOKING_STATUSES, { error: 'invalidOption' }))
    .max(BOOKING_STATUSES.length, { error: 'maxItems' })
    .optional(),
  limit: z.number({ error: invalid }).int({ error: 'validation' }).min(1, { error: 'tooSmall' }).max(500, { error: 'tooBig' }).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export const bookingListSchema = z.object({ data: z.array(bookingSchema), total: z.number().int() });
export type BookingList = z.infer<typeof bookingListSchema>;
export const bookingGroupSchema = z.object({ groupId: z.uuid(), bookings: z.array(bookingSchema) });
export type BookingGroup = z.infer<typeof bookingGroupSchema>;

// find-times: the free slots of a duration in a window across the matching bookable resources.
export const FIND_TIMES_MAX_WINDOW_DAYS = 31;
export const FIND_TIMES_MAX_SLOTS = 200;
export const findTimesSchema = z.strictObject({
  duration: z.number({ error: invalid }).int({ error: 'validation' }).min(1, { error: 'tooSmall' }).max(YEAR, { error: 'tooBig' }),
  window: z.strictObject({ from: instant, to: instant }),
  locationId: z.uuid({ error: invalid }).optional(),
  typeId: z.uuid({ error: invalid }).optional(),
  resourceId: z.uuid({ error: invalid }).optional(),
  // through this booking page: its items, its policy over each type's and its time slots
  pageId: z.uuid({ error: invalid }).optional(),
  capacity: z
    .number({ error: invalid })
    .int({ error: 'validation' })
    .min(1, { error: 'tooSmall' })
    .max(10000, { error: 'tooBig' })
    .optional(),
  attributes: z
    .array(z.string({ error: invalid }).max(60, { error: 'maxLength' }))
    .max(30, { error: 'maxItems' })
    .optional(),
  limit: z
    .number({ error: invalid })
    .int({ error: 'validation' })
    .min(1, { error: 'tooSmall' })
    .max(FIND_TIMES_MAX_SLOTS, { error: 'tooBig' })
    .optional(),
  // only the caller's favourite resources
  favouritesOnly: z.boolean({ error: invalid }).optional(),
  // the resources placed on this floor map, nearest to the point (plan image pixels) first
  near: z
    .strictObject({
      floorMapId: z.uuid({ error: invalid }),
      x: z.number({ error: invalid }).min(0, { error: 'tooSmall' }).max(100_000, { error: 'tooBig' }),
      y: z.number({ error: invalid }).min(0, { error: 'tooSmall' }).max(100_000, { error: 'tooBig' }),
    })
    .optional(),
});
export type FindTimes = z.infer<typeof findTimesSchema>;

const slotSchema = z.object({
  resource: ref.extend({ capacity: z.number().int().nullable() }),
  resourceType: ref.nullable(),
  location: ref.extend({ timeZone: z.string() }).nullable(),
  start: z.string(),
  end: z.string(),
  // with `near`: how far the resource's place on the floor map is from the point (plan pixels)
  distance: z.number().optional(),
});
export type FreeSlot = z.infer<typeof slotSchema>;
// slots ranked earliest first, then the smallest sufficient capacity; suggestions when no slot
// lies in the window: the same resources later, and other resources of the same type
export const findTimesResultSchema = z.object({
  slots: z.array(slotSchema),
  suggestions: z.array(slotSchema.extend({ reason: z.enum(['later', 'sameType']) })),
});
export type FindTimesResult = z.infer<typeof findTimesResultSchema>;

// A member's favourite resources (spec §7 Bookings "favourites"): starred on a resource's page,
// offered first and on their own by find-times. At most BOOKING_FAVOURITES_MAX per member.
export const BOOKING_FAVOURITES_MAX = 200;
export const bookingFavouriteSchema = z.object({
  resource: ref,
  resourceType: ref.nullable(),
  location: ref.nullable(),
});
export type BookingFavourite = z.infer<typeof bookingFavouriteSchema>;
export const bookingFavouritesSchema = z.object({ data: z.array(bookingFavouriteSchema) });
export type BookingFavourites = z.infer<typeof bookingFavouritesSchema>;

// A secret iCalendar feed URL (decision 096): the caller's own bookings, or one resource's.
// Its URL is in the answer of the create call only; the list shows when each was last read.
export const calendarFeedCreateSchema = z.strictObject({
  resourceId: z.uuid({ error: invalid }).nullable().optional(),
});
export type CalendarFeedCreate = z.infer<typeof calendarFeedCreateSchema>;
export const calendarFeedSchema = z.object({
  id: z.uuid(),
  resource: ref.nullable(),
  createdAt: z.string(),
  lastReadAt: z.string().nullable(),
  // the secret address, in the create call's answer only
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedListSchema = z.object({ data: z.array(calendarFeedSchema) });
export type CalendarFeedList = z.infer<typeof calendarFeedListSchema>;
// how far a feed reaches: the last 30 days and the coming year, at most this many bookings
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_AHEAD_DAYS = 366;
export const CALENDAR_FEED_MAX_EVENTS = 2000;
