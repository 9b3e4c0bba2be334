import type { MyProjects, MyTasks } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

const MY_TASKS_SHOWN = 10;

// a task is open while its stage is neither closed, won nor lost
const OPEN_STAGE = sql`coalesce(s.stage_type, 'Open') not in ('Closed', 'Won', 'Lost')`;
const LIVE = (alias: string) => sql.raw(`${alias}.deleted_at is null and ${alias}.archived_at is null`);

export async function myOpenTasks(ctx: TenantContext): Promise<MyTasks> {
  const res = await ctx.db.execute<MyTasks['tasks'][number] & { total: number }>(sql`
    select t.id, t.number, t.name as title, t.project_id as "projectId", p.name as "projectTitle",
      t.due_date::text as "dueDate", t.priority, s.name as "stageName", s.color as "stageColor",
      count(*) over ()::int as total
    from tasks t
    join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id and ${LIVE('p')}
    left join workflow_stages s on s.tenant_id = t.tenant_id and s.id = t.workflow_stage_id
    where t.tenant_id = ${ctx.tenantId} and t.assignee_id = ${ctx.tenantUserId} and ${LIVE('t')} and ${OPEN_STAGE}
    order by t.due_date asc nulls last, t.number
    limit ${MY_TASKS_SHOWN}`);
  return { total: res.rows[0]?.total ?? 0, tasks: res.rows.map(({ total: _total, ...task }) => task) };
}

export async function myProjects(ctx: TenantContext): Promise<MyProjects> {
  const res = await ctx.db.execute<MyProjects[number]>(sql`
    with open_tasks as (
      select t.project_id, count(*)::int as open_tasks,
        count(*) filter (where t.assignee_id = ${ctx.tenantUserId})::int as my_open_tasks
      from tasks t left join workflow_stages s on s.tenant_id = t.tenant_id and s.id = t.workflow_stage_id
      where t.tenant_id = ${ctx.tenantId} and ${LIVE('t')} and ${OPEN_STAGE}
      group by t.project_id
    )
    select p.id, p.name as title, p.code, coalesce(o.open_tasks, 0) as "openTasks", coalesce(o.my_open_tasks, 0) as "myOpenTasks"
    from projects p left join open_tasks o on o.project_id = p.id
    where p.tenant_id = ${ctx.tenantId} and ${LIVE('p')} and (
      p.assignee_id = ${ctx.tenantUserId} or coalesce(o.my_open_tasks, 0) > 0 or exists (
        select 1 from collaborators c where c.tenant_id = p.tenant_id and c.entity_kind = 'Project' and c.entity_id = p.id
          and c.tenant_user_id = ${ctx.tenantUserId}))
    order by lower(p.name)
    limit 20`);
  return res.rows;
}
