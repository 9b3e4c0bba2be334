import type { ChecklistItem } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

const COLUMNS = sql`id, task_id as "taskId", title, done, sort_order as "sortOrder"`;
// fractional keys compare bytewise, whatever the database's collation
const ORDER = sql`sort_order collate "C", created_at`;

export async function itemsOf(ctx: TenantContext, taskId: string, forUpdate = false): Promise<ChecklistItem[]> {
  const res = await ctx.db.execute<ChecklistItem>(sql`
    select ${COLUMNS} from task_checklist_items where tenant_id = ${ctx.tenantId} and task_id = ${taskId}
    order by ${ORDER} ${forUpdate ? sql`for update` : sql``}`);
  return res.rows;
}

export async function insertItem(ctx: TenantContext, taskId: string, title: string, sortOrder: string): Promise<ChecklistItem> {
  const res = await ctx.db.execute<ChecklistItem>(sql`
    insert into task_checklist_items (tenant_id, task_id, title, sort_order)
    values (${ctx.tenantId}, ${taskId}, ${title}, ${sortOrder}) returning ${COLUMNS}`);
  const row = res.rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateItem(
  ctx: TenantContext,
  taskId: string,
  id: string,
  change: { title?: string | undefined; done?: boolean | undefined; sortOrder?: string | undefined },
): Promise<ChecklistItem | undefined> {
  const res = await ctx.db.execute<ChecklistItem>(sql`
    update task_checklist_items set
      title = coalesce(${change.title ?? null}, title),
      done = coalesce(${change.done ?? null}::boolean, done),
      sort_order = coalesce(${change.sortOrder ?? null}, sort_order),
      updated_at = now()
    where tenant_id = ${ctx.tenantId} and task_id = ${taskId} and id = ${id} returning ${COLUMNS}`);
  return res.rows[0];
}

export async function deleteItem(ctx: TenantContext, taskId: string, id: string): Promise<boolean> {
  const res = await ctx.db.execute(
    sql`delete from task_checklist_items where tenant_id = ${ctx.tenantId} and task_id = ${taskId} and id = ${id} returning id`,
  );
  return res.rows.length > 0;
}
