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
