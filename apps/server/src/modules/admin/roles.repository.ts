import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { roles, tenantUsers } from './admin.table';

export type RoleRow = typeof roles.$inferSelect;

const inTenant = (ctx: TenantContext) => eq(roles.tenantId, ctx.tenantId);

export const rolesRepository = {
  async list(ctx: TenantContext): Promise<RoleRow[]> {
    return ctx.db.select().from(roles).where(inTenant(ctx)).orderBy(asc(roles.name));
  },

  async byId(ctx: TenantContext, id: string): Promise<RoleRow | undefined> {
    const [row] = await ctx.db
      .select()
      .from(roles)
      .where(and(inTenant(ctx), eq(roles.id, id)));
    return row;
  },

  // undefined when the name is taken (the unique constraint decides)
  async insert(ctx: TenantContext, values: { name: string; permissions: string[] }): Promise<RoleRow | undefined> {
    const [row] = await ctx.db
      .insert(roles)
      .values({ tenantId: ctx.tenantId, ...values })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async update(ctx: TenantContext, id: string, values: { name: string; permissions: string[] }): Promise<RoleRow | undefined> {
    const [row] = await ctx.db
      .update(roles)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inTenant(ctx), eq(roles.id, id)))
      .returning();
    return row;
  },

  async holders(ctx: TenantContext, roleId: string): Promise<number> {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, ctx.tenantId), eq(tenantUsers.roleId, roleId)));
    return row?.n ?? 0;
  },

  async remove(ctx: TenantContext, id: string): Promise<void> {
    await ctx.db.delete(roles).where(and(inTenant(ctx), eq(roles.id, id)));
  },
};
