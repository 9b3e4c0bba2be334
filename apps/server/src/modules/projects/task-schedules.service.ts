import { ERROR_CODES, type ErrorCode } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import type { Database } from '../../platform/database';
import { createEntity, getEntity, type EntityHooks, type EntityRow, type RegisteredEntity } from '../../platform/entity';
import { fieldError } from '../../platform/errors';
import type { JobRuntime } from '../../platform/jobs/job-runtime';
import { forEachWorkspace, inWorkspace, systemContext } from '../../platform/jobs/workspace-walk';
import { nextOccurrences, occurrencesBetween, parseRecurrence, type Recurrence } from './recurrence';
import * as repo from './task-schedules.repository';
import type { DueSchedule } from './task-schedules.repository';
import { dueDateOf } from './task-schedules.util';

// Time comes in: the job and the upcoming list read it here, so tests can fix it.
export type Clock = () => Date;
export type TaskScheduleDeps = { database: Database; now: Clock; kinds: { task: RegisteredEntity; taskSchedule: RegisteredEntity } };

// Occurrences one schedule turns into tasks per run; the next run goes on from the last one.
export const MAX_OCCURRENCES_PER_RUN = 100;
export const MAX_UPCOMING = 50;

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function recurrenceOf(values: EntityRow): Recurrence {
  return { rule: text(values.rule), startsAt: text(values.startsAt), timeZone: text(values.timeZone) };
}

// A schedule belongs to one project or one template, and its rule fires (spec: invalid
// recurrence rule).
function checkSchedule(values: EntityRow): void {
  const owners = [values.projectId, values.projectTemplateId].filter((v) => typeof v === 'string' && v !== '').length;
  if (owners !== 1) throw fieldError('projectId', 'validation', 'A task schedule belongs to exactly one project or one project template');
  const check = parseRecurrence(recurrenceOf(values));
  if (!check.ok) throw fieldError(check.field, isErrorCode(check.code) ? check.code : 'invalidRecurrenceRule', check.message);
}

export const taskScheduleHooks: EntityHooks = {
  async beforeCreate(_ctx, values) {
    checkSchedule(values);
  },
  async beforeUpdate(_ctx, values) {
    checkSchedule(values);
    return values;
  },
};

// A project made from a template gets the template's schedules (one statement).
export async function copyTemplateSchedules(ctx: TenantContext, templateId: string, projectId: string): Promise<void> {
  await repo.copySchedules(ctx, { template: templateId }, { project: projectId });
}

export async function copyProjectSchedules(ctx: TenantContext, projectId: string, templateId: string): Promise<void> {
  await repo.copySchedules(ctx, { project: projectId }, { template: templateId });
}

// The next occurrences after now, as instants.
export async function upcomingOccurrences(
  ctx: TenantContext,
  deps: TaskScheduleDeps,
  id: string,
  count: number,
): Promise<{ occurrences: string[] }> {
  const row = await getEntity(ctx, deps.kinds.taskSchedule, id);
  const found = nextOccurrences(recurrenceOf(row), deps.now(), Math.min(count, MAX_UPCOMING));
  return { occurrences: found.map((d) => d.toISOString()) };
}

// The occurrences in (last run or creation, now], each claimed by its run row before its task
// is made: of two workers at the same occurrence, the one whose insert wins creates the task.
async function runSchedule(ctx: TenantContext, deps: TaskScheduleDeps, s: DueSchedule, now: Date): Promise<number> {
  const from = (s.lastRunAt ?? s.createdAt).getTime() + 1;
  const due = occurrencesBetween(s, new Date(from), new Date(now.getTime() + 1), MAX_OCCURRENCES_PER_RUN);
  let created = 0;
  for (const occursAt of due) {
    if (!(await repo.claimRun(ctx, s.id, occursAt))) continue;
    const task = await createEntity(ctx, deps.kinds.task, {
      name: s.name,
      projectId: s.projectId,
      assigneeId: s.assigneeId,
      priority: s.priority,
      dueDate: dueDateOf(occursAt, s.timeZone, s.dueAfterDays ?? 0),
    });
    await repo.setRunTask(ctx, s.id, occursAt, String(task.id));
    created += 1;
  }
  const last = due.at(-1);
  // a capped run continues from its last occurrence next time; otherwise all up to now is done
  const doneUpTo = due.length === MAX_OCCURRENCES_PER_RUN && last ? last : now;
  await repo.setLastRunAt(ctx, s.id, doneUpTo);
  return created;
}

// One workspace in one transaction; each schedule in a savepoint, so one that fails (its
// project archived, a rule the library now refuses) leaves the others' tasks in place.
async function runWorkspace(deps: TaskScheduleDeps, tenantId: string, now: Date, failures: string[]): Promise<number> {
  return inWorkspace(deps.database, tenantId, async ({ db: tx }) => {
    let created = 0;
    for (const s of await repo.activeProjectSchedules({ tenantId, db: tx })) {
      try {
        // the tasks are the schedule's creator's (created_by, the activity's actor)
        created += await tx.transaction((sp) => runSchedule(systemContext(tenantId, sp, { tenantUserId: s.createdBy }), deps, s, now));
      } catch (err) {
        failures.push(`${tenantId}/${s.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return created;
  });
}

// The every-minute run over every workspace.
export async function runDueSchedules(deps: TaskScheduleDeps): Promise<string> {
  const now = deps.now();
  const failures: string[] = [];
  const created = await forEachWorkspace(deps.database, 'task schedules', (tenantId) => runWorkspace(deps, tenantId, now, failures));
  if (failures.length > 0) throw new Error(`task schedules failed: ${failures.slice(0, 5).join('; ')}`);
  return `${created} tasks created`;
}

// The real time, read once here for the module: the platform has no clock of its own yet.
export const systemClock: Clock = () => new Date();

// Every minute on a worker; the run rows make a repeated or overlapping run create nothing twice.
export function registerTaskScheduleJob(jobs: JobRuntime, deps: TaskScheduleDeps): void {
  jobs.schedule({
    name: 'projects.task-schedules',
    cron: '* * * * *',
    idempotency:
      'Each occurrence is claimed by inserting its (schedule, occurrence) run row in the transaction that creates its task; a second run, or a second worker, finds the row and creates nothing.',
    run: () => runDueSchedules(deps),
  });
}
