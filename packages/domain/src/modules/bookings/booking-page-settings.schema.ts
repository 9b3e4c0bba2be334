import { z } from 'zod';
import { OPENING_DAYS } from '../resources/resources.enumerations';

// A booking page's own time slots and maps (spec §7 Bookings "pages (… time-slots … maps)";
// decision 093 round six).
const invalid = (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'validation');
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: invalid }).regex(HH_MM, { error: 'validation' });

export const BOOKING_PAGE_MAX_TIME_SLOTS = 70;
export const BOOKING_PAGE_MAX_MAPS = 20;

// One weekly window in the local time of the booked resource's location: a booking made
// through the page must start and end within one window of the weekday it starts on.
export const bookingTimeSlotSchema = z.strictObject({
  day: z.enum(OPENING_DAYS, { error: 'invalidOption' }),
  start: time,
  end: time,
});
export type BookingTimeSlot = z.infer<typeof bookingTimeSlotSchema>;

// The windows that do not end after they start, and those that overlap an earlier window of
// their weekday (touching windows — 09:00–12:00 and 12:00–14:00 — do not overlap).
export function timeSlotProblems(slots: readonly BookingTimeSlot[]): { index: number; field: 'start' | 'end'; code: string }[] {
  const out: { index: number; field: 'start' | 'end'; code: string }[] = [];
  // a window whose times are not HH:mm has its own error already
  const wellFormed = (s: BookingTimeSlot) => HH_MM.test(String(s.start)) && HH_MM.test(String(s.end));
  slots.forEach((s, i) => {
    if (!wellFormed(s)) return;
    if (!(s.end > s.start)) out.push({ index: i, field: 'end', code: 'invalidStartEndTime' });
    else if (slots.some((o, j) => j < i && o.day === s.day && wellFormed(o) && o.end > o.start && o.start < s.end && s.start < o.end))
      out.push({ index: i, field: 'start', code: 'overlappingTimeSlots' });
  });
  return out;
}

// GET/PUT /api/v1/booking-pages/:id/time-slots — the whole list at once; empty: the page adds
// no window of its own (the policy's opening hours still apply).
export const bookingPageTimeSlotsSchema = z
  .strictObject({
    slots: z.array(bookingTimeSlotSchema).max(BOOKING_PAGE_MAX_TIME_SLOTS, { error: 'maxItems' }),
  })
  .superRefine((v, c) => {
    for (const p of timeSlotProblems(v.slots)) c.addIssue({ code: 'custom', path: ['slots', p.index, p.field], message: p.code });
  })
  .meta({
    description:
      'Rules: `invalidStartEndTime` — a window must end after it starts; `overlappingTimeSlots` — two windows of one weekday may touch but not overlap. Times are local HH:mm (00:00–23:59) in the location’s zone.',
  });
export type BookingPageTimeSlots = z.infer<typeof bookingPageTimeSlotsSchema>;

// GET/PUT /api/v1/booking-pages/:id/maps — the floor maps the page shows, in this order.
export const bookingPageMapsUpdateSchema = z.strictObject({
  floorMapIds: z
    .array(z.uuid({ error: 'validation' }))
    .max(BOOKING_PAGE_MAX_MAPS, { error: 'maxItems' })
    .refine((v) => new Set(v).size === v.length, { error: 'duplicateKey' }),
});
export type BookingPageMapsUpdate = z.infer<typeof bookingPageMapsUpdateSchema>;
export const bookingPageMapsSchema = z.object({
  floorMapIds: z.array(z.uuid()),
  maps: z.array(z.object({ id: z.uuid(), name: z.string(), level: z.string(), locationId: z.uuid() })),
});
export type BookingPageMaps = z.infer<typeof bookingPageMapsSchema>;
