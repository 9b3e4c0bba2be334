import { DATE_FORMATS } from '@atrium/domain';
import dayjs from 'dayjs';

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

// Every date on screen goes through here with one of the named formats.
export function formatDate(value: string | number | Date | null | undefined, format: DateFormatName = 'date'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return d.format(dateFormat(format));
}
