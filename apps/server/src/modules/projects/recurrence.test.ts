import { describe, expect, it } from 'vitest';
import { nextOccurrences, occurrencesBetween, parseRecurrence, type Recurrence } from './recurrence';

const berlin = (rule: string, startsAt: string): Recurrence => ({ rule, startsAt, timeZone: 'Europe/Berlin' });
const newYork = (rule: string, startsAt: string): Recurrence => ({ rule, startsAt, timeZone: 'America/New_York' });

// Local wall time of each instant, e.g. '2027-03-28 09:00+02:00', so a DST change shows in the offset
const local = (dates: Date[], timeZone: string): string[] =>
  dates.map((d) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    }).formatToParts(d);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}${part('timeZoneName').replace('GMT', '')}`;
  });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString().slice(0, 16));
const between = (r: Recurrence, from: string, to: string, limit?: number) => occurrencesBetween(r, new Date(from), new Date(to), limit);

describe('parseRecurrence', () => {
  const refused = (r: Recurrence) => {
    const result = parseRecurrence(r);
    return result.ok ? 'ok' : `${result.field}:${result.code}`;
  };

  it('accepts weekly, daily, hourly and minutely rules', () => {
    expect(parseRecurrence(berlin('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR', '2027-01-04T09:00'))).toEqual({ ok: true });
    expect(refused(berlin('FREQ=DAILY;COUNT=3', '2027-01-04T09:00'))).toBe('ok');
    expect(refused(berlin('FREQ=HOURLY;INTERVAL=2', '2027-01-04T09:00'))).toBe('ok');
    expect(refused(berlin('FREQ=MINUTELY;INTERVAL=5', '2027-01-04T09:00'))).toBe('ok');
    expect(refused(berlin('FREQ=MONTHLY;BYDAY=-1FR', '2027-01-04T09:00'))).toBe('ok');
    expect(refused({ rule: 'FREQ=DAILY', startsAt: '2027-01-04T09:00', timeZone: 'UTC' })).toBe('ok');
  });

  it('refuses rules it cannot read or that are not RFC 5545', () => {
    for (const rule of ['', 'garbage', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=DAILY;FOO=1', 'RRULE:FREQ=DAILY', 'FREQ=DAILY;BYHOUR=9,25']) {
      expect(refused(berlin(rule, '2027-01-04T09:00')), rule).toBe('rule:invalidRecurrenceRule');
    }
  });

  it('refuses seconds, an interval below 1 and minutely rules more often than every 5 minutes', () => {
    expect(refused(berlin('FREQ=SECONDLY', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=DAILY;BYSECOND=5', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=DAILY;INTERVAL=0', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=DAILY;INTERVAL=-1', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    const everyMinute = parseRecurrence(berlin('FREQ=MINUTELY', '2027-01-04T09:00'));
    expect(everyMinute).toMatchObject({ ok: false, field: 'rule', code: 'invalidRecurrenceRule' });
    expect(everyMinute.ok ? '' : everyMinute.message).toMatch(/mistake/);
    expect(refused(berlin('FREQ=MINUTELY;INTERVAL=4', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
  });

  it('refuses a rule that never fires', () => {
    expect(refused(berlin('FREQ=DAILY;UNTIL=20260101T000000Z', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=DAILY;COUNT=0', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
  });

  it('refuses COUNT together with UNTIL, and an UNTIL that is not UTC', () => {
    expect(refused(berlin('FREQ=DAILY;COUNT=2;UNTIL=20270201T000000Z', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
    expect(refused(berlin('FREQ=DAILY;UNTIL=20270201', '2027-01-04T09:00'))).toBe('rule:invalidRecurrenceRule');
  });

  it('refuses an unknown zone and a malformed start', () => {
    expect(refused({ rule: 'FREQ=DAILY', startsAt: '2027-01-04T09:00', timeZone: 'Mars/Olympus' })).toBe('timeZone:invalidTimeZone');
    for (const startsAt of ['2027-01-04', '2027-02-30T09:00', '2027-01-04T25:00', '2027-01-04T09:00:00', 'tomorrow']) {
      expect(refused(berlin('FREQ=DAILY', startsAt)), startsAt).toBe('startsAt:invalidDate');
    }
  });
});

describe('occurrencesBetween across DST in Europe/Berlin', () => {
  it('keeps a daily 09:00 at 09:00 local on both sides of the March and October changes', () => {
    const daily = berlin('FREQ=DAILY', '2027-03-01T09:00');
    expect(local(between(daily, '2027-03-27T00:00Z', '2027-03-30T00:00Z'), 'Europe/Berlin')).toEqual([
      '2027-03-27 09:00+01:00',
      '2027-03-28 09:00+02:00',
      '2027-03-29 09:00+02:00',
    ]);
    expect(local(between(daily, '2027-10-30T00:00Z', '2027-11-02T00:00Z'), 'Europe/Berlin')).toEqual([
      '2027-10-30 09:00+02:00',
      '2027-10-31 09:00+01:00',
      '2027-11-01 09:00+01:00',
    ]);
  });

  it('moves an occurrence in the spring-forward gap later by the gap (02:30 → 03:30)', () => {
    const daily = berlin('FREQ=DAILY', '2027-03-26T02:30');
    expect(local(between(daily, '2027-03-26T00:00Z', '2027-03-30T00:00Z'), 'Europe/Berlin')).toEqual([
      '2027-03-26 02:30+01:00',
      '2027-03-27 02:30+01:00',
      '2027-03-28 03:30+02:00',
      '2027-03-29 02:30+02:00',
    ]);
  });

  it('fires a 02:30 occurrence once on the fall-back day, at the first 02:30', () => {
    const daily = berlin('FREQ=DAILY', '2027-10-29T02:30');
    expect(iso(between(daily, '2027-10-30T00:00Z', '2027-11-01T00:00Z'))).toEqual([
      '2027-10-30T00:30', // 02:30+02:00
      '2027-10-31T00:30', // the first 02:30 (+02:00); the second (01:30Z) does not fire
    ]);
  });

  it('keeps weekdays at 09:00 local across both changes', () => {
    const weekdays = berlin('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2027-03-01T09:00');
    expect(local(between(weekdays, '2027-03-25T00:00Z', '2027-03-31T00:00Z'), 'Europe/Berlin')).toEqual([
      '2027-03-25 09:00+01:00',
      '2027-03-26 09:00+01:00',
      '2027-03-29 09:00+02:00',
      '2027-03-30 09:00+02:00',
    ]);
    const autumn = berlin('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2027-10-01T09:00');
    expect(local(between(autumn, '2027-10-28T00:00Z', '2027-11-03T00:00Z'), 'Europe/Berlin')).toEqual([
      '2027-10-28 09:00+02:00',
      '2027-10-29 09:00+02:00',
      '2027-11-01 09:00+01:00',
      '2027-11-02 09:00+01:00',
    ]);
  });

  it('spaces an hourly rule by real hours: the skipped hour is gone, the repeated hour fires twice', () => {
    const hourly = berlin('FREQ=HOURLY', '2027-03-27T12:00');
    expect(iso(between(hourly, '2027-03-27T23:00Z', '2027-03-28T03:00Z'))).toEqual([
      '2027-03-27T23:00', // 00:00+01
      '2027-03-28T00:00', // 01:00+01
      '2027-03-28T01:00', // 03:00+02
      '2027-03-28T02:00', // 04:00+02
    ]);
    const autumn = berlin('FREQ=HOURLY', '2027-10-30T12:00');
    expect(local(between(autumn, '2027-10-30T23:00Z', '2027-10-31T03:00Z'), 'Europe/Berlin')).toEqual([
      '2027-10-31 01:00+02:00',
      '2027-10-31 02:00+02:00',
      '2027-10-31 02:00+01:00',
      '2027-10-31 03:00+01:00',
    ]);
  });

  it('spaces every 30 minutes by real time across both changes', () => {
    const halfHourly = berlin('FREQ=MINUTELY;INTERVAL=30', '2027-03-27T12:00');
    expect(local(between(halfHourly, '2027-03-28T00:30Z', '2027-03-28T02:00Z'), 'Europe/Berlin')).toEqual([
      '2027-03-28 01:30+01:00',
      '2027-03-28 03:00+02:00',
      '2027-03-28 03:30+02:00',
    ]);
    const autumn = berlin('FREQ=MINUTELY;INTERVAL=30', '2027-10-30T12:00');
    expect(local(between(autumn, '2027-10-31T00:00Z', '2027-10-31T02:00Z'), 'Europe/Berlin')).toEqual([
      '2027-10-31 02:00+02:00',
      '2027-10-31 02:30+02:00',
      '2027-10-31 02:00+01:00',
      '2027-10-31 02:30+01:00',
    ]);
  });

  it('reads BYHOUR in local time and moves a gap hour later without firing it twice', () => {
    const byHour = berlin('FREQ=DAILY;BYHOUR=1,2,3', '2027-03-27T01:00');
    expect(local(between(byHour, '2027-03-27T23:00Z', '2027-03-28T22:00Z'), 'Europe/Berlin')).toEqual([
      '2027-03-28 01:00+01:00',
      '2027-03-28 03:00+02:00', // 02:00 moved to 03:00, which is also the 03:00 occurrence
    ]);
  });
});

describe('occurrencesBetween across DST in America/New_York', () => {
  it('keeps a daily 09:00 at 09:00 local on 2027-03-14 and 2027-11-07', () => {
    const daily = newYork('FREQ=DAILY', '2027-03-01T09:00');
    expect(local(between(daily, '2027-03-13T00:00Z', '2027-03-16T00:00Z'), 'America/New_York')).toEqual([
      '2027-03-13 09:00-05:00',
      '2027-03-14 09:00-04:00',
      '2027-03-15 09:00-04:00',
    ]);
    expect(local(between(daily, '2027-11-06T00:00Z', '2027-11-09T00:00Z'), 'America/New_York')).toEqual([
      '2027-11-06 09:00-04:00',
      '2027-11-07 09:00-05:00',
      '2027-11-08 09:00-05:00',
    ]);
  });

  it('moves 02:30 on 2027-03-14 to 03:30 and fires 01:30 once on 2027-11-07', () => {
    expect(local(between(newYork('FREQ=DAILY', '2027-03-12T02:30'), '2027-03-13T00:00Z', '2027-03-16T00:00Z'), 'America/New_York')).toEqual(
      ['2027-03-13 02:30-05:00', '2027-03-14 03:30-04:00', '2027-03-15 02:30-04:00'],
    );
    expect(local(between(newYork('FREQ=DAILY', '2027-11-05T01:30'), '2027-11-06T00:00Z', '2027-11-09T00:00Z'), 'America/New_York')).toEqual(
      ['2027-11-06 01:30-04:00', '2027-11-07 01:30-04:00', '2027-11-08 01:30-05:00'],
    );
  });

  it('keeps weekdays at 09:00 local across both changes', () => {
    const weekdays = newYork('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2027-03-01T09:00');
    expect(local(between(weekdays, '2027-03-11T00:00Z', '2027-03-17T00:00Z'), 'America/New_York')).toEqual([
      '2027-03-11 09:00-05:00',
      '2027-03-12 09:00-05:00',
      '2027-03-15 09:00-04:00',
      '2027-03-16 09:00-04:00',
    ]);
    expect(local(between(weekdays, '2027-11-04T00:00Z', '2027-11-10T00:00Z'), 'America/New_York')).toEqual([
      '2027-11-04 09:00-04:00',
      '2027-11-05 09:00-04:00',
      '2027-11-08 09:00-05:00',
      '2027-11-09 09:00-05:00',
    ]);
  });

  it('spaces hourly and every-30-minutes rules by real time', () => {
    const hourly = newYork('FREQ=HOURLY', '2027-03-13T12:00');
    expect(local(between(hourly, '2027-03-14T06:00Z', '2027-03-14T09:00Z'), 'America/New_York')).toEqual([
      '2027-03-14 01:00-05:00',
      '2027-03-14 03:00-04:00',
      '2027-03-14 04:00-04:00',
    ]);
    const autumn = newYork('FREQ=HOURLY', '2027-11-06T12:00');
    expect(local(between(autumn, '2027-11-07T05:00Z', '2027-11-07T08:00Z'), 'America/New_York')).toEqual([
      '2027-11-07 01:00-04:00',
      '2027-11-07 01:00-05:00',
      '2027-11-07 02:00-05:00',
    ]);
    const halfHourly = newYork('FREQ=MINUTELY;INTERVAL=30', '2027-11-06T12:00');
    expect(iso(between(halfHourly, '2027-11-07T05:00Z', '2027-11-07T07:00Z'))).toEqual([
      '2027-11-07T05:00',
      '2027-11-07T05:30',
      '2027-11-07T06:00',
      '2027-11-07T06:30',
    ]);
  });
});

describe('occurrencesBetween and nextOccurrences', () => {
  it('knows the weekday codes MO to SU', () => {
    // 2027-01-04 is a Monday
    const everyDay = berlin('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', '2027-01-04T09:00');
    const week = between(everyDay, '2027-01-04T00:00Z', '2027-01-11T00:00Z');
    expect(week.map((d) => d.getUTCDay())).toEqual([1, 2, 3, 4, 5, 6, 0]);
    for (const [code, day] of [
      ['MO', 1],
      ['TU', 2],
      ['WE', 3],
      ['TH', 4],
      ['FR', 5],
      ['SA', 6],
      ['SU', 0],
    ] as const) {
      const once = between(berlin(`FREQ=WEEKLY;BYDAY=${code}`, '2027-01-04T09:00'), '2027-01-04T00:00Z', '2027-01-11T00:00Z');
      expect(
        once.map((d) => d.getUTCDay()),
        code,
      ).toEqual([day]);
    }
  });

  it('ends a rule at its COUNT and at its UNTIL', () => {
    const counted = berlin('FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=4', '2027-01-04T09:00');
    expect(iso(between(counted, '2027-01-01T00:00Z', '2028-01-01T00:00Z'))).toEqual([
      '2027-01-04T08:00',
      '2027-01-06T08:00',
      '2027-01-08T08:00',
      '2027-01-11T08:00',
    ]);
    // UNTIL is inclusive: the 09:00 local (08:00Z) occurrence of 2027-01-06 is the last
    const until = berlin('FREQ=DAILY;UNTIL=20270106T080000Z', '2027-01-04T09:00');
    expect(iso(between(until, '2027-01-01T00:00Z', '2028-01-01T00:00Z'))).toEqual([
      '2027-01-04T08:00',
      '2027-01-05T08:00',
      '2027-01-06T08:00',
    ]);
    expect(nextOccurrences(until, new Date('2027-01-06T08:00Z'), 5)).toEqual([]);
  });

  it('returns at most limit occurrences, the earliest ones', () => {
    const daily = berlin('FREQ=DAILY', '2027-01-04T09:00');
    expect(iso(between(daily, '2027-01-01T00:00Z', '2028-01-01T00:00Z', 3))).toEqual([
      '2027-01-04T08:00',
      '2027-01-05T08:00',
      '2027-01-06T08:00',
    ]);
    expect(between(daily, '2027-01-01T00:00Z', '2030-01-01T00:00Z')).toHaveLength(100);
    expect(between(daily, '2027-01-01T00:00Z', '2027-01-01T00:00Z')).toEqual([]);
  });

  it('includes from and leaves out to', () => {
    const daily = berlin('FREQ=DAILY', '2027-01-04T09:00');
    expect(iso(between(daily, '2027-01-05T08:00Z', '2027-01-07T08:00Z'))).toEqual(['2027-01-05T08:00', '2027-01-06T08:00']);
  });

  it('lists the next occurrences strictly after a moment, far from the start', () => {
    const weekly = berlin('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2027-01-04T09:00');
    expect(iso(nextOccurrences(weekly, new Date('2030-01-14T08:00Z'), 3))).toEqual([
      '2030-01-28T08:00',
      '2030-02-11T08:00',
      '2030-02-25T08:00',
    ]);
    const everyFive = berlin('FREQ=MINUTELY;INTERVAL=5', '2027-01-04T09:00');
    expect(iso(nextOccurrences(everyFive, new Date('2027-01-04T08:00Z'), 2))).toEqual(['2027-01-04T08:05', '2027-01-04T08:10']);
  });
});
