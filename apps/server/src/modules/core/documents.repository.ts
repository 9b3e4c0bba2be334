import type { EntityKind } from '@atrium/domain';
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import { documents, type DocumentRow } from './documents.table';
import { containsPattern, inIdList } from '../../platform/sql.util';

export type DocumentInsert = Omit<
  typeof documents.$inferInsert,
  'tenantId' | 'createdBy' | 'createdByName' | 'createdByEmail' | 'createdAt' | 'updatedAt'
>;
export type DocumentListFilter = {
  kind: EntityKind;
  entityId: string;
  parentId: string | null;
  type?: DocumentRow['type'] | undefined;
  search?: string | undefined;
};

const tenant = (ctx: TenantContext) => eq(documents.tenantId, ctx.tenantId);
const inFolder = (parentId: string | null) => (parentId ? eq(documents.parentId, parentId) : isNull(documents.parentId));

export async function list(
  ctx: TenantContext,
  f: DocumentListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const conditions: SQL[] = [tenant(ctx), eq(documents.entityKind, f.kind), eq(documents.entityId, f.entityId)];
  // a search looks through every folder of the record; otherwise one folder is listed
  if (f.search) conditions.push(ilike(documents.name, containsPattern(f.search)));
  else conditions.push(inFolder(f.parentId));
  if (f.type) conditions.push(eq(documents.type, f.type));
  const where = and(...conditions);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(where)
    // folders first, then by name
    .orderBy(sql`(${documents.type} = 'Folder') desc`, asc(sql`lower(${documents.name})`), asc(documents.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(documents).where(where);
  return { rows, total: total?.n ?? 0 };
}

// The images among a record's documents, any folder (the images its rich text names).
export async function imagesOf(
  scope: TenantScope,
  kind: EntityKind,
  entityId: string,
): Promise<Pick<DocumentRow, 'id' | 'name' | 'blobKey' | 'contentType'>[]> {
  return scope.db
    .select({ id: documents.id, name: documents.name, blobKey: documents.blobKey, contentType: documents.contentType })
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, scope.tenantId),
        eq(documents.entityKind, kind),
        eq(documents.entityId, entityId),
        eq(documents.type, 'Image'),
      ),
    );
}

export async function get(ctx: TenantContext, id: string): Promise<DocumentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(tenant(ctx), eq(documents.id, id)));
  return row;
}

export async function getMany(ctx: TenantContext, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(documents)
    .where(and(tenant(ctx), inIdList(documents.id, [...ids])))
    .for('update');
}

// Every row in the subtrees under `ids`, the roots included.
export async function subtree(ctx: TenantContext, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const res = await ctx.db.execute<{ id: string }>(sql`
    with recursive tree as (
      select id from documents where tenant_id = ${ctx.tenantId} and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union
      select d.id from documents d join tree t on d.parent_id = t.id where d.tenant_id = ${ctx.tenantId}
    ) select id from tree`);
  const all = res.rows.map((r) => r.id);
  return all.length === 0
    ? []
    : ctx.db
        .select()
        .from(documents)
        .where(and(tenant(ctx), inIdList(documents.id, all)));
}

// The folder chain from the root down to `id`.
export async function ancestors(ctx: TenantContext, id: string): Promise<{ id: string; name: string }[]> {
  const res = await ctx.db.execute<{ id: string; name: string; depth: number }>(sql`
    with recursive chain as (
      select id, name, parent_id, 0 as depth from documents where tenant_id = ${ctx.tenantId} and id = ${id}
      union all
      select d.id, d.name, d.parent_id, c.depth + 1 from documents d join chain c on d.id = c.parent_id
      where d.tenant_id = ${ctx.tenantId} and c.depth < 100
    ) select id, name, depth from chain order by depth desc`);
  return res.rows.map((r) => ({ id: r.id, name: r.name }));
}

export async function namesIn(
  ctx: TenantContext,
  kind: EntityKind,
  entityId: string,
  parentId: string | null,
): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(and(tenant(ctx), eq(documents.entityKind, kind), eq(documents.entityId, entityId), inFolder(parentId)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function insert(ctx: TenantContext, values: readonly DocumentInsert[]): Promise<DocumentRow[]> {
  if (values.length === 0) return [];
  return ctx.db
    .insert(documents)
    .values(
      values.map((v) => ({
        ...v,
        tenantId: ctx.tenantId,
        createdBy: ctx.tenantUserId,
        createdByName: ctx.user.name,
        createdByEmail: ctx.user.email,
      })),
    )
    .returning();
}

export async function update(
  ctx: TenantContext,
  id: string,
  values: Partial<Pick<DocumentRow, 'name' | 'description' | 'linkUrl' | 'parentId'>>,
): Promise<DocumentRow | undefined> {
  const [row] = await ctx.db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(tenant(ctx), eq(documents.id, id)))
    .returning();
  return row;
}

export async function deleteMany(ctx: TenantContext, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await ctx.db
    .delete(documents)
    .where(and(tenant(ctx), inIdList(documents.id, [...ids])))
    .returning({ id: documents.id });
  return rows.length;
}
