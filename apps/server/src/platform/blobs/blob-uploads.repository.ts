import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../context';
import { inIdList } from '../sql.util';
import { blobUploads } from './blob-uploads.table';

export type BlobUploadRow = typeof blobUploads.$inferSelect;

export async function insertSlot(
  ctx: TenantContext,
  slot: { id: string; size: number; contentType: string; expiresAt: Date },
): Promise<void> {
  await ctx.db.insert(blobUploads).values({ tenantId: ctx.tenantId, ...slot, createdBy: ctx.tenantUserId });
}

// Sets the tenant of the caller's transaction (the signed PUT comes with no session).
export async function setTenant(ctx: TenantScope): Promise<void> {
  await ctx.db.execute(sql`select set_config('app.tenant_id', ${ctx.tenantId}, true)`);
}

// Marks a live, unused slot used; false when there is none.
export async function markUsed(ctx: TenantScope, id: string): Promise<boolean> {
  const used = await ctx.db
    .update(blobUploads)
    .set({ uploadedAt: new Date() })
    .where(
      and(
        eq(blobUploads.tenantId, ctx.tenantId),
        eq(blobUploads.id, id),
        isNull(blobUploads.uploadedAt),
        gt(blobUploads.expiresAt, new Date()),
      ),
    )
    .returning({ id: blobUploads.id });
  return used.length > 0;
}

export async function deleteSlots(ctx: TenantScope, ids: readonly string[]): Promise<BlobUploadRow[]> {
  return ctx.db
    .delete(blobUploads)
    .where(and(eq(blobUploads.tenantId, ctx.tenantId), inIdList(blobUploads.id, ids)))
    .returning();
}
