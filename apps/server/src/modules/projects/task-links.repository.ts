import type { GanttLink, GanttTask, TaskDates, TaskLink, TaskLinkKind } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;
// a row-visibility rule of the engine, written on the alias t (absent: every row)
const and = (rule: SQL | undefined): SQL => (rule ? sql` and ${rule}` : sql``);

export type LinkedTaskRow = {
  id: string;
  kind: TaskLinkKind;
  outgoing: boolean;
  task_id: string;
  number: string;
  name: string;
  project_id: string;
  start_date: string | null;
  due_date: string | null;
};

// The links of a task both ways, each with the other task, when that one is live and visible.
export async function linksOfTask(ctx: TenantContext, taskId: string, visible: SQL | undefined): Promise<LinkedTaskRow[]> {
  const res = await ctx.db.execute<LinkedTaskRow>(sql`
    select l.id, l.kind, l.from_task_id = ${taskId} as outgoing, t.id as task_id, t.number, t.name, t.project_id,
      t.start_date::text as start_date, t.due_date::text as due_date
    from task_links l
    join tasks t on t.tenant_id = l.tenant_id
      and t.id = case when l.from_task_id = ${taskId} then l.to_task_id else l.from_task_id end
    where l.tenant_id = ${ctx.tenantId} and (l.from_task_id = ${taskId} or l.to_task_id = ${taskId})
      and t.deleted_at is null${and(visible)}
    order by l.created_at, l.id`);
  return res.rows;
}

export type TaskRef = { id: string; number: string; name: string };

// Live tasks by id, among those the caller sees.
export async function tasksByIds(ctx: TenantContext, list: readonly string[], visible: SQL | undefined): Promise<TaskRef[]> {
  const res = await ctx.db.execute<TaskRef>(sql`
    select t.id, t.number, t.name from tasks t
    where t.tenant_id = ${ctx.tenantId} and t.id = any(${ids(list)}) and t.deleted_at is null${and(visible)}`);
  return res.rows;
}

// Link writes of a workspace wait for each other, so two links made at once cannot close a cycle
// that neither would close alone.
export async function lockTaskLinks(ctx: TenantContext): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task_links:${ctx.tenantId}`}, 0))`);
}

// Whether the two tasks are linked already, either way.
export async function linkBetween(ctx: TenantContext, a: string, b: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from task_links where tenant_id = ${ctx.tenantId}
      and ((from_task_id = ${a} and to_task_id = ${b}) or (from_task_id = ${b} and to_task_id = ${a}))`);
  return res.rows.length > 0;
}

// Every blocks link reachable from a task, following blocks links forward.
export async function blocksLinksFrom(ctx: TenantContext, taskId: string): Promise<TaskLink[]> {
  const res = await ctx.db.execute<{ from_task_id: string; to_task_id: string }>(sql`
    with recursive reached(from_task_id, to_task_id) as (
      select from_task_id, to_task_id from task_links
      where tenant_id = ${ctx.tenantId} and from_task_id = ${taskId} and kind = 'blocks'
      union
      select l.from_task_id, l.to_task_id from reached r
      join task_links l on l.tenant_id = ${ctx.tenantId} and l.from_task_id = r.to_task_id and l.kind = 'blocks'
    )
    select from_task_id, to_task_id from reached`);
  return res.rows.map((r) => ({ fromId: r.from_task_id, toId: r.to_task_id, kind: 'blocks' }));
}

export async function insertLink(ctx: TenantContext, fromId: string, toId: string, kind: TaskLinkKind): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into task_links (tenant_id, from_task_id, to_task_id, kind, created_by)
    values (${ctx.tenantId}, ${fromId}, ${toId}, ${kind}, ${ctx.tenantUserId})
    returning id`);
  const row = res.rows[0];
  if (!row) throw new Error('insert into task_links returned no row');
  return row.id;
}

// Deletes a link of the task (either end); the link as it was, or undefined when there is none.
export async function deleteLink(ctx: TenantContext, taskId: string, linkId: string): Promise<TaskLink | undefined> {
  const res = await ctx.db.execute<{ from_task_id: string; to_task_id: string; kind: TaskLinkKind }>(sql`
    delete from task_links where tenant_id = ${ctx.tenantId} and id = ${linkId}
      and (from_task_id = ${taskId} or to_task_id = ${taskId})
    returning from_task_id, to_task_id, kind`);
  const row = res.rows[0];
  return row && { fromId: row.from_task_id, toId: row.to_task_id, kind: row.kind };
}

export async function schedulingModeOfProject(ctx: TenantContext, projectId: string): Promise<string | null> {
  const res = await ctx.db.execute<{ scheduling_mode: string | null }>(
    sql`select scheduling_mode from projects where tenant_id = ${ctx.tenantId} and id = ${projectId}`,
  );
  return res.rows[0]?.scheduling_mode ?? null;
}

