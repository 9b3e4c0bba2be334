import type { BookingPolicy, BookingPolicyRefusalCode, BookingTimeSlot, OpeningHours } from '@atrium/domain';
import { Temporal } from 'temporal-polyfill';

// The one booking policy engine (issue 22, decision 093): evaluateBooking answers whether one
// request [start, end) is allowed at a place (its IANA zone and opening hours) at a moment, and
// freeStartsIn enumerates the starts it allows in a window by asking it about each candidate —
// so find-times and booking creation cannot disagree. Pure: no I/O, time comes in as `now`.
// Local rules (the increment grid, opening hours) are read in the location's zone through
// Temporal, so they hold across daylight-saving changes; lead times and durations are real
// elapsed minutes.

// `timeSlots`: a booking page's own weekly windows (decision 093 round six), read like opening
// hours in the same zone; absent or empty, the page adds none.
export type PolicyPlace = { timeZone: string; openingHours: OpeningHours | null; timeSlots?: readonly BookingTimeSlot[] | null };
export type PolicyRefusal = { code: BookingPolicyRefusalCode; field: 'start' | 'end' };
export type PolicyAnswer = { allowed: boolean; refusals: PolicyRefusal[] };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const WALL_MARGIN_HOURS = 3;

// The zone's offset (ms) at an instant. find-times asks about thousands of candidates, and a
// Temporal conversion per candidate was most of its time; offsets change a few times a year,
// so each hour of each zone is converted once: when the offset at the hour's first and last
// millisecond agree, no change happens within it (two changes within an hour do not exist);
// otherwise the instant itself is converted.
const offsets = new Map<string, number | null>();
const OFFSETS_MAX = 100_000;
const exactOffset = (ms: number, timeZone: string): number =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6;
function offsetAt(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR);
  const key = `${timeZone}|${hour}`;
  let known = offsets.get(key);
  if (known === undefined) {
    const first = exactOffset(hour * HOUR, timeZone);
    known = first === exactOffset(hour * HOUR + HOUR - 1, timeZone) ? first : null;
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(key, known);
  }
  return known ?? exactOffset(ms, timeZone);
}

// The local wall clock of an instant in the zone (the fields a rule reads), as UTC fields of
// the instant shifted by its offset.
type Wall = { date: string; dayOfWeek: number; minuteOfDay: number; secondAndMs: number };
function wallOf(ms: number, timeZone: string): Wall {
  const local = new Date(ms + offsetAt(ms, timeZone));
  return {
    date: local.toISOString().slice(0, 10),
    // Monday 1 … Sunday 7, as Temporal counts
    dayOfWeek: ((local.getUTCDay() + 6) % 7) + 1,
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
    secondAndMs: local.getUTCSeconds() * 1000 + local.getUTCMilliseconds(),
  };
}

