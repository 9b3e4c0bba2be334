import { DEFAULT_BOOKING_POLICY, mergeBookingPolicies, type BookingPolicy, type BookingTimeSlot, type OpeningHours } from '@atrium/domain';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { blockedRange, evaluateBooking, freeStartsIn, gridStarts, type PolicyPlace } from './booking-policy.util';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const WEEKDAYS: OpeningHours = (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, open: '08:00', close: '18:00' }));
const EVERY_DAY: OpeningHours = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
  day,
  open: '08:00',
  close: '18:00',
}));
const policy = (o: Partial<BookingPolicy> = {}): BookingPolicy => mergeBookingPolicies(DEFAULT_BOOKING_POLICY, { maxLeadMinutes: null }, o);
const codes = (p: BookingPolicy, place: PolicyPlace, now: string, start: string, end: string) =>
  evaluateBooking(p, place, at(now), at(start), at(end)).refusals.map((r) => `${r.field}:${r.code}`);

describe('the booking policy engine, one request', () => {
  const berlin: PolicyPlace = { timeZone: 'Europe/Berlin', openingHours: WEEKDAYS };
  const now = '2026-06-01T06:00:00Z';

  it('allows a request within every rule, and names each rule broken', () => {
    expect(codes(policy(), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T09:00:00Z')).toEqual([]);
    expect(codes(policy(), berlin, now, '2026-05-29T08:00:00Z', '2026-05-29T09:00:00Z')).toEqual(['start:pastDateTime']);
    expect(codes(policy({ minLeadMinutes: 120 }), berlin, now, '2026-06-01T07:00:00Z', '2026-06-01T08:00:00Z')).toEqual(['start:tooSoon']);
    expect(codes(policy({ maxLeadMinutes: 1440 }), berlin, now, '2026-06-03T08:00:00Z', '2026-06-03T09:00:00Z')).toEqual([
      'start:tooFarAhead',
    ]);
    expect(codes(policy({ minDurationMinutes: 30 }), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T08:15:00Z')).toEqual([
      'end:durationTooShort',
    ]);
    expect(codes(policy({ maxDurationMinutes: 60 }), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T09:30:00Z')).toEqual([
      'end:durationTooLong',
    ]);
    expect(codes(policy({ fixedDurationMinutes: 50 }), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T08:50:00Z')).toEqual([]);
    expect(codes(policy({ fixedDurationMinutes: 50 }), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T09:00:00Z')).toEqual([
      'end:durationTooLong',
    ]);
    expect(codes(policy(), berlin, now, '2026-06-02T08:10:00Z', '2026-06-02T09:10:00Z')).toEqual(['start:notOnIncrement']);
    expect(codes(policy(), berlin, now, '2026-06-02T08:00:00Z', '2026-06-02T09:05:00Z')).toEqual(['end:notOnIncrement']);
    // 08:00 UTC is 10:00 in Berlin in June: 16:00 UTC (18:00) is the close; a Saturday is closed
    expect(codes(policy(), berlin, now, '2026-06-02T15:00:00Z', '2026-06-02T16:15:00Z')).toEqual(['start:outsideOpeningHours']);
    expect(codes(policy(), berlin, now, '2026-06-06T08:00:00Z', '2026-06-06T09:00:00Z')).toEqual(['start:outsideOpeningHours']);
    expect(codes(policy({ withinOpeningHours: false }), berlin, now, '2026-06-06T08:00:00Z', '2026-06-06T09:00:00Z')).toEqual([]);
    expect(codes(policy(), berlin, now, '2026-06-02T09:00:00Z', '2026-06-02T09:00:00Z')).toEqual(['end:invalidStartEndTime']);
  });

  it('lays a more specific policy over the type’s', () => {
    const merged = mergeBookingPolicies(DEFAULT_BOOKING_POLICY, { incrementMinutes: 30 }, { bufferAfterMinutes: 10, incrementMinutes: 60 });
    expect(merged).toEqual({ ...DEFAULT_BOOKING_POLICY, incrementMinutes: 60, bufferAfterMinutes: 10 });
  });
});

// The rules on the days the clocks change, in two zones: opening hours and the increment grid
// are local, so the day has 23 or 25 hours and each rule moves with the wall clock.
describe.each([
  { timeZone: 'Europe/Berlin', spring: '2026-03-29', autumn: '2026-10-25', gapHour: 2, overlapHour: 2 },
  { timeZone: 'America/New_York', spring: '2026-03-08', autumn: '2026-11-01', gapHour: 2, overlapHour: 1 },
])('on the daylight-saving days in $timeZone', ({ timeZone, spring, autumn, gapHour, overlapHour }) => {
  const now = at('2026-01-01T00:00:00Z');
  const open: PolicyPlace = { timeZone, openingHours: EVERY_DAY };
  const anyTime: PolicyPlace = { timeZone, openingHours: null };
  const local = (date: string, time: string, offset: 'earlier' | 'later' = 'earlier') =>
    Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone, { disambiguation: offset }).epochMilliseconds;
  const hourly = policy({ incrementMinutes: 60, minDurationMinutes: 60, withinOpeningHours: false });

  it('has 23 hourly starts in spring and 25 in autumn, none in the missing hour, two in the repeated one', () => {
    const day = (date: string) =>
      [local(date, '00:00'), local(Temporal.PlainDate.from(date).add({ days: 1 }).toString(), '00:00')] as const;
    const [s0, s1] = day(spring);
    const [a0, a1] = day(autumn);
    expect(freeStartsIn(hourly, anyTime, now, s0, s1 + 60 * MIN, 60).filter((s) => s < s1)).toHaveLength(23);
    expect(freeStartsIn(hourly, anyTime, now, a0, a1 + 60 * MIN, 60).filter((s) => s < a1)).toHaveLength(25);
    const wallHours = (starts: number[]) =>
      starts.map((s) => Temporal.Instant.fromEpochMilliseconds(s).toZonedDateTimeISO(timeZone).hour).filter((h) => h === gapHour);
    expect(wallHours(gridStarts(hourly, timeZone, s0, s1))).toEqual([]);
    const repeated = gridStarts(hourly, timeZone, a0, a1).filter(
      (s) => Temporal.Instant.fromEpochMilliseconds(s).toZonedDateTimeISO(timeZone).hour === overlapHour,
    );
    expect(repeated).toHaveLength(2);
    expect(repeated[1]! - repeated[0]!).toBe(60 * MIN);
  });

  it('opens at 08:00 local time on both days, whatever the offset', () => {
    for (const date of [spring, autumn]) {
      const eight = local(date, '08:00');
      expect(evaluateBooking(policy(), open, now, eight, eight + 60 * MIN).allowed).toBe(true);
      expect(evaluateBooking(policy(), open, now, eight - 60 * MIN, eight).refusals.map((r) => r.code)).toEqual(['outsideOpeningHours']);
      const six = local(date, '18:00');
      expect(evaluateBooking(policy(), open, now, six - 60 * MIN, six).allowed).toBe(true);
      expect(evaluateBooking(policy(), open, now, six - 60 * MIN, six + 15 * MIN).allowed).toBe(false);
    }
  });

  it('counts lead times and durations in real minutes across the change', () => {
    // from local midnight to 04:00 is 3 real hours in spring, 5 in autumn
    const p = policy({ incrementMinutes: 60, withinOpeningHours: false, maxDurationMinutes: 240 });
    expect(evaluateBooking(p, anyTime, now, local(spring, '00:00'), local(spring, '04:00')).allowed).toBe(true);
    expect(evaluateBooking(p, anyTime, now, local(autumn, '00:00'), local(autumn, '04:00')).refusals.map((r) => r.code)).toEqual([
      'durationTooLong',
    ]);
    const lead = policy({ minLeadMinutes: 180, withinOpeningHours: false, incrementMinutes: 60 });
    const midnight = local(spring, '00:00');
    expect(evaluateBooking(lead, anyTime, midnight, local(spring, '03:00'), local(spring, '04:00')).refusals.map((r) => r.code)).toEqual([
      'tooSoon',
    ]);
    expect(evaluateBooking(lead, anyTime, midnight, local(spring, '04:00'), local(spring, '05:00')).allowed).toBe(true);
  });

  // the rest of the rules on the changing days (decision 093 round nine): the past, the maximum
  // lead, the minimum and the fixed duration in real minutes; the buffers widen a booking by
  // real minutes too, so a buffer before 03:00 on the spring day reaches back to 01:30
  it('refuses the past, too far ahead, too short and not the fixed duration in real minutes; buffers are real minutes', () => {
    const refused = (p: BookingPolicy, when: number, date: string, from: string, to: string) =>
      evaluateBooking(p, anyTime, when, local(date, from), local(date, to)).refusals.map((r) => `${r.field}:${r.code}`);
    const base = { incrementMinutes: 60, withinOpeningHours: false } as const;

    // half past three has come: three o'clock is past, four is not
    expect(refused(policy(base), local(spring, '03:30'), spring, '03:00', '04:00')).toEqual(['start:pastDateTime']);
    expect(refused(policy(base), local(spring, '03:30'), spring, '04:00', '05:00')).toEqual([]);

    // at most 3 hours ahead of midnight: 04:00 is 3 real hours away in spring, 03:00 is 4 in autumn
    const ahead = policy({ ...base, maxLeadMinutes: 180 });
    expect(refused(ahead, local(spring, '00:00'), spring, '04:00', '05:00')).toEqual([]);
    expect(refused(ahead, local(spring, '00:00'), spring, '05:00', '06:00')).toEqual(['start:tooFarAhead']);
    expect(refused(ahead, local(autumn, '00:00'), autumn, '03:00', '04:00')).toEqual(['start:tooFarAhead']);

    // at least 2 hours: 01:00–03:00 is one real hour in spring, three in autumn
    const long = policy({ ...base, minDurationMinutes: 120 });
    expect(refused(long, now, spring, '01:00', '03:00')).toEqual(['end:durationTooShort']);
    expect(refused(long, now, autumn, '01:00', '03:00')).toEqual([]);

    // exactly 2 hours: 01:00–04:00 in spring is two real hours; 00:00–03:00 in autumn is four
    const fixed = policy({ ...base, fixedDurationMinutes: 120 });
    expect(refused(fixed, now, spring, '01:00', '04:00')).toEqual([]);
    expect(refused(fixed, now, autumn, '00:00', '03:00')).toEqual(['end:durationTooLong']);
    expect(refused(fixed, now, spring, '01:00', '03:00')).toEqual(['end:durationTooShort']);

    // 30 minutes kept free before and after: real minutes, whatever the wall clock says
    const buffered = policy({ ...base, bufferBeforeMinutes: 30, bufferAfterMinutes: 30 });
    const wall = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainTime().toString();
    const springRange = blockedRange(buffered, local(spring, '03:00'), local(spring, '04:00'));
    expect([wall(springRange.from), wall(springRange.until)]).toEqual(['01:30:00', '04:30:00']);
    expect(springRange.until - springRange.from).toBe(120 * MIN);
    // in autumn the hour before 01:00 (New York) or 02:00 (Berlin) comes twice: the buffer
    // before the repeated hour's second instance reaches into its first
    const second = local(autumn, `0${overlapHour}:00`, 'later');
    const autumnRange = blockedRange(buffered, second, second + 60 * MIN);
    expect(wall(autumnRange.from)).toBe(`0${overlapHour}:30:00`);
    expect(second - autumnRange.from).toBe(30 * MIN);
  });

  it('keeps the increment grid local: 30-minute starts at :00 and :30 on the changing day', () => {
    const p = policy({ incrementMinutes: 30, withinOpeningHours: false });
    const starts = freeStartsIn(p, anyTime, now, local(spring, '00:00'), local(spring, '06:00'), 30);
    const walls = starts.map((s) => Temporal.Instant.fromEpochMilliseconds(s).toZonedDateTimeISO(timeZone).toPlainTime().toString());
    expect(walls).toEqual([
      '00:00:00',
      '00:30:00',
      '01:00:00',
      '01:30:00',
      '03:00:00',
      '03:30:00',
      '04:00:00',
      '04:30:00',
      '05:00:00',
      '05:30:00',
    ]);
  });
});

// A booking page's own time slots (decision 093 round six): a request lies within one window of
// the weekday it starts on, in local time — on a changing day too.
describe("a booking page's time slots", () => {
  const now = at('2026-01-01T00:00:00Z');
  const anyTime = (timeSlots: BookingTimeSlot[] | null): PolicyPlace => ({ timeZone: 'Europe/Berlin', openingHours: null, timeSlots });
  const p = policy({ withinOpeningHours: false, incrementMinutes: 60 });
  // Sunday 29 March 2026 in Berlin: 02:00–03:00 does not exist
  const local = (time: string) => Temporal.PlainDateTime.from(`2026-03-29T${time}`).toZonedDateTime('Europe/Berlin').epochMilliseconds;
  const windows: BookingTimeSlot[] = [
    { day: 'sun', start: '01:00', end: '04:00' },
    { day: 'sun', start: '09:00', end: '12:00' },
  ];

  it('allows a booking within one window of its weekday and refuses one outside every window', () => {
    expect(evaluateBooking(p, anyTime(windows), now, local('09:00'), local('12:00')).allowed).toBe(true);
    expect(evaluateBooking(p, anyTime(windows), now, local('11:00'), local('13:00')).refusals).toEqual([
      { code: 'outsideTimeSlots', field: 'start' },
    ]);
    // another weekday: no window
    const monday = local('09:00') + 24 * 60 * MIN;
    expect(evaluateBooking(p, anyTime(windows), now, monday, monday + 60 * MIN).refusals.map((r) => r.code)).toEqual(['outsideTimeSlots']);
    // no windows: none of the page's own
    expect(evaluateBooking(p, anyTime([]), now, monday, monday + 60 * MIN).allowed).toBe(true);
    expect(evaluateBooking(p, anyTime(null), now, monday, monday + 60 * MIN).allowed).toBe(true);
  });

  it('reads windows in local time on the day the clocks go forward: 01:00–04:00 is two real hours', () => {
    const starts = freeStartsIn(p, anyTime(windows), now, local('00:00'), local('13:00'), 60);
    const walls = starts.map((s) => Temporal.Instant.fromEpochMilliseconds(s).toZonedDateTimeISO('Europe/Berlin').toPlainTime().toString());
    expect(walls).toEqual(['01:00:00', '03:00:00', '09:00:00', '10:00:00', '11:00:00']);
  });
});

// find-times and booking creation agree: a request is allowed exactly when find-times, asked
// for a window around it, offers its start.
describe('find-times and the create check', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'];
  const dstDays = [
    at('2026-03-08T00:00:00Z'),
    at('2026-03-29T00:00:00Z'),
    at('2026-10-25T00:00:00Z'),
    at('2026-11-01T00:00:00Z'),
    at('2026-06-10T00:00:00Z'),
  ];
  const policyArb = fc.record({
    minLeadMinutes: fc.constantFrom(0, 30, 120, 1440),
    maxLeadMinutes: fc.constantFrom(null, 1440, 4320, 20_000),
    bufferBeforeMinutes: fc.constantFrom(0, 15),
    bufferAfterMinutes: fc.constantFrom(0, 10),
    minDurationMinutes: fc.constantFrom(15, 30, 60),
    maxDurationMinutes: fc.constantFrom(null, 60, 240),
    fixedDurationMinutes: fc.constantFrom(null, null, null, 45, 60),
    incrementMinutes: fc.constantFrom(5, 15, 30, 45, 60),
    withinOpeningHours: fc.boolean(),
    sharedCapacity: fc.boolean(),
    checkInGraceMinutes: fc.constantFrom(15, null),
  });
  const hoursArb = fc.constantFrom<OpeningHours | null>(null, WEEKDAYS, EVERY_DAY, [
    { day: 'sun', open: '00:00', close: '04:00' },
    { day: 'sun', open: '01:00', close: '03:30' },
    { day: 'sat', open: '09:00', close: '12:00' },
    { day: 'sat', open: '13:00', close: '17:00' },
  ]);
  // a booking page's own windows (none, or some around the changing days)
  const slotsArb = fc.constantFrom<BookingTimeSlot[] | null>(
    null,
    [],
    [{ day: 'sun', start: '01:00', end: '03:30' }],
    [
      { day: 'sun', start: '00:30', end: '02:45' },
      { day: 'sun', start: '08:00', end: '12:00' },
      { day: 'sat', start: '22:00', end: '23:59' },
    ],
    (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, start: '09:00', end: '17:00' })),
  );

  it('on 10,000 random requests', () => {
    fc.assert(
      fc.property(
        policyArb,
        fc.constantFrom(...zones),
        hoursArb,
        slotsArb,
        fc.constantFrom(...dstDays),
        fc.integer({ min: -3 * 288, max: 3 * 288 }), // start: in 5-minute steps around a changing day
        fc.constantFrom(15, 30, 45, 50, 60, 90, 120, 240),
        fc.integer({ min: -2 * 1440, max: 1440 }), // now: minutes before (or after) the start
        fc.integer({ min: 0, max: 180 }),
        fc.integer({ min: 0, max: 180 }),
        (p, timeZone, openingHours, timeSlots, day, step, duration, leadMinutes, before, after) => {
          const place = { timeZone, openingHours, timeSlots };
          const start = day + step * 5 * MIN;
          const end = start + duration * MIN;
          const now = start - leadMinutes * MIN;
          const allowed = evaluateBooking(p, place, now, start, end).allowed;
          const offered = freeStartsIn(p, place, now, start - before * MIN, end + after * MIN, duration);
          expect(offered.includes(start)).toBe(allowed);
          for (const s of offered) expect(evaluateBooking(p, place, now, s, s + duration * MIN).allowed).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  }, 120_000);
});

// The engine reads local time from offsets it converts once per zone and hour (find-times asks
// about thousands of candidates): its grid must be what Temporal says minute by minute, on
// ordinary and changing days, in zones with half-hour and 45-minute offsets and a half-hour
// daylight-saving shift.
describe('local time against Temporal, minute by minute', () => {
  const cases = [
    { timeZone: 'Europe/Berlin', days: ['2026-03-29', '2026-10-25', '2026-07-14'] },
    { timeZone: 'America/New_York', days: ['2026-03-08', '2026-11-01'] },
    { timeZone: 'America/St_Johns', days: ['2026-03-08', '2026-11-01'] },
    { timeZone: 'Australia/Lord_Howe', days: ['2026-04-05', '2026-10-04'] },
    { timeZone: 'Asia/Kathmandu', days: ['2026-05-01'] },
  ];
  it.each(cases)('in $timeZone', ({ timeZone, days }) => {
    for (const day of days) {
      for (const incrementMinutes of [15, 45]) {
        const from = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).epochMilliseconds - 3 * 60 * MIN;
        const to = from + 30 * 60 * MIN;
        const expected: number[] = [];
        for (let ms = from; ms < to; ms += MIN) {
          const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
          if ((z.hour * 60 + z.minute) % incrementMinutes === 0) expected.push(ms);
        }
        expect(gridStarts(policy({ incrementMinutes }), timeZone, from, to), `${day} every ${incrementMinutes} min`).toEqual(expected);
      }
    }
  });
});
