import type { SavedViewKey } from '@atrium/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { savedViews, type SavedViewRow } from './saved-views.table';

export type SavedViewValues = Pick<SavedViewRow, 'name' | 'isDefault' | 'search' | 'filters' | 'sort' | 'columns' | 'pageSize'>;

// Every query is scoped to the caller: views are personal, never shared across users.
const mine = (ctx: TenantContext) => and(eq(savedViews.tenantId, ctx.tenantId), eq(savedViews.tenantUserId, ctx.tenantUserId));

export const savedViewsRepository = {
  list(ctx: TenantContext, listKey: SavedViewKey): Promise<SavedViewRow[]> {
    return ctx.db
      .select()
      .from(savedViews)
      .where(and(mine(ctx), eq(savedViews.listKey, listKey)))
      .orderBy(asc(savedViews.name));
  },

  async get(ctx: TenantContext, id: string): Promise<SavedViewRow | undefined> {
    const [row] = await ctx.db
      .select()
      .from(savedViews)
      .where(and(mine(ctx), eq(savedViews.id, id)));
    return row;
  },

  async insert(ctx: TenantContext, listKey: SavedViewKey, values: SavedViewValues): Promise<SavedViewRow | undefined> {
    const [row] = await ctx.db
      .insert(savedViews)
      .values({ tenantId: ctx.tenantId, tenantUserId: ctx.tenantUserId, listKey, ...values })
      .onConflictDoNothing({ target: [savedViews.tenantId, savedViews.tenantUserId, savedViews.listKey, savedViews.name] })
      .returning();
    return row;
  },

  async update(ctx: TenantContext, id: string, values: SavedViewValues): Promise<SavedViewRow | undefined> {
    const [row] = await ctx.db
      .update(savedViews)
      .set({ ...values, updatedAt: new Date() })
      .where(and(mine(ctx), eq(savedViews.id, id)))
      .returning();
    return row;
  },

  async clearDefault(ctx: TenantContext, listKey: string, exceptId?: string): Promise<void> {
    await ctx.db
      .update(savedViews)
      .set({ isDefault: false })
      .where(
        and(mine(ctx), eq(savedViews.listKey, listKey), eq(savedViews.isDefault, true), ...(exceptId ? [ne(savedViews.id, exceptId)] : [])),
      );
  },

  async nameTaken(ctx: TenantContext, listKey: string, name: string, exceptId: string): Promise<boolean> {
    const rows = await ctx.db
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(mine(ctx), eq(savedViews.listKey, listKey), eq(savedViews.name, name), ne(savedViews.id, exceptId)));
    return rows.length > 0;
  },

  async delete(ctx: TenantContext, id: string): Promise<boolean> {
    const rows = await ctx.db
      .delete(savedViews)
      .where(and(mine(ctx), eq(savedViews.id, id)))
      .returning({ id: savedViews.id });
    return rows.length > 0;
  },
};
