import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

// Recurrence of scheduled tasks (RFC 5545 RRULE), expanded in the project's IANA zone.
// Library choice and its DST behaviour: docs/decisions/087-recurrence-library.md.

export type Recurrence = { rule: string; startsAt: string; timeZone: string };

export type RecurrenceField = 'rule' | 'startsAt' | 'timeZone';

export type RecurrenceCheck = { ok: true } | { ok: false; field: RecurrenceField; code: string; message: string };

type Problem = Extract<RecurrenceCheck, { ok: false }>;
type Rule = RRuleTemporal<Temporal.ZonedDateTime>;
type RuleOptions = ReturnType<Rule['options']>;

const RULE_CODE = 'invalidRecurrenceRule';
const MIN_MINUTELY_INTERVAL = 5;
const STARTS_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY_MS = 86_400_000;
// Steps one query may take beyond its limit (a day of BYHOUR×BYMINUTE times is 1,440).
const EXTRA_STEPS = 5_000;

// The RFC 5545 rule parts whose values the library parses; it ignores unknown names silently.
const RULE_PARTS: Record<string, keyof RuleOptions | null> = {
  FREQ: null,
  UNTIL: null,
  COUNT: null,
  INTERVAL: null,
  WKST: null,
  BYSECOND: 'bySecond',
  BYMINUTE: 'byMinute',
  BYHOUR: 'byHour',
  BYDAY: 'byDay',
  BYMONTHDAY: 'byMonthDay',
  BYYEARDAY: 'byYearDay',
  BYWEEKNO: 'byWeekNo',
  BYMONTH: 'byMonth',
  BYSETPOS: 'bySetPos',
};

const ruleProblem = (message: string): Problem => ({ ok: false, field: 'rule', code: RULE_CODE, message });

export function parseRecurrence(r: Recurrence): RecurrenceCheck {
  if (!isKnownTimeZone(r.timeZone)) {
    return { ok: false, field: 'timeZone', code: 'invalidTimeZone', message: `Unknown time zone "${r.timeZone}"` };
  }
  if (parseStartsAt(r.startsAt) === null) {
    return { ok: false, field: 'startsAt', code: 'invalidDate', message: 'Start must be a date and time YYYY-MM-DDTHH:mm' };
  }
  let rule: Rule;
  try {
    rule = buildRule(r);
  } catch (error) {
    return ruleProblem(error instanceof Error ? error.message : 'The recurrence rule cannot be read');
  }
  const problem = checkRuleText(r.rule, rule.options()) ?? checkFrequency(rule.options());
  if (problem) return problem;
  if (neverFires(r)) return ruleProblem('The rule has no occurrence at or after its start');
  return { ok: true };
}

// Instants of the occurrences in [from, to), in order, at most `limit`.
export function occurrencesBetween(r: Recurrence, from: Date, to: Date, limit = 100): Date[] {
  return collect(r, from.getTime(), to.getTime(), limit);
}

// The next `count` occurrences strictly after `after`.
export function nextOccurrences(r: Recurrence, after: Date, count: number): Date[] {
  return collect(r, after.getTime() + 1, null, count);
}

function isKnownTimeZone(zone: string): boolean {
  // supportedValuesOf lists canonical zones only and leaves out 'UTC' on some Node versions
  return zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone);
}

