import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// A project's new code re-keys its tasks (ATR-12 becomes WEB-12): one statement.
export async function rekeyTasks(ctx: TenantContext, projectId: string, from: string, to: string): Promise<void> {
  await ctx.db.execute(sql`
    update tasks set number = ${to}::text || '-' || split_part(number, '-', 2), updated_at = now()
    where tenant_id = ${ctx.tenantId} and project_id = ${projectId} and number like ${`${from}-%`}`);
}

// The project a task belongs to (a parent task must be of the same project).
export async function projectOfTask(ctx: TenantContext, taskId: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ project_id: string }>(
    sql`select project_id from tasks where tenant_id = ${ctx.tenantId} and id = ${taskId}`,
  );
  return res.rows[0]?.project_id;
}

// Whether the caller leads, owns or is a member of the project (a task may go there without
// Project.CreateTasksAcrossProjects).
export async function isPartOfProject(ctx: TenantContext, projectId: string): Promise<boolean> {
  const res = await ctx.db.execute<{ part: boolean }>(sql`
    select exists (
      select 1 from projects p where p.tenant_id = ${ctx.tenantId} and p.id = ${projectId}
        and (p.assignee_id = ${ctx.tenantUserId} or p.owner_id = ${ctx.tenantUserId} or p.created_by = ${ctx.tenantUserId})
    ) or exists (
      select 1 from project_members m where m.tenant_id = ${ctx.tenantId} and m.project_id = ${projectId} and m.tenant_user_id = ${ctx.tenantUserId}
    ) as part`);
  return res.rows[0]?.part === true;
}
