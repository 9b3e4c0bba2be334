import { TIME_ZONES } from '@atrium/domain';
import { Temporal } from 'temporal-polyfill';

// Send windows of campaigns (decision 095): a daily window of local times of day, in the
// workspace's zone or in each recipient's, and the workspace's day for the daily cap. Local
// times come from Temporal, so windows and days hold across daylight-saving changes (a window
// 09:00–17:00 in Berlin is 08:00–16:00 UTC in winter and 07:00–15:00 UTC in summer).

export type SendWindow = { start: string; end: string };

const KNOWN_ZONES = new Set<string>(TIME_ZONES);
export const isKnownZone = (zone: string | null | undefined): zone is string => !!zone && KNOWN_ZONES.has(zone);

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// The window of a campaign, when both ends are set.
export function windowOf(start: unknown, end: unknown): SendWindow | undefined {
  return typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' ? { start, end } : undefined;
}

// Whether the local time of day at `at` in `zone` lies in [start, end); an end before the start
// spans midnight (22:00–06:00).
export function inWindow(at: Date, zone: string, w: SendWindow): boolean {
  const local = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);
  const m = local.hour * 60 + local.minute;
  const s = minutesOf(w.start);
  const e = minutesOf(w.end);
  return s < e ? m >= s && m < e : m >= s || m < e;
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
