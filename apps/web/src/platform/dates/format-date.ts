import { DATE_FORMATS } from '@atrium/domain';
import dayjs from 'dayjs';

export type DateFormatName = keyof typeof DATE_FORMATS;

// Every date on screen goes through here with one of the spec's named formats (§9).
export function formatDate(value: string | number | Date | null | undefined, format: DateFormatName = 'date'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return d.format(DATE_FORMATS[format]);
}
