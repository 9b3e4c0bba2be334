// The dates Atrium stores and compares: the years 1 to 9999 of ISO 8601's four-digit form.
// PostgreSQL has no year 0, and a year past 9999 does not round-trip through an ISO string, so
// a date outside this range is refused on input instead of failing later in a query.
export const DATE_RANGE = { minYear: 1, maxYear: 9999 } as const;

// An ISO date or date-time (with offset) whose UTC year lies in DATE_RANGE.
export function isDateInRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear;
}