function parseStartsAt(value: string): Temporal.PlainDateTime | null {
  if (!STARTS_AT_PATTERN.test(value)) return null;
  try {
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

function startOf(r: Recurrence): Temporal.ZonedDateTime {
  const start = parseStartsAt(r.startsAt);
  if (start === null) throw new RangeError(`Invalid recurrence start "${r.startsAt}"`);
  // A start inside a spring-forward gap moves later by the gap, as RFC 5545 §3.3.5 says
  return start.toZonedDateTime(r.timeZone, { disambiguation: 'compatible' });
}

function buildRule(r: Recurrence): Rule {
  // strict: COUNT with UNTIL and an UNTIL that is not UTC are refused instead of guessed
  return new RRuleTemporal({ rruleString: r.rule, dtstart: startOf(r), strict: true, temporal: Temporal });
}

// The library drops out-of-range BY values (BYHOUR=25) and unknown parts without a word;
// a person who typed them would get a different schedule than they meant.
function checkRuleText(text: string, options: RuleOptions): Problem | null {
  for (const part of text.split(';')) {
    const [name = '', value = ''] = part.split('=');
    const key = RULE_PARTS[name.toUpperCase()];
    if (key === undefined) return ruleProblem(`Unknown rule part "${name}"`);
    if (key === null) continue;
    const parsed = options[key];
    if (!Array.isArray(parsed) || parsed.length !== value.split(',').length) {
      return ruleProblem(`${name.toUpperCase()} has a value out of range`);
    }
  }
  return null;
}

function checkFrequency(options: RuleOptions): Problem | null {
  if (options.freq === 'SECONDLY' || options.bySecond) {
    return ruleProblem('Tasks cannot repeat by the second');
  }
  if ((options.interval ?? 1) < 1) return ruleProblem('INTERVAL must be 1 or more');
  if (options.freq === 'MINUTELY' && (options.interval ?? 1) < MIN_MINUTELY_INTERVAL) {
    return ruleProblem(`A task repeating more often than every ${MIN_MINUTELY_INTERVAL} minutes is almost certainly a mistake`);
  }
  return null;
}

function neverFires(r: Recurrence): boolean {
  try {
    return collect(r, startOf(r).epochMilliseconds, null, 1).length === 0;
  } catch {
    // The library gives up (maximum iterations) on rules like BYMONTH=2;BYMONTHDAY=31
    return true;
  }
}

// How one rule is walked: either in real instants or in wall-clock time placed in the zone.
type Expansion = {
  rule: Rule;
  toInstant: (occurrence: Temporal.ZonedDateTime) => number;
  toCursor: (epochMs: number) => number;
  slackMs: number;
  untilMs: number | null;
};

function expansionOf(r: Recurrence): Expansion {
  const options = buildRule(r).options();
  const untilMs = options.until?.epochMilliseconds ?? null;
  const sub = options.freq === 'HOURLY' || options.freq === 'MINUTELY';
  return { ...(sub ? subDailyExpansion(options) : wallClockExpansion(options, r.timeZone)), untilMs };
}

// Sub-daily rules run in real time: "every 2 hours" is 2 elapsed hours across a DST change.
// The library walks HOURLY by wall-clock hour (the repeated autumn hour fires once) but
// MINUTELY by elapsed minutes, so an HOURLY rule without BYMINUTE/BYSECOND is walked as
// MINUTELY×60, which generates the same set apart from the DST hours.
function subDailyExpansion(options: RuleOptions): Omit<Expansion, 'untilMs'> {
  const asMinutes = options.freq === 'HOURLY' && !options.byMinute && !options.bySecond;
  const rule = asMinutes
    ? new RRuleTemporal({ ...options, freq: 'MINUTELY', interval: (options.interval ?? 1) * 60, temporal: Temporal })
    : new RRuleTemporal({ ...options, temporal: Temporal });
  return { rule, toInstant: (o) => o.epochMilliseconds, toCursor: (ms) => ms, slackMs: 0 };
}

// Daily and longer rules keep their wall-clock time. The library omits a time that falls in
// a spring-forward gap (its reading of RFC 5545 §3.3.10); we want it moved later by the gap
// (§3.3.5, 02:30 → 03:30) and a repeated autumn time to fire once, at its first instant. So the
// library expands in floating time (wall clock held as UTC) and Temporal's 'compatible'
// disambiguation places each wall time in the zone.
function wallClockExpansion(options: RuleOptions, timeZone: string): Omit<Expansion, 'untilMs'> {
  const floating = (zdt: Temporal.ZonedDateTime): Temporal.ZonedDateTime =>
    zdt.withTimeZone(timeZone).toPlainDateTime().toZonedDateTime('UTC');
  const rule = new RRuleTemporal({
    ...options,
    tzid: 'UTC',
    dtstart: floating(options.dtstart),
    until: options.until ? floating(options.until) : undefined,
    temporal: Temporal,
  });
  return {
    rule,
    toInstant: (o) => o.toPlainDateTime().toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds,
    toCursor: (ms) => floating(Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('UTC')).epochMilliseconds,
    // wall time runs up to a day away from the instant and goes back at a fall-back change
    slackMs: DAY_MS,
  };
}

// Walks the rule with next() from `from`; with wall-clock expansion the walk starts and ends a
// slack early and late, because a moved gap time can land after the next wall time.
function collect(r: Recurrence, from: number, to: number | null, limit: number): Date[] {
  const { rule, toInstant, toCursor, slackMs, untilMs } = expansionOf(r);
  const stopAt = to === null ? null : toCursor(to) + slackMs;
  const found = new Set<number>();
  let cursor = toCursor(from) - slackMs;
  let inclusive = true;
  let fullAt: number | null = null;
  for (let step = 0; step < limit + EXTRA_STEPS; step++) {
    const occurrence = rule.next(new Date(cursor), inclusive);
    if (!occurrence) break;
    cursor = occurrence.epochMilliseconds;
    inclusive = false;
    if ((stopAt !== null && cursor >= stopAt) || (fullAt !== null && cursor > fullAt + slackMs)) break;
    const instant = toInstant(occurrence);
    const inWindow = instant >= from && (to === null || instant < to) && (untilMs === null || instant <= untilMs);
    if (inWindow) found.add(instant);
    if (fullAt === null && found.size >= limit) fullAt = cursor;
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, limit)
    .map((ms) => new Date(ms));
}
