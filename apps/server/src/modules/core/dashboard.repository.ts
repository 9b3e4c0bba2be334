import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

export async function widgets(ctx: TenantContext): Promise<string[] | undefined> {
  const res = await ctx.db.execute<{ widgets: string[] }>(
    sql`select widgets from dashboard_layouts where tenant_id = ${ctx.tenantId} and tenant_user_id = ${ctx.tenantUserId}`,
  );
  return res.rows[0]?.widgets;
}

export async function save(ctx: TenantContext, widgets: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`
    insert into dashboard_layouts (tenant_id, tenant_user_id, widgets)
    values (${ctx.tenantId}, ${ctx.tenantUserId}, ${sql.param([...widgets])}::text[])
    on conflict (tenant_id, tenant_user_id) do update set widgets = excluded.widgets, updated_at = now()`);
}
