import { sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';

export type DueSchedule = {
  id: string;
  name: string;
  projectId: string;
  rule: string;
  startsAt: string;
  timeZone: string;
  assigneeId: string | null;
  priority: string | null;
  dueAfterDays: number | null;
  lastRunAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
};

// The schedules that create tasks: active, of a project, neither archived nor in the recycle bin.
export async function activeProjectSchedules(ctx: TenantScope): Promise<DueSchedule[]> {
  const res = await ctx.db.execute<DueSchedule>(sql`
    select id, name, project_id as "projectId", rule, starts_at as "startsAt", time_zone as "timeZone",
      assignee_id as "assigneeId", priority, due_after_days as "dueAfterDays", last_run_at as "lastRunAt",
      created_at as "createdAt", created_by as "createdBy"
    from task_schedules
    where tenant_id = ${ctx.tenantId} and active and project_id is not null
      and archived_at is null and deleted_at is null
    order by id`);
  return res.rows.map((r) => ({
    ...r,
    lastRunAt: r.lastRunAt === null ? null : new Date(r.lastRunAt),
    createdAt: new Date(r.createdAt),
  }));
}

// The once-only key of an occurrence: true when this call inserted it. A concurrent insert of
// the same key waits for the other transaction and then inserts nothing.
export async function claimRun(ctx: TenantScope, scheduleId: string, occursAt: Date): Promise<boolean> {
  const res = await ctx.db.execute<{ occurs_at: string }>(sql`
    insert into task_schedule_runs (tenant_id, schedule_id, occurs_at)
    values (${ctx.tenantId}, ${scheduleId}, ${occursAt.toISOString()})
    on conflict do nothing
    returning occurs_at`);
  return res.rows.length > 0;
}

export async function setRunTask(ctx: TenantScope, scheduleId: string, occursAt: Date, taskId: string): Promise<void> {
  await ctx.db.execute(sql`
    update task_schedule_runs set task_id = ${taskId}
    where tenant_id = ${ctx.tenantId} and schedule_id = ${scheduleId} and occurs_at = ${occursAt.toISOString()}`);
}

// Server bookkeeping, not an edit: the version stays, so a person editing the schedule is not
// refused because the job ran. greatest(): a slower worker never moves it back.
export async function setLastRunAt(ctx: TenantScope, scheduleId: string, at: Date): Promise<void> {
  await ctx.db.execute(sql`
    update task_schedules set last_run_at = greatest(last_run_at, ${at.toISOString()}::timestamptz)
    where tenant_id = ${ctx.tenantId} and id = ${scheduleId}`);
}

// A schedule's owner: a project (its schedules create tasks) or a template.
export type ScheduleOwner = { project: string } | { template: string };
const ownerColumn = (o: ScheduleOwner) => ('project' in o ? sql.raw('project_id') : sql.raw('project_template_id'));
const ownerId = (o: ScheduleOwner) => ('project' in o ? o.project : o.template);

// Copies the live schedules of one owner to another: a project made from a template starts with
// the template's, a template made from a project takes the project's. Copies are new schedules:
// no runs, no last run.
export async function copySchedules(ctx: TenantContext, from: ScheduleOwner, to: ScheduleOwner): Promise<number> {
  const res = await ctx.db.execute(sql`
    insert into task_schedules (tenant_id, name, ${ownerColumn(to)}, rule, starts_at, time_zone, assignee_id, priority,
      due_after_days, active, custom_fields, created_by, updated_by)
    select tenant_id, name, ${ownerId(to)}::uuid, rule, starts_at, time_zone, assignee_id, priority,
      due_after_days, active, custom_fields, ${ctx.tenantUserId}::uuid, ${ctx.tenantUserId}::uuid
    from task_schedules
    where tenant_id = ${ctx.tenantId} and ${ownerColumn(from)} = ${ownerId(from)}
      and archived_at is null and deleted_at is null`);
  return res.rowCount ?? 0;
}
