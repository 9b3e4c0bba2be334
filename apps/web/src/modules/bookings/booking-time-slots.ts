import { OPENING_DAYS, type BookingTimeSlot } from '@atrium/domain';

// 2024-01-01 was a Monday: a weekday's name in the reader's language
export const weekdayName = (day: BookingTimeSlot['day'], locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + OPENING_DAYS.indexOf(day))));

// a booking page's weekly windows as one line ("Mon 09:00–12:00, Tue 09:00–12:00")
export const windowsText = (slots: readonly BookingTimeSlot[], locale: string): string =>
  slots.map((w) => `${weekdayName(w.day, locale)} ${w.start}–${w.end}`).join(', ');
