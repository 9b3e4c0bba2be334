import { addDays, dayDiff, type GanttLink, type GanttTask } from '@atrium/domain';

// Pure layout of a Gantt chart: which rows it has, where the time scale starts and how wide a
// day is, so the chart component only places what this computes.

export const ZOOMS = ['day', 'week', 'month'] as const;
export type Zoom = (typeof ZOOMS)[number];

// pixels per day: a day wide enough to grab at Day, a quarter readable at Month
export const DAY_WIDTH: Record<Zoom, number> = { day: 32, week: 12, month: 4 };
export const ROW_HEIGHT = 32;
// days shown before the earliest and after the latest date, so a bar can be dragged outwards
const MARGIN_DAYS = 14;

export type GanttGroup = { id: string; title: string; tasks: GanttTask[] };
export type GanttRow =
  { type: 'group'; key: string; title: string } | { type: 'unscheduled'; key: string } | { type: 'task'; key: string; task: GanttTask };

export const isScheduled = (task: Pick<GanttTask, 'startDate' | 'dueDate'>) => Boolean(task.startDate ?? task.dueDate);
// one collator for every comparison: localeCompare with options builds one per call, which made
// sorting 5,000 tasks take a large part of the chart's first paint
const numeric = new Intl.Collator(undefined, { numeric: true });
const byNumber = (a: GanttTask, b: GanttTask) => numeric.compare(a.number, b.number);

// Scheduled tasks in the order of their numbers (a task keeps its row when it is moved, so the
// row does not jump away from under the pointer), then the unscheduled ones under their own
// heading; with several groups (the portfolio) each starts with a header row.
export function buildRows(groups: readonly GanttGroup[], withHeaders: boolean): GanttRow[] {
  const rows: GanttRow[] = [];
  for (const group of groups) {
    if (withHeaders) rows.push({ type: 'group', key: `group-${group.id}`, title: group.title });
    const scheduled = group.tasks.filter(isScheduled).sort(byNumber);
    const unscheduled = group.tasks.filter((task) => !isScheduled(task)).sort(byNumber);
    for (const task of scheduled) rows.push({ type: 'task', key: task.id, task });
    if (unscheduled.length > 0) rows.push({ type: 'unscheduled', key: `unscheduled-${group.id}` });
    for (const task of unscheduled) rows.push({ type: 'task', key: task.id, task });
  }
  return rows;
}

export type Scale = { origin: string; days: number; dayWidth: number };

// From before the earliest date (or today) to after the latest (or today).
export function buildScale(tasks: readonly GanttTask[], today: string, zoom: Zoom): Scale {
  let first = today;
  let last = today;
  for (const task of tasks) {
    for (const date of [task.startDate, task.dueDate]) {
      if (!date) continue;
      if (date < first) first = date;
      if (date > last) last = date;
    }
  }
  const origin = addDays(first, -MARGIN_DAYS);
  return { origin, days: dayDiff(last, origin) + 1 + MARGIN_DAYS, dayWidth: DAY_WIDTH[zoom] };
}

export const xOf = (scale: Scale, date: string) => dayDiff(date, scale.origin) * scale.dayWidth;

// A bar covers its due day too: 4 Jan – 8 Jan is five days wide.
export function barGeometry(scale: Scale, task: Pick<GanttTask, 'startDate' | 'dueDate'>) {
  if (task.startDate && task.dueDate) {
    return { kind: 'bar' as const, left: xOf(scale, task.startDate), width: (dayDiff(task.dueDate, task.startDate) + 1) * scale.dayWidth };
  }
  const date = task.startDate ?? task.dueDate;
  return date ? { kind: 'milestone' as const, left: xOf(scale, date) + scale.dayWidth / 2, width: 0 } : null;
}

// The dates a drag or a key press gives: a move shifts both, a resize only the due date, never
// before the start.
export function shiftedDates(task: Pick<GanttTask, 'startDate' | 'dueDate'>, days: number, mode: 'move' | 'resize') {
  const shift = (date: string | null) => (date ? addDays(date, days) : null);
  if (mode === 'move') return { startDate: shift(task.startDate), dueDate: shift(task.dueDate) };
  const due = shift(task.dueDate);
  const floor = task.startDate;
  return { startDate: task.startDate, dueDate: due && floor && due < floor ? floor : due };
}

// Ticks of the header: every day, every Monday or every first of the month.
export function ticks(scale: Scale, zoom: Zoom): string[] {
  const out: string[] = [];
  for (let i = 0; i < scale.days; i++) {
    const date = addDays(scale.origin, i);
    const day = new Date(`${date}T00:00:00Z`);
    if (zoom === 'day' || (zoom === 'week' && day.getUTCDay() === 1) || (zoom === 'month' && day.getUTCDate() === 1)) out.push(date);
  }
  return out;
}

const ARROW_STUB = 8;

export type Arrow = { id: string; path: string };

// Finish of the blocking task → start of the blocked one, for the links with an end among the
// rows in view (windowing: the other arrows are not drawn). Both ends need a row and a date.
export function arrowsFor(
  links: readonly GanttLink[],
  rowIndex: ReadonlyMap<string, number>,
  tasks: ReadonlyMap<string, GanttTask>,
  scale: Scale,
  visible: { first: number; last: number },
): Arrow[] {
  const arrows: Arrow[] = [];
  const mid = (row: number) => row * ROW_HEIGHT + ROW_HEIGHT / 2;
  for (const link of links) {
    if (link.kind !== 'blocks') continue;
    const [fromRow, toRow] = [rowIndex.get(link.fromId), rowIndex.get(link.toId)];
    if (fromRow === undefined || toRow === undefined) continue;
    if (Math.max(fromRow, toRow) < visible.first || Math.min(fromRow, toRow) > visible.last) continue;
    const [from, to] = [tasks.get(link.fromId), tasks.get(link.toId)];
    const fromBar = from && barGeometry(scale, from);
    const toBar = to && barGeometry(scale, to);
    if (!fromBar || !toBar) continue;
    const x1 = fromBar.left + fromBar.width;
    const x2 = toBar.left;
    const [y1, y2] = [mid(fromRow), mid(toRow)];
    // out to the right, down (or up), into the start of the blocked bar; when that start lies
    // left of the finish, the line turns back between the two rows
    const path =
      x2 - x1 >= 2 * ARROW_STUB
        ? `M${x1},${y1} H${x1 + ARROW_STUB} V${y2} H${x2}`
        : `M${x1},${y1} H${x1 + ARROW_STUB} V${(y1 + y2) / 2} H${x2 - ARROW_STUB} V${y2} H${x2}`;
    arrows.push({ id: link.id, path });
  }
  return arrows;
}
