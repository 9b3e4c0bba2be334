import type { BookingPolicy, BookingPolicyRefusalCode, OpeningHours } from '@atrium/domain';
import { Temporal } from 'temporal-polyfill';

// The one booking policy engine (issue 22, decision 093): evaluateBooking answers whether one
// request [start, end) is allowed at a place (its IANA zone and opening hours) at a moment, and
// freeStartsIn enumerates the starts it allows in a window by asking it about each candidate —
// so find-times and booking creation cannot disagree. Pure: no I/O, time comes in as `now`.
// Local rules (the increment grid, opening hours) are read in the location's zone through
// Temporal, so they hold across daylight-saving changes; lead times and durations are real
// elapsed minutes.

export type PolicyPlace = { timeZone: string; openingHours: OpeningHours | null };
export type PolicyRefusal = { code: BookingPolicyRefusalCode; field: 'start' | 'end' };
export type PolicyAnswer = { allowed: boolean; refusals: PolicyRefusal[] };

const MINUTE = 60_000;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const WALL_MARGIN_HOURS = 3;

const zoned = (ms: number, timeZone: string): Temporal.ZonedDateTime =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);

// "HH:mm" of the local date in the zone, as an instant (a time in a spring-forward gap moves
// later, one in a fall-back overlap is the earlier of the two)
const localInstant = (date: Temporal.PlainDate, time: string, timeZone: string): number =>
  date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds;

// the request lies within one opening period of the day it starts on (local)
function withinOpeningHours(place: PolicyPlace, startLocal: Temporal.ZonedDateTime, start: number, end: number): boolean {
  const hours = place.openingHours;
  if (!hours || hours.length === 0) return true;
  const day = DAYS[startLocal.dayOfWeek - 1];
  const date = startLocal.toPlainDate();
  return hours.some(
    (p) => p.day === day && localInstant(date, p.open, place.timeZone) <= start && end <= localInstant(date, p.close, place.timeZone),
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

  const local = zoned(start, place.timeZone);
  const minuteOfDay = local.hour * 60 + local.minute;
  if (local.second !== 0 || local.millisecond !== 0 || minuteOfDay % policy.incrementMinutes !== 0)
    refusals.push({ code: 'notOnIncrement', field: 'start' });
  if (policy.withinOpeningHours && !withinOpeningHours(place, local, start, end))
    refusals.push({ code: 'outsideOpeningHours', field: 'start' });
  return { allowed: refusals.length === 0, refusals };
}

// Every instant in [from, to) whose local wall time is on the policy's grid (minutes from local
// midnight in steps of the increment): both instants of a wall time that occurs twice (autumn),
// none for one that does not exist (spring).
export function gridStarts(policy: BookingPolicy, timeZone: string, from: number, to: number): number[] {
  const out: number[] = [];
  const step = policy.incrementMinutes;
  // the wall times an instant of [from, to) can show: the window's own, widened by more than
  // any change of offset (the largest is two hours), so only those grid times are converted
  const lo = zoned(from, timeZone).toPlainDateTime().subtract({ hours: WALL_MARGIN_HOURS });
  const hi = zoned(to, timeZone).toPlainDateTime().add({ hours: WALL_MARGIN_HOURS });
  let day = lo.toPlainDate();
  const lastDay = hi.toPlainDate();
  while (Temporal.PlainDate.compare(day, lastDay) <= 0) {
    const first = day.equals(lo.toPlainDate()) ? Math.ceil((lo.hour * 60 + lo.minute) / step) * step : 0;
    const last = day.equals(lastDay) ? hi.hour * 60 + hi.minute : 1439;
    for (let m = first; m <= last && m < 1440; m += step) {
      const wall = day.toPlainDateTime({ hour: Math.floor(m / 60), minute: m % 60 });
      const earlier = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
      const later = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
      for (const z of earlier.epochMilliseconds === later.epochMilliseconds ? [earlier] : [earlier, later]) {
        const ms = z.epochMilliseconds;
        if (ms >= from && ms < to && z.toPlainDateTime().equals(wall)) out.push(ms);
      }
    }
    day = day.add({ days: 1 });
  }
  return out;
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
