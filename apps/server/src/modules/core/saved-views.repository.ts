import type { SavedViewKey } from '@atrium/domain';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { savedViews, type SavedViewRow } from './saved-views.table';

export type SavedViewValues = Pick<
  SavedViewRow,
  'name' | 'isDefault' | 'search' | 'filters' | 'sort' | 'columns' | 'pageSize' | 'columnWidths' | 'shared'
>;
export type ListedView = SavedViewRow & { ownerName: string | null };

// Writes are scoped to the caller's own views; reads add the views others share.
const mine = (ctx: TenantContext) => and(eq(savedViews.tenantId, ctx.tenantId), eq(savedViews.tenantUserId, ctx.tenantUserId));

export async function list(ctx: TenantContext, listKey: SavedViewKey): Promise<ListedView[]> {
  const rows = await ctx.db
    .select({
      view: savedViews,
      ownerName: sql<
        string | null
      >`(select coalesce(nullif(u.name, ''), tu.email) from tenant_users tu left join users u on u.id = tu.user_id
        where tu.tenant_id = ${savedViews.tenantId} and tu.id = ${savedViews.tenantUserId})`,
    })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.tenantId, ctx.tenantId),
        eq(savedViews.listKey, listKey),
        or(eq(savedViews.tenantUserId, ctx.tenantUserId), eq(savedViews.shared, true)),
      ),
    )
    .orderBy(asc(savedViews.name));
  return rows.map((r) => ({ ...r.view, ownerName: r.ownerName }));
}

export async function get(ctx: TenantContext, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(savedViews)
    .where(and(mine(ctx), eq(savedViews.id, id)));
  return row;
}

export async function insert(ctx: TenantContext, listKey: SavedViewKey, values: SavedViewValues): Promise<SavedViewRow | undefined> {
  const [row] = await ctx.db
    .insert(savedViews)
    .values({ tenantId: ctx.tenantId, tenantUserId: ctx.tenantUserId, listKey, ...values })
    .onConflictDoNothing({ target: [savedViews.tenantId, savedViews.tenantUserId, savedViews.listKey, savedViews.name] })
    .returning();
  return row;
}

export async function update(ctx: TenantContext, id: string, values: SavedViewValues): Promise<SavedViewRow | undefined> {
  const [row] = await ctx.db
    .update(savedViews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(mine(ctx), eq(savedViews.id, id)))
    .returning();
  return row;
}

export async function clearDefault(ctx: TenantContext, listKey: string, exceptId?: string): Promise<void> {
  await ctx.db
    .update(savedViews)
    .set({ isDefault: false })
    .where(
      and(mine(ctx), eq(savedViews.listKey, listKey), eq(savedViews.isDefault, true), ...(exceptId ? [ne(savedViews.id, exceptId)] : [])),
    );
}

export async function nameTaken(ctx: TenantContext, listKey: string, name: string, exceptId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(mine(ctx), eq(savedViews.listKey, listKey), eq(savedViews.name, name), ne(savedViews.id, exceptId)));
  return rows.length > 0;
}

export async function remove(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(savedViews)
    .where(and(mine(ctx), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
