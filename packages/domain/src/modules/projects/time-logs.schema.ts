import { z } from 'zod';
import { isDateInRange } from '../../date-range';
import { DEFAULT_PAGE_SIZE } from '../../constants';
import { pageSizeQuerySchema } from '../../schemas';

// Time tracking on tasks (Plan.TaskWorklog): time logs of a duration on a day, and one running
// timer per member that becomes a time log when it stops.

// One entry is at most a whole day; longer work is logged day by day.
export const TIME_LOG_MAX_MINUTES = 1440;
export const TIME_LOG_NOTE_MAX = 1000;

// a missing value says required; a present but wrong one, validation
const invalid = (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'validation');
const isoDay = z.iso.date({ error: invalid }).refine(isDateInRange, { error: 'dateOutOfRange' });
const minutes = z
  .number({ error: invalid })
  .int({ error: 'validation' })
  .min(1, { error: 'tooSmall' })
  .max(TIME_LOG_MAX_MINUTES, { error: 'tooBig' });
const note = z.string({ error: invalid }).max(TIME_LOG_NOTE_MAX, { error: 'maxLength' });

// The date may be at most tomorrow (UTC): a member east of UTC is already there; anything later
// is refused by the server with invalidDate.
export const timeLogCreateSchema = z.strictObject({
  date: isoDay,
  minutes,
  note: note.optional(),
});
export type TimeLogCreate = z.infer<typeof timeLogCreateSchema>;

// an update replaces the three values the member entered
export const timeLogUpdateSchema = z.strictObject({
  date: isoDay,
  minutes,
  note: note.nullable(),
});
export type TimeLogUpdate = z.infer<typeof timeLogUpdateSchema>;

const taskRef = z.object({ id: z.uuid(), number: z.string(), title: z.string() });

export const timeLogSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  task: taskRef,
  projectId: z.uuid(),
  // null once the member has left the workspace: the hours stay on the project
  tenantUserId: z.uuid().nullable(),
  user: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  date: z.string(),
  minutes: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  // the caller may change or delete it: their own, or anyone's with Project.ManageTasks
  editable: z.boolean(),
});
export type TimeLog = z.infer<typeof timeLogSchema>;

export const timeTotalSchema = z.object({ minutes: z.number().int() });
export type TimeTotal = z.infer<typeof timeTotalSchema>;

export const userTimeTotalSchema = z.object({ tenantUserId: z.uuid().nullable(), title: z.string(), minutes: z.number().int() });
export type UserTimeTotal = z.infer<typeof userTimeTotalSchema>;

export const timeLogListSchema = z.object({ data: z.array(timeLogSchema), total: timeTotalSchema });
export type TimeLogList = z.infer<typeof timeLogListSchema>;

// a project's logs a page at a time; total and perUser count every log of the project
export const projectTimeLogsQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'validation' }).int({ error: 'validation' }).min(1).max(100000).default(1),
  pageSize: pageSizeQuerySchema.default(DEFAULT_PAGE_SIZE),
});
export type ProjectTimeLogsQuery = z.infer<typeof projectTimeLogsQuerySchema>;

export const projectTimeLogsSchema = z.object({
  data: z.array(timeLogSchema),
  count: z.number().int(),
  total: timeTotalSchema,
  perUser: z.array(userTimeTotalSchema),
});
export type ProjectTimeLogs = z.infer<typeof projectTimeLogsSchema>;

export const myTimeLogsQuerySchema = z.strictObject({ from: isoDay.optional(), to: isoDay.optional() });
export type MyTimeLogsQuery = z.infer<typeof myTimeLogsQuerySchema>;

export const taskTimerSchema = z.object({ taskId: z.uuid(), task: taskRef, startedAt: z.string() });
export type TaskTimer = z.infer<typeof taskTimerSchema>;

// what starting a timer did: the timer now running, and the log of the one it stopped, if any
export const timerStartSchema = z.object({ timer: taskTimerSchema, stopped: timeLogSchema.nullable() });
export type TimerStart = z.infer<typeof timerStartSchema>;

// "1h 30m", "1h", "45m", "1.5h", "90" (minutes), "1:30" → minutes; undefined when unreadable
export function parseDuration(input: string): number | undefined {
  const s = input.trim().toLowerCase();
  if (/^\d+$/.test(s)) return Number(s);
  const clock = /^(\d+):([0-5]\d)$/.exec(s);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const units = /^(?:(\d+(?:[.,]\d+)?)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/.exec(s);
  if (!units || (units[1] === undefined && units[2] === undefined)) return undefined;
  const hours = Number((units[1] ?? '0').replace(',', '.'));
  return Math.round(hours * 60) + Number(units[2] ?? '0');
}

// 90 → "1h 30m", 45 → "45m", 120 → "2h"
export function formatDuration(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}
