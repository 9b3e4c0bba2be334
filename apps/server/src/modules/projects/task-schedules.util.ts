import { Temporal } from 'temporal-polyfill';

// The due date of a task an occurrence creates: the occurrence's date where the schedule
// lives (a 23:30 occurrence in Berlin is that Berlin day, whatever the UTC date), plus the days.
export function dueDateOf(occursAt: Date, timeZone: string, days: number): string {
  return Temporal.Instant.fromEpochMilliseconds(occursAt.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().add({ days }).toString();
}
