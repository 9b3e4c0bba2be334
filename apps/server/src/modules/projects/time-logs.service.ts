import {
  TIME_LOG_MAX_MINUTES,
  type MyTimeLogsQuery,
  type ProjectTimeLogs,
  type ProjectTimeLogsQuery,
  type TaskTimer,
  type TimeLog,
  type TimeLogCreate,
  type TimeLogList,
  type TimeLogUpdate,
  type TimerStart,
} from '@atrium/domain';
import { stringify } from 'csv-stringify/sync';
import type { TenantContext } from '../../platform/context';
import { mayInScope, requireRecord, type RegisteredEntity, visibilityRule } from '../../platform/entity';
import { AppError, accessDenied, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { requirePlanFeature } from '../../platform/plan-features';
import type { Clock } from './task-schedules.service';
import * as repo from './time-logs.repository';
import type { TimeLogRow } from './time-logs.repository';

export type TimeLogDeps = { now: Clock; kinds: { task: RegisteredEntity; project: RegisteredEntity } };

const DAY_MS = 86_400_000;

// Time tracking is a Projects Pro feature; the refusal names it so the client can say which plan.
const requireWorklog = (ctx: TenantContext): void => requirePlanFeature(ctx, 'Plan.TaskWorklog', 'Time tracking (Projects Pro)');

// The task first (404 for an unknown, deleted, invisible or other workspace's task), then the plan.
async function requireTask(ctx: TenantContext, deps: TimeLogDeps, taskId: string): Promise<void> {
  await requireRecord(ctx, deps.kinds.task.registry, { kind: 'Task', id: taskId }, 'view');
  requireWorklog(ctx);
}

// The projects (of these logs') where the caller manages tasks: by the workspace's
// Project.ManageTasks or by their project role there (the engine's roleScope).
async function managedProjects(ctx: TenantContext, deps: TimeLogDeps, rows: readonly TimeLogRow[]): Promise<ReadonlySet<string>> {
  const out = new Set<string>();
  const others = rows.filter((r) => r.tenant_user_id !== ctx.tenantUserId);
  for (const projectId of new Set(others.map((r) => r.project_id)))
    if (await mayInScope(ctx, deps.kinds.task, 'manage', { projectId })) out.add(projectId);
  return out;
}

const mayEdit = (ctx: TenantContext, managed: ReadonlySet<string>, r: TimeLogRow): boolean =>
  r.tenant_user_id === ctx.tenantUserId || managed.has(r.project_id);

const toLogs = async (ctx: TenantContext, deps: TimeLogDeps, rows: readonly TimeLogRow[]): Promise<TimeLog[]> => {
  const managed = await managedProjects(ctx, deps, rows);
  return rows.map((r) => toLog(ctx, managed, r));
};

const toLog = (ctx: TenantContext, managed: ReadonlySet<string>, r: TimeLogRow): TimeLog => ({
  id: r.id,
  taskId: r.task_id,
  task: { id: r.task_id, number: r.number, title: r.task_title },
  projectId: r.project_id,
  tenantUserId: r.tenant_user_id,
  user: r.tenant_user_id ? { id: r.tenant_user_id, title: r.user_title ?? '' } : null,
  date: r.date,
  minutes: r.minutes,
  note: r.note,
  createdAt: r.created_at,
  editable: mayEdit(ctx, managed, r),
});

const sum = (rows: readonly TimeLogRow[]) => rows.reduce((s, r) => s + r.minutes, 0);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// A day up to tomorrow (UTC) is accepted: east of UTC it is already tomorrow; later is a plan, not time spent.
function refuseFutureDate(deps: TimeLogDeps, date: string): void {
  const latest = utcDay(deps.now().getTime() + DAY_MS);
  if (date > latest) throw fieldError('date', 'invalidDate', `date must be ${latest} or earlier: time is logged once it is spent`);
}

// Open pages of the task (its Time tab, another tab's timer) refresh.
async function touchTask(ctx: TenantContext, taskId: string): Promise<void> {
  await publishRecordEvent(ctx, { kind: 'Task', id: taskId, version: null, action: 'updated' });
}

async function readLog(ctx: TenantContext, deps: TimeLogDeps, id: string): Promise<TimeLog> {
  const row = await repo.logById(ctx, id);
  if (!row) throw new Error(`time log ${id} was not read back`);
  const [log] = await toLogs(ctx, deps, [row]);
  if (!log) throw new Error(`time log ${id} was not read back`);
  return log;
}

export async function listTaskLogs(ctx: TenantContext, deps: TimeLogDeps, taskId: string): Promise<TimeLogList> {
  await requireTask(ctx, deps, taskId);
  const rows = await repo.logsOfTask(ctx, taskId);
  return { data: await toLogs(ctx, deps, rows), total: { minutes: sum(rows) } };
}

// Any member who sees the task logs their own time on it; nobody logs for someone else.
export async function logTime(ctx: TenantContext, deps: TimeLogDeps, taskId: string, body: TimeLogCreate): Promise<TimeLog> {
  await requireTask(ctx, deps, taskId);
  refuseFutureDate(deps, body.date);
  const id = await repo.insertLog(ctx, { taskId, date: body.date, minutes: body.minutes, note: body.note ?? null });
  await touchTask(ctx, taskId);
  return readLog(ctx, deps, id);
}

// A log of the task that the caller may change: their own, or anyone's with Project.ManageTasks.
async function requireOwnLog(ctx: TenantContext, deps: TimeLogDeps, taskId: string, logId: string): Promise<TimeLogRow> {
  await requireTask(ctx, deps, taskId);
  const row = await repo.logById(ctx, logId);
  if (!row || row.task_id !== taskId) throw notFound('Time log');
  if (!mayEdit(ctx, await managedProjects(ctx, deps, [row]), row))
    throw accessDenied("Only the member who logged the time, or one who manages tasks, may change another member's time log");
  return row;
}

export async function updateTimeLog(
  ctx: TenantContext,
  deps: TimeLogDeps,
  taskId: string,
  logId: string,
  body: TimeLogUpdate,
): Promise<TimeLog> {
  await requireOwnLog(ctx, deps, taskId, logId);
  refuseFutureDate(deps, body.date);
  await repo.updateLog(ctx, logId, body);
  await touchTask(ctx, taskId);
  return readLog(ctx, deps, logId);
}

export async function deleteTimeLog(ctx: TenantContext, deps: TimeLogDeps, taskId: string, logId: string): Promise<void> {
  await requireOwnLog(ctx, deps, taskId, logId);
  await repo.deleteLog(ctx, logId);
  await touchTask(ctx, taskId);
}

async function requireProject(ctx: TenantContext, deps: TimeLogDeps, projectId: string): Promise<void> {
  await requireRecord(ctx, deps.kinds.project.registry, { kind: 'Project', id: projectId }, 'view');
  requireWorklog(ctx);
}

// A page of the project's logs (of the tasks the caller sees) with the totals of all of them.
export async function projectLogs(
  ctx: TenantContext,
  deps: TimeLogDeps,
  projectId: string,
  query: ProjectTimeLogsQuery,
): Promise<ProjectTimeLogs> {
  await requireProject(ctx, deps, projectId);
  const visible = visibilityRule(ctx, deps.kinds.task);
  const rows = await repo.logsOfProject(ctx, projectId, visible, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const totals = await repo.totalsOfProject(ctx, projectId, visible);
  return {
    data: await toLogs(ctx, deps, rows),
    count: totals.count,
    total: { minutes: totals.minutes },
    perUser: totals.perUser.map((u) => ({ tenantUserId: u.tenant_user_id, title: u.title ?? '', minutes: u.minutes })),
  };
}

// A cell a spreadsheet would run as a formula goes out behind an apostrophe (as the engine's export does).
const cell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

// The project's logs as CSV with a header row: the engine's export covers entity kinds only.
export async function projectLogsCsv(ctx: TenantContext, deps: TimeLogDeps, projectId: string): Promise<string> {
  await requireProject(ctx, deps, projectId);
  const rows = await repo.allLogsOfProject(ctx, projectId, visibilityRule(ctx, deps.kinds.task));
  return stringify(
    rows.map((r) => [
      r.date,
      r.number,
      cell(r.task_title),
      cell(r.user_title ?? ''),
      r.minutes,
      (r.minutes / 60).toFixed(2),
      cell(r.note ?? ''),
    ]),
    { header: true, columns: ['Date', 'Task', 'Task title', 'Member', 'Minutes', 'Hours', 'Note'], bom: true },
  );
}

export async function myLogs(ctx: TenantContext, deps: TimeLogDeps, query: MyTimeLogsQuery): Promise<TimeLogList> {
  requireWorklog(ctx);
  const rows = await repo.logsOfUser(ctx, { from: query.from, to: query.to }, visibilityRule(ctx, deps.kinds.task));
  return { data: await toLogs(ctx, deps, rows), total: { minutes: sum(rows) } };
}

const toTimer = (r: repo.TimerRow): TaskTimer => ({
  taskId: r.task_id,
  task: { id: r.task_id, number: r.number, title: r.title },
  startedAt: r.started_at,
});

// The caller's running timer; one on a task deleted since shows as none (the next start replaces it).
export async function myTimer(ctx: TenantContext): Promise<TaskTimer | null> {
  requireWorklog(ctx);
  const row = await repo.timerOf(ctx);
  return row && !row.deleted ? toTimer(row) : null;
}

// Elapsed whole minutes, rounded up, at least 1; a timer left running for days logs one full day
// (an entry's limit) on the day it started (UTC).
async function logTimer(ctx: TenantContext, deps: TimeLogDeps, timer: repo.TimerRow): Promise<TimeLog> {
  const elapsed = Math.ceil((deps.now().getTime() - timer.started_ms) / 60_000);
  const minutes = Math.min(TIME_LOG_MAX_MINUTES, Math.max(1, elapsed));
  const id = await repo.insertLog(ctx, { taskId: timer.task_id, date: utcDay(timer.started_ms), minutes, note: null });
  await touchTask(ctx, timer.task_id);
  return readLog(ctx, deps, id);
}

// One timer per member: starting on another task stops the running one and logs its time first;
// starting on the task already timed changes nothing.
export async function startTimer(ctx: TenantContext, deps: TimeLogDeps, taskId: string): Promise<TimerStart> {
  await requireTask(ctx, deps, taskId);
  await repo.lockTimer(ctx);
  const running = await repo.timerOf(ctx);
  if (running && !running.deleted && running.task_id === taskId) return { timer: toTimer(running), stopped: null };
  const stopped = running && !running.deleted ? await logTimer(ctx, deps, running) : null;
  await repo.putTimer(ctx, taskId, deps.now());
  await touchTask(ctx, taskId);
  const timer = await repo.timerOf(ctx);
  if (!timer) throw new Error('task timer was not read back');
  return { timer: toTimer(timer), stopped };
}

export async function stopTimer(ctx: TenantContext, deps: TimeLogDeps): Promise<TimeLog> {
  requireWorklog(ctx);
  await repo.lockTimer(ctx);
  const running = await repo.timerOf(ctx);
  if (!running || running.deleted) throw new AppError(409, 'conflict', 'No timer is running');
  const log = await logTimer(ctx, deps, running);
  await repo.deleteTimer(ctx);
  return log;
}
