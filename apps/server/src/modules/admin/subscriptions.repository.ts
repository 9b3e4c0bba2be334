import { asc, eq } from 'drizzle-orm';
import type { ModuleKind } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { subscriptions } from './admin.table';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function list(ctx: TenantContext): Promise<SubscriptionRow[]> {
  return ctx.db.select().from(subscriptions).where(eq(subscriptions.tenantId, ctx.tenantId)).orderBy(asc(subscriptions.productType));
}

export async function upsert(ctx: TenantContext, productType: ModuleKind, planSlug: string): Promise<SubscriptionRow> {
  const [row] = await ctx.db
    .insert(subscriptions)
    .values({ tenantId: ctx.tenantId, productType, planSlug })
    .onConflictDoUpdate({
      target: [subscriptions.tenantId, subscriptions.productType],
      set: { planSlug, startedAt: new Date(), updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('subscription upsert returned nothing');
  return row;
}
