// How links between tasks schedule them: a `blocks` link is finish-to-start (the blocked task
// starts after the blocking one is due); `relatesTo` only records a relation and never moves a
// task. Pure functions, so the server and the web app reach the same answer.
import { DATE_RANGE } from '../../date-range';

export const TASK_LINK_KINDS = ['blocks', 'relatesTo'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

// Dates are calendar days (YYYY-MM-DD); null means not scheduled.
export type TaskDates = { id: string; startDate: string | null; dueDate: string | null };
export type TaskLink = { fromId: string; toId: string; kind: TaskLinkKind };
export type TaskDateChange = {
  id: string;
  before: Omit<TaskDates, 'id'>;
  after: Omit<TaskDates, 'id'>;
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Days since 1970-01-01 in UTC; UTC has no daylight-saving shifts, so a day is exactly DAY_MS.
function toDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not an ISO date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  // a day past the month's end (2025-02-30) would roll over silently
  if (time.getUTCFullYear() !== year || time.getUTCMonth() !== month - 1 || time.getUTCDate() !== day) {
    throw new RangeError(`no such day: ${date}`);
  }
  return time.getTime() / DAY_MS;
}

function fromDayNumber(dayNumber: number): string {
  const time = new Date(dayNumber * DAY_MS);
  const year = time.getUTCFullYear();
  // the stored range; a five-digit year would not read back as an ISO date
  if (year < DATE_RANGE.minYear || year > DATE_RANGE.maxYear) {
    throw new RangeError(`date out of range: year ${year}`);
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(time.getUTCMonth() + 1, 2)}-${pad(time.getUTCDate(), 2)}`;
}

// Calendar days from b to a (a − b), like date-fns' differenceInCalendarDays(a, b).
export function dayDiff(a: string, b: string): number {
  return toDayNumber(a) - toDayNumber(b);
}

export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  return fromDayNumber(toDayNumber(date) + days);
}

// fromId → the ids it blocks; relatesTo links are left out since they never schedule.
function blocksGraph(links: readonly TaskLink[], direction: 'successors' | 'predecessors'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const link of links) {
    if (link.kind !== 'blocks') continue;
    const [from, to] = direction === 'successors' ? [link.fromId, link.toId] : [link.toId, link.fromId];
    const next = graph.get(from);
    if (next) next.push(to);
    else graph.set(from, [to]);
  }
  return graph;
}

// Adding from → to closes a cycle exactly when `from` is already reachable from `to`. A
// breadth-first search with an explicit queue finds the shortest such path without recursion.
export function findBlockingCycle(links: readonly TaskLink[], added: TaskLink): string[] | null {
  if (added.kind !== 'blocks') return null;
  if (added.fromId === added.toId) return [added.fromId, added.fromId];
  const successors = blocksGraph(links, 'successors');
  const reachedFrom = new Map<string, string | null>([[added.toId, null]]);
  const queue = [added.toId];
  // for…of over an array also visits what is pushed while it runs
  for (const current of queue) {
    if (current === added.fromId) return [added.fromId, ...pathTo(reachedFrom, current)];
    for (const next of successors.get(current) ?? []) {
      if (reachedFrom.has(next)) continue;
      reachedFrom.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

// The search's path from its start to `end`, read back through each id's parent.
function pathTo(reachedFrom: ReadonlyMap<string, string | null>, end: string): string[] {
  const path: string[] = [];
  for (let id: string | null | undefined = end; id != null; id = reachedFrom.get(id)) path.push(id);
  return path.reverse();
}

// The finish-to-start gap as stored before the change; null when either end has no date, so the
// link neither moves nor holds the successor.
function gapBefore(predecessor: Omit<TaskDates, 'id'> | undefined, successor: TaskDates): number | null {
  if (!predecessor?.dueDate || !successor.startDate) return null;
  return dayDiff(successor.startDate, predecessor.dueDate);
}

// The earliest start the successor's predecessors allow with their new due dates: the latest of
// (predecessor due + gap). Every gap is measured from the successor's old start, so a predecessor
// that has not moved asks for exactly that old start and holds the task there.
function earliestStart(
  task: TaskDates,
  predecessorIds: readonly string[],
  before: (id: string) => Omit<TaskDates, 'id'> | undefined,
  after: (id: string) => Omit<TaskDates, 'id'> | undefined,
): string | null {
  let latest: number | null = null;
  for (const id of predecessorIds) {
    const gap = gapBefore(before(id), task);
    const due = after(id)?.dueDate;
    if (gap === null || !due) continue;
    const start = toDayNumber(due) + gap;
    if (latest === null || start > latest) latest = start;
  }
  return latest === null ? null : fromDayNumber(latest);
}

// A task moved to a new start keeps its duration; one with a start but no due date moves its
// start only.
function movedTo(task: TaskDates, startDate: string): TaskDates {
  const dueDate = task.dueDate && task.startDate ? addDays(startDate, dayDiff(task.dueDate, task.startDate)) : task.dueDate;
  return { id: task.id, startDate, dueDate };
}

// Automatic scheduling (OpenProject's "automatic" mode): after `changed` moves or changes length,
// the tasks it blocks, directly or through other blocked tasks, move so that each finish-to-start
// gap stays as it was before the change, in both directions; a task with several predecessors
// starts at the latest they allow. Tasks without dates are not moved and do not pass a move on.
// Visits the tasks downstream of `changed` once each in topological order (Kahn), so the cost is
// O(tasks + links). Returns the tasks whose dates change, without `changed` itself.
export function reschedule(tasks: readonly TaskDates[], links: readonly TaskLink[], changed: TaskDateChange): TaskDates[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const successors = blocksGraph(links, 'successors');
  const predecessors = blocksGraph(links, 'predecessors');
  const moved = new Map<string, TaskDates>();
  const before = (id: string) => (id === changed.id ? changed.before : byId.get(id));
  const after = (id: string) => (id === changed.id ? changed.after : (moved.get(id) ?? byId.get(id)));

  const waiting = unvisitedPredecessorCounts(successors, changed.id);
  const queue = [changed.id];
  for (const current of queue) {
    for (const next of successors.get(current) ?? []) {
      const left = (waiting.get(next) ?? 0) - 1;
      waiting.set(next, left);
      // all of next's predecessors that may move have their final dates now
      if (left !== 0 || next === changed.id) continue;
      queue.push(next);
      const task = byId.get(next);
      const startDate = task ? earliestStart(task, predecessors.get(next) ?? [], before, after) : null;
      if (task && startDate && startDate !== task.startDate) moved.set(next, movedTo(task, startDate));
    }
  }
  return [...moved.values()];
}

// For each task downstream of `startId`, how many of its blocks links come from tasks that are
// themselves downstream (or `startId`): the ones whose new dates it must wait for. A task on a
// cycle (which findBlockingCycle keeps out of stored links) never reaches zero and stays put.
function unvisitedPredecessorCounts(successors: ReadonlyMap<string, string[]>, startId: string): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set([startId]);
  const stack = [startId];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    for (const next of successors.get(current) ?? []) {
      counts.set(next, (counts.get(next) ?? 0) + 1);
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return counts;
}