// The instants whose wall time in the zone is `wall` (a local date-time written as UTC ms):
// one, two where the clock falls back (earlier first), none in a spring-forward gap. The
// offsets a day either side are the only candidates (no zone changes twice within two days).
function instantsOfWall(wall: number, timeZone: string): number[] {
  const out: number[] = [];
  for (const offset of [offsetAt(wall - DAY, timeZone), offsetAt(wall + DAY, timeZone)]) {
    const t = wall - offset;
    if (t + offsetAt(t, timeZone) === wall && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

// "HH:mm" of the local date in the zone, as an instant (a time in a spring-forward gap moves
// later, one in a fall-back overlap is the earlier of the two — Temporal's 'compatible')
const localInstants = new Map<string, number>();
function localInstant(date: string, time: string, timeZone: string): number {
  const key = `${timeZone}|${date}|${time}`;
  let ms = localInstants.get(key);
  if (ms === undefined) {
    ms = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds;
    if (localInstants.size >= OFFSETS_MAX) localInstants.clear();
    localInstants.set(key, ms);
  }
  return ms;
}

// the request lies within one opening period of the day it starts on (local)
function withinOpeningHours(place: PolicyPlace, startLocal: Wall, start: number, end: number): boolean {
  const hours = place.openingHours;
  if (!hours || hours.length === 0) return true;
  const day = DAYS[startLocal.dayOfWeek - 1];
  return hours.some(
    (p) =>
      p.day === day &&
      localInstant(startLocal.date, p.open, place.timeZone) <= start &&
      end <= localInstant(startLocal.date, p.close, place.timeZone),
  );
}

// the request lies within one of the page's windows of the day it starts on (local)
function withinTimeSlots(place: PolicyPlace, startLocal: Wall, start: number, end: number): boolean {
  const slots = place.timeSlots;
  if (!slots || slots.length === 0) return true;
  const day = DAYS[startLocal.dayOfWeek - 1];
  return slots.some(
    (w) =>
      w.day === day &&
      localInstant(startLocal.date, w.start, place.timeZone) <= start &&
      end <= localInstant(startLocal.date, w.end, place.timeZone),
  );
}

export function evaluateBooking(policy: BookingPolicy, place: PolicyPlace, now: number, start: number, end: number): PolicyAnswer {
  if (!(end > start)) return { allowed: false, refusals: [{ code: 'invalidStartEndTime', field: 'end' }] };
  const refusals: PolicyRefusal[] = [];
  const lead = start - now;
  if (lead < 0) refusals.push({ code: 'pastDateTime', field: 'start' });
  else if (lead < policy.minLeadMinutes * MINUTE) refusals.push({ code: 'tooSoon', field: 'start' });
  if (policy.maxLeadMinutes !== null && lead > policy.maxLeadMinutes * MINUTE) refusals.push({ code: 'tooFarAhead', field: 'start' });

  const duration = (end - start) / MINUTE;
  const fixed = policy.fixedDurationMinutes;
  if (fixed !== null) {
    if (duration < fixed) refusals.push({ code: 'durationTooShort', field: 'end' });
    else if (duration > fixed) refusals.push({ code: 'durationTooLong', field: 'end' });
  } else {
    if (duration < policy.minDurationMinutes) refusals.push({ code: 'durationTooShort', field: 'end' });
    else if (policy.maxDurationMinutes !== null && duration > policy.maxDurationMinutes)
      refusals.push({ code: 'durationTooLong', field: 'end' });
    if (!Number.isInteger(duration) || duration % policy.incrementMinutes !== 0) refusals.push({ code: 'notOnIncrement', field: 'end' });
  }

  const local = wallOf(start, place.timeZone);
  if (local.secondAndMs !== 0 || local.minuteOfDay % policy.incrementMinutes !== 0)
    refusals.push({ code: 'notOnIncrement', field: 'start' });
  if (policy.withinOpeningHours && !withinOpeningHours(place, local, start, end))
    refusals.push({ code: 'outsideOpeningHours', field: 'start' });
  if (!withinTimeSlots(place, local, start, end)) refusals.push({ code: 'outsideTimeSlots', field: 'start' });
  return { allowed: refusals.length === 0, refusals };
}

// Every instant in [from, to) whose local wall time is on the policy's grid (minutes from local
// midnight in steps of the increment): both instants of a wall time that occurs twice (autumn),
// none for one that does not exist (spring).
export function gridStarts(policy: BookingPolicy, timeZone: string, from: number, to: number): number[] {
  const out: number[] = [];
  const step = policy.incrementMinutes * MINUTE;
  // the wall times an instant of [from, to) can show: the window's own, widened by more than
  // any change of offset (the largest is two hours); wall times as UTC ms of the local fields
  const lo = from + offsetAt(from, timeZone) - WALL_MARGIN_HOURS * HOUR;
  const hi = to + offsetAt(to, timeZone) + WALL_MARGIN_HOURS * HOUR;
  // grid times count from local midnight
  for (let wall = Math.floor(lo / DAY) * DAY; wall <= hi; wall += DAY) {
    for (let m = Math.max(wall, Math.ceil((lo - wall) / step) * step + wall); m <= hi && m < wall + DAY; m += step) {
      for (const ms of instantsOfWall(m, timeZone)) if (ms >= from && ms < to) out.push(ms);
    }
  }
  return out.sort((a, b) => a - b);
}

// The starts in [from, to) of a booking of `duration` minutes ending by `to` that the policy
// allows — each one asked of evaluateBooking, the same function a booking's creation asks.
export function freeStartsIn(policy: BookingPolicy, place: PolicyPlace, now: number, from: number, to: number, duration: number): number[] {
  const span = duration * MINUTE;
  // only the lead-time window can hold an allowed start; the rest need not be asked
  const earliest = Math.max(from, now);
  const latest = Math.min(to - span + 1, policy.maxLeadMinutes === null ? Infinity : now + policy.maxLeadMinutes * MINUTE + 1);
  if (latest <= earliest) return [];
  return gridStarts(policy, place.timeZone, earliest, latest).filter((s) => evaluateBooking(policy, place, now, s, s + span).allowed);
}

// the time a booking holds: its range widened by the policy's buffers
export const blockedRange = (policy: BookingPolicy, start: number, end: number): { from: number; until: number } => ({
  from: start - policy.bufferBeforeMinutes * MINUTE,
  until: end + policy.bufferAfterMinutes * MINUTE,
});

// A local day (YYYY-MM-DD) in the zone as [its first instant, the next day's first instant):
// 23 or 25 hours on a day the offset changes.
export function localDay(day: string, timeZone: string): { from: number; to: number } {
  const date = Temporal.PlainDate.from(day);
  return {
    from: date.toZonedDateTime({ timeZone }).epochMilliseconds,
    to: date.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds,
  };
}
