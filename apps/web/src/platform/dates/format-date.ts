import { DATE_FORMATS } from '@atrium/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type DateFormatName = keyof typeof DATE_FORMATS;

// The spec's named formats (§9) as each culture writes them. German: day first with dots and
// 24 hours (issue 12, defect 12). The language's dayjs locale is loaded with the language
// (platform/i18n), so dayjs.locale() says which culture is on screen.
const BY_LANGUAGE: Record<string, Record<DateFormatName, string>> = {
  de: {
    date: 'DD.MM.YYYY',
    shortDate: 'DD.MM.YYYY',
    dateTime: 'DD.MM.YYYY, HH:mm',
    longDate: 'dddd, D. MMMM YYYY',
    monthYear: 'MMMM YYYY',
    time: 'HH:mm',
    utc: DATE_FORMATS.utc,
  },
};

// The pattern of a named format in the current culture, for pickers and for formatDate.
export function dateFormat(name: DateFormatName): string {
  return (BY_LANGUAGE[dayjs.locale()] ?? DATE_FORMATS)[name];
}

// The user's time zone (the profile's, issue 26 polish): moments are shown in it rather than in
// the browser's. Unset (before the profile has loaded, or a zone the browser does not know) the
// browser's zone is used.
let displayZone: string | undefined;
export function setDisplayTimeZone(zone: string | null | undefined): boolean {
  const next = zone && isKnownZone(zone) ? zone : undefined;
  if (next === displayZone) return false;
  displayZone = next;
  return true;
}
export const displayTimeZone = (): string | undefined => displayZone;

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// A plain date ("2027-03-01", a close date or a birthday) is a day, not a moment: never shifted.
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Every date on screen goes through here with one of the named formats.
export function formatDate(value: string | number | Date | null | undefined, format: DateFormatName = 'date'): string {
  if (value === null || value === undefined || value === '') return '';
  const plain = typeof value === 'string' && PLAIN_DATE.test(value);
  const d = plain || !displayZone ? dayjs(value) : dayjs(value).tz(displayZone);
  if (!d.isValid()) return '';
  return d.format(dateFormat(format));
}

// How a culture writes a date in digits ("DD.MM.YYYY" de-DE, "MM/DD/YYYY" en-US, "DD/MM/YYYY"
// en-GB), read from Intl so every culture of the profile gets its own order.
export function numericDateFormat(culture: string): string {
  try {
    const parts = new Intl.DateTimeFormat(culture, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
      new Date(2027, 2, 1),
    );
    const token = { day: 'DD', month: 'MM', year: 'YYYY' } as const;
    return parts.map((p) => (p.type === 'literal' ? p.value : p.type in token ? token[p.type as keyof typeof token] : '')).join('');
  } catch {
    return DATE_FORMATS.shortDate;
  }
}

// The patterns a typed date is read with (issue 26, item 1): the one on screen first (antd shows
// the first), then the user's culture in digits and ISO; with time, each of them with a time.
export function typedDateFormats(withTime: boolean, culture: string, shown?: string): string[] {
  const display = shown ?? dateFormat(withTime ? 'dateTime' : 'date');
  const numeric = numericDateFormat(culture);
  const dates = [numeric, numeric.replace('DD', 'D').replace('MM', 'M'), 'YYYY-MM-DD', dateFormat('date')];
  if (!withTime) return [...new Set([display, ...dates])];
  // with a time, a date alone is no match: it would match half-way through typing
  // "2027-03-02 10:00" and the time typed after it would be lost
  const times = dates.flatMap((d) => [`${d} HH:mm`, `${d}, HH:mm`, `${d} hh:mm A`]).concat('YYYY-MM-DDTHH:mm');
  return [...new Set([display, ...times])];
}
