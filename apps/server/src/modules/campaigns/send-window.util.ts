import { TIME_ZONES } from '@atrium/domain';
import { Temporal } from 'temporal-polyfill';

// Send windows of campaigns (decision 095): a daily window of local times of day, in the
// workspace's zone or in each recipient's, and the workspace's day for the daily cap. Local
// times come from Temporal, so windows and days hold across daylight-saving changes (a window
// 09:00–17:00 in Berlin is 08:00–16:00 UTC in winter and 07:00–15:00 UTC in summer).

// `days`: ISO weekdays (1 Monday … 7 Sunday) the window opens on; none: every day. A window
// spanning midnight belongs to the day it opens (Friday 22:00–06:00 runs into Saturday morning).
export type SendWindow = { start: string; end: string; days?: readonly number[] };

const KNOWN_ZONES = new Set<string>(TIME_ZONES);
export const isKnownZone = (zone: string | null | undefined): zone is string => !!zone && KNOWN_ZONES.has(zone);

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// The window of a campaign: its times of day when both are set, else the whole day; its
// weekdays when any are set. Undefined when it has neither (no window).
export function windowOf(start: unknown, end: unknown, days?: unknown): SendWindow | undefined {
  const weekdays = Array.isArray(days) ? days.filter((d): d is number => Number.isInteger(d) && d >= 1 && d <= 7) : [];
  const times = typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' ? { start, end } : undefined;
  if (!times && weekdays.length === 0) return undefined;
  return { ...(times ?? { start: '00:00', end: '00:00' }), ...(weekdays.length > 0 ? { days: weekdays } : {}) };
}

// Whether the local time of day at `at` in `zone` lies in [start, end), on one of the window's
// weekdays; an end before the start spans midnight (22:00–06:00), equal ends are the whole day.
export function inWindow(at: Date, zone: string, w: SendWindow): boolean {
  const local = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);
  const m = local.hour * 60 + local.minute;
  const s = minutesOf(w.start);
  const e = minutesOf(w.end);
  const inTimes = s < e ? m >= s && m < e : m >= s || m < e;
  if (!inTimes || !w.days) return inTimes;
  // after midnight in a window that spans it: the window opened the day before
  const opened = s < e || m >= s ? local.dayOfWeek : ((local.dayOfWeek + 5) % 7) + 1;
  return w.days.includes(opened);
}

// The first instant of the local day that holds `at` (a DST day is 23 or 25 hours long).
export function startOfLocalDay(at: Date, zone: string): Date {
  const day = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).startOfDay();
  return new Date(day.epochMilliseconds);
}

// Which of the recipients' own zone values may be mailed now: a value that names a known zone is
// that zone, anything else (empty, unknown) is the workspace's. Returns the values, as stored.
export function zonesInWindow(values: readonly string[], at: Date, workspaceZone: string, w: SendWindow): string[] {
  return values.filter((v) => inWindow(at, isKnownZone(v) ? v : workspaceZone, w));
}