// The blocks graph downstream of a task in one statement: the live tasks it blocks, directly or
// through others, walking only into tasks whose project has scheduling mode `mode`; every blocks
// link into those tasks (from live tasks), and the dates of every task at either end, so that a
// task's other predecessors hold it where they must.
export async function downstreamGraph(
  ctx: TenantContext,
  taskId: string,
  mode: string,
): Promise<{ tasks: TaskDates[]; links: TaskLink[] }> {
  const res = await ctx.db.execute<{ tasks: TaskDates[]; links: TaskLink[] }>(sql`
    with recursive down(id) as (
      select ${taskId}::uuid
      union
      select l.to_task_id from down d
      join task_links l on l.tenant_id = ${ctx.tenantId} and l.from_task_id = d.id and l.kind = 'blocks'
      join tasks s on s.tenant_id = l.tenant_id and s.id = l.to_task_id and s.deleted_at is null
      join projects p on p.tenant_id = s.tenant_id and p.id = s.project_id and p.scheduling_mode = ${mode}
    ),
    edges as (
      select l.from_task_id, l.to_task_id from task_links l
      join tasks f on f.tenant_id = l.tenant_id and f.id = l.from_task_id and f.deleted_at is null
      where l.tenant_id = ${ctx.tenantId} and l.kind = 'blocks' and l.to_task_id in (select id from down where id <> ${taskId})
    )
    select
      coalesce((select json_agg(json_build_object('id', t.id, 'startDate', t.start_date::text, 'dueDate', t.due_date::text))
        from tasks t where t.tenant_id = ${ctx.tenantId}
          and t.id in (select id from down union select from_task_id from edges)), '[]'::json) as tasks,
      coalesce((select json_agg(json_build_object('fromId', from_task_id, 'toId', to_task_id, 'kind', 'blocks')) from edges),
        '[]'::json) as links`);
  return res.rows[0] ?? { tasks: [], links: [] };
}

// New dates for many tasks in one statement; each moved task's new version.
export async function moveTasks(ctx: TenantContext, moves: readonly TaskDates[]): Promise<{ id: string; version: number }[]> {
  const res = await ctx.db.execute<{ id: string; version: number }>(sql`
    update tasks t set start_date = u.start_date, due_date = u.due_date, version = t.version + 1,
      updated_at = now(), updated_by = ${ctx.tenantUserId}
    from unnest(${ids(moves.map((m) => m.id))}, ${sql.param(moves.map((m) => m.startDate))}::date[],
      ${sql.param(moves.map((m) => m.dueDate))}::date[]) as u(id, start_date, due_date)
    where t.tenant_id = ${ctx.tenantId} and t.id = u.id
    returning t.id, t.version`);
  return res.rows;
}

type GanttTaskRow = {
  id: string;
  number: string;
  title: string;
  project_id: string;
  start_date: string | null;
  due_date: string | null;
  workflow_stage: string | null;
  parent_task_id: string | null;
  assignee_id: string | null;
  priority: string | null;
};

const toGanttTask = (r: GanttTaskRow): GanttTask => ({
  id: r.id,
  number: r.number,
  title: r.title,
  projectId: r.project_id,
  startDate: r.start_date,
  dueDate: r.due_date,
  workflowStage: r.workflow_stage,
  parentTaskId: r.parent_task_id,
  assigneeId: r.assignee_id,
  priority: r.priority,
});

// Live, unarchived tasks of the projects `projects` names (a condition on the tasks' alias t),
// at most `limit`.
async function ganttTaskRows(ctx: TenantContext, projects: SQL, visible: SQL | undefined, limit: number): Promise<GanttTask[]> {
  const res = await ctx.db.execute<GanttTaskRow>(sql`
    select t.id, t.number, t.name as title, t.project_id, t.start_date::text as start_date, t.due_date::text as due_date,
      t.workflow_stage_id as workflow_stage, t.parent_task_id, t.assignee_id, t.priority
    from tasks t
    where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and t.archived_at is null and ${projects}${and(visible)}
    order by t.project_id, t.start_date nulls last, t.created_at, t.id
    limit ${limit}`);
  return res.rows.map(toGanttTask);
}

export async function ganttTasksOfProject(ctx: TenantContext, projectId: string, visible: SQL | undefined, limit: number) {
  return ganttTaskRows(ctx, sql`t.project_id = ${projectId}`, visible, limit);
}

// Tasks of every live, unarchived project the project rule lets through (both rules are on t).
export async function ganttTasksOfProjects(
  ctx: TenantContext,
  visible: { tasks: SQL | undefined; projects: SQL | undefined },
  limit: number,
): Promise<GanttTask[]> {
  const inProjects = sql`t.project_id in (select t.id from projects t
    where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and t.archived_at is null${and(visible.projects)})`;
  return ganttTaskRows(ctx, inProjects, visible.tasks, limit);
}

export async function ganttProjects(ctx: TenantContext, visible: SQL | undefined): Promise<{ id: string; title: string; code: string }[]> {
  const res = await ctx.db.execute<{ id: string; title: string; code: string }>(sql`
    select t.id, t.name as title, t.code from projects t
    where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and t.archived_at is null${and(visible)}
    order by lower(t.name), t.id`);
  return res.rows;
}

// The links whose two ends are both among the given tasks.
export async function linksAmong(ctx: TenantContext, taskIds: readonly string[]): Promise<GanttLink[]> {
  if (taskIds.length === 0) return [];
  const res = await ctx.db.execute<{ id: string; from_task_id: string; to_task_id: string; kind: TaskLinkKind }>(sql`
    select id, from_task_id, to_task_id, kind from task_links
    where tenant_id = ${ctx.tenantId} and from_task_id = any(${ids(taskIds)}) and to_task_id = any(${ids(taskIds)})
    order by created_at, id`);
  return res.rows.map((r) => ({ id: r.id, fromId: r.from_task_id, toId: r.to_task_id, kind: r.kind }));
}
