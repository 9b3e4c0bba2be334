import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// a row-visibility rule of the engine, written on the alias t (absent: every row)
const and = (rule: SQL | undefined): SQL => (rule ? sql` and ${rule}` : sql``);
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type TimeLogRow = {
  id: string;
  task_id: string;
  number: string;
  task_title: string;
  project_id: string;
  tenant_user_id: string | null;
  user_title: string | null;
  date: string;
  minutes: number;
  note: string | null;
  created_at: string;
};

// Logs with their task and member, of live tasks the caller sees, that `where` selects (on l and t).
const selectLogs = (ctx: TenantContext, where: SQL, visible: SQL | undefined) => sql`
  select l.id, l.task_id, t.number, t.name as task_title, t.project_id, l.tenant_user_id,
    coalesce(u.name, tu.email) as user_title, l.date::text as date, l.minutes, l.note, ${iso(sql`l.created_at`)} as created_at
  from time_logs l
  join tasks t on t.tenant_id = l.tenant_id and t.id = l.task_id
  left join tenant_users tu on tu.tenant_id = l.tenant_id and tu.id = l.tenant_user_id
  left join users u on u.id = tu.user_id
  where l.tenant_id = ${ctx.tenantId} and t.deleted_at is null and ${where}${and(visible)}`;

const ORDER = sql`order by l.date desc, l.created_at desc, l.id`;

export async function logsOfTask(ctx: TenantContext, taskId: string): Promise<TimeLogRow[]> {
  const res = await ctx.db.execute<TimeLogRow>(sql`${selectLogs(ctx, sql`l.task_id = ${taskId}`, undefined)} ${ORDER}`);
  return res.rows;
}

export async function logById(ctx: TenantContext, id: string): Promise<TimeLogRow | undefined> {
  const res = await ctx.db.execute<TimeLogRow>(selectLogs(ctx, sql`l.id = ${id}`, undefined));
  return res.rows[0];
}

export async function logsOfProject(
  ctx: TenantContext,
  projectId: string,
  visible: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<TimeLogRow[]> {
  const res = await ctx.db.execute<TimeLogRow>(
    sql`${selectLogs(ctx, sql`t.project_id = ${projectId}`, visible)} ${ORDER} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

// Every log of the project (no page) in the order of the list, for the CSV file.
export async function allLogsOfProject(ctx: TenantContext, projectId: string, visible: SQL | undefined): Promise<TimeLogRow[]> {
  const res = await ctx.db.execute<TimeLogRow>(sql`${selectLogs(ctx, sql`t.project_id = ${projectId}`, visible)} ${ORDER}`);
  return res.rows;
}

export async function logsOfUser(
  ctx: TenantContext,
  range: { from: string | undefined; to: string | undefined },
  visible: SQL | undefined,
): Promise<TimeLogRow[]> {
  const conditions = [sql`l.tenant_user_id = ${ctx.tenantUserId}`];
  if (range.from) conditions.push(sql`l.date >= ${range.from}::date`);
  if (range.to) conditions.push(sql`l.date <= ${range.to}::date`);
  const res = await ctx.db.execute<TimeLogRow>(sql`${selectLogs(ctx, sql.join(conditions, sql` and `), visible)} ${ORDER}`);
  return res.rows;
}

export type ProjectTotals = {
  count: number;
  minutes: number;
  perUser: { tenant_user_id: string | null; title: string | null; minutes: number }[];
};

// The count and minutes of the project's logs, and the minutes per member, in one statement.
export async function totalsOfProject(ctx: TenantContext, projectId: string, visible: SQL | undefined): Promise<ProjectTotals> {
  const res = await ctx.db.execute<{ tenant_user_id: string | null; title: string | null; n: number; minutes: number }>(sql`
    select l.tenant_user_id, min(coalesce(u.name, tu.email)) as title, count(*)::int as n, sum(l.minutes)::int as minutes
    from time_logs l
    join tasks t on t.tenant_id = l.tenant_id and t.id = l.task_id
    left join tenant_users tu on tu.tenant_id = l.tenant_id and tu.id = l.tenant_user_id
    left join users u on u.id = tu.user_id
    where l.tenant_id = ${ctx.tenantId} and t.deleted_at is null and t.project_id = ${projectId}${and(visible)}
    group by l.tenant_user_id
    order by minutes desc, title`);
  return {
    count: res.rows.reduce((s, r) => s + r.n, 0),
    minutes: res.rows.reduce((s, r) => s + r.minutes, 0),
    perUser: res.rows.map((r) => ({ tenant_user_id: r.tenant_user_id, title: r.title, minutes: r.minutes })),
  };
}

export async function insertLog(
  ctx: TenantContext,
  log: { taskId: string; date: string; minutes: number; note: string | null },
): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into time_logs (tenant_id, task_id, tenant_user_id, date, minutes, note)
    values (${ctx.tenantId}, ${log.taskId}, ${ctx.tenantUserId}, ${log.date}::date, ${log.minutes}, ${log.note})
    returning id`);
  const row = res.rows[0];
  if (!row) throw new Error('insert into time_logs returned no row');
  return row.id;
}

export async function updateLog(
  ctx: TenantContext,
  id: string,
  log: { date: string; minutes: number; note: string | null },
): Promise<void> {
  await ctx.db.execute(sql`
    update time_logs set date = ${log.date}::date, minutes = ${log.minutes}, note = ${log.note}, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function deleteLog(ctx: TenantContext, id: string): Promise<void> {
  await ctx.db.execute(sql`delete from time_logs where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export type TimerRow = { task_id: string; number: string; title: string; started_at: string; started_ms: number };

// The caller's timer with its task (also when the task has since been deleted: stopping it then
// drops it).
export async function timerOf(ctx: TenantContext): Promise<(TimerRow & { deleted: boolean }) | undefined> {
  const res = await ctx.db.execute<TimerRow & { deleted: boolean }>(sql`
    select k.task_id, t.number, t.name as title, ${iso(sql`k.started_at`)} as started_at,
      (extract(epoch from k.started_at) * 1000)::float8 as started_ms, t.deleted_at is not null as deleted
    from task_timers k join tasks t on t.tenant_id = k.tenant_id and t.id = k.task_id
    where k.tenant_id = ${ctx.tenantId} and k.tenant_user_id = ${ctx.tenantUserId}`);
  return res.rows[0];
}

// A member's timer calls wait for each other, so two starts at once stop and log the previous
// timer once and leave one timer.
export async function lockTimer(ctx: TenantContext): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task_timers:${ctx.tenantId}:${ctx.tenantUserId}`}, 0))`);
}

export async function putTimer(ctx: TenantContext, taskId: string, startedAt: Date): Promise<void> {
  await ctx.db.execute(sql`
    insert into task_timers (tenant_id, tenant_user_id, task_id, started_at)
    values (${ctx.tenantId}, ${ctx.tenantUserId}, ${taskId}, ${startedAt.toISOString()}::timestamptz)
    on conflict (tenant_id, tenant_user_id) do update set task_id = excluded.task_id, started_at = excluded.started_at`);
}

export async function deleteTimer(ctx: TenantContext): Promise<void> {
  await ctx.db.execute(sql`delete from task_timers where tenant_id = ${ctx.tenantId} and tenant_user_id = ${ctx.tenantUserId}`);
}
