import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { roles, tenantUsers } from './admin.table';

export type RoleRow = typeof roles.$inferSelect;

const inTenant = (ctx: TenantContext) => eq(roles.tenantId, ctx.tenantId);

export async function list(ctx: TenantContext): Promise<RoleRow[]> {
  return ctx.db.select().from(roles).where(inTenant(ctx)).orderBy(asc(roles.name));
}

export async function byId(ctx: TenantContext, id: string): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(and(inTenant(ctx), eq(roles.id, id)));
  return row;
}

// undefined when the name is taken (the unique constraint decides)
export async function insert(ctx: TenantContext, values: { name: string; permissions: string[] }): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .insert(roles)
    .values({ tenantId: ctx.tenantId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function update(
  ctx: TenantContext,
  id: string,
  values: { name: string; permissions: string[] },
): Promise<RoleRow | undefined> {
  const [row] = await ctx.db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(ctx), eq(roles.id, id)))
    .returning();
  return row;
}

export async function holders(ctx: TenantContext, roleId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, ctx.tenantId), eq(tenantUsers.roleId, roleId)));
  return row?.n ?? 0;
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  await ctx.db.delete(roles).where(and(inTenant(ctx), eq(roles.id, id)));
}
