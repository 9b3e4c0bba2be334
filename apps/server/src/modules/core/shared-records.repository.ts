import type { EntityKind } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// Everything the shared tables hold about some records, removed when the records are deleted.
// Returns the blob keys of their documents, for the blob store.
export async function deleteForRecords(ctx: TenantContext, kind: EntityKind, ids: readonly string[]): Promise<string[]> {
  const list = sql`${sql.param(ids)}::uuid[]`;
  const own = sql`tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and entity_id = any(${list})`;
  await ctx.db.execute(sql`delete from notes where ${own}`);
  await ctx.db.execute(sql`delete from entity_tags where ${own}`);
  await ctx.db.execute(sql`delete from collaborators where ${own}`);
  await ctx.db.execute(sql`
    delete from entity_links where tenant_id = ${ctx.tenantId}
      and ((a_kind = ${kind} and a_id = any(${list})) or (b_kind = ${kind} and b_id = any(${list})))`);
  const docs = await ctx.db.execute<{ blob_key: string | null; thumb_blob_key: string | null }>(
    sql`delete from documents where ${own} returning blob_key, thumb_blob_key`,
  );
  return [...new Set(docs.rows.flatMap((r) => [r.blob_key, r.thumb_blob_key]).filter((k): k is string => !!k))];
}
