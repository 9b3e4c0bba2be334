import type { EntityKind } from '@atrium/domain';
import { and, asc, count as countOf, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { entityTags, tags, type TagRow } from './tags.table';
import { containsPattern, inIdList } from '../../platform/sql.util';

const tenant = (ctx: TenantContext) => eq(tags.tenantId, ctx.tenantId);

export async function list(
  ctx: TenantContext,
  q: { search?: string | undefined; ids?: string[] | undefined; limit: number; offset: number },
): Promise<{ rows: TagRow[]; total: number }> {
  const conditions: SQL[] = [tenant(ctx)];
  if (q.search) conditions.push(ilike(tags.name, containsPattern(q.search)));
  if (q.ids) conditions.push(inIdList(tags.id, q.ids));
  const where = and(...conditions);
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await ctx.db.select({ n: countOf() }).from(tags).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findByName(ctx: TenantContext, name: string): Promise<TagRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(tags)
    .where(and(tenant(ctx), eq(sql`lower(${tags.name})`, name.toLowerCase())));
  return row;
}

export async function count(ctx: TenantContext): Promise<number> {
  const [row] = await ctx.db.select({ n: countOf() }).from(tags).where(tenant(ctx));
  return row?.n ?? 0;
}

export async function insert(ctx: TenantContext, name: string, color: string): Promise<TagRow | undefined> {
  const [row] = await ctx.db.insert(tags).values({ tenantId: ctx.tenantId, name, color }).onConflictDoNothing().returning();
  return row;
}

export async function existing(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(tenant(ctx), inIdList(tags.id, [...ids])));
  return rows.map((r) => r.id);
}

export async function ofEntity(ctx: TenantContext, kind: EntityKind, entityId: string): Promise<TagRow[]> {
  return ctx.db
    .select({
      tenantId: tags.tenantId,
      id: tags.id,
      name: tags.name,
      color: tags.color,
      createdAt: tags.createdAt,
      updatedAt: tags.updatedAt,
    })
    .from(entityTags)
    .innerJoin(tags, and(eq(tags.tenantId, entityTags.tenantId), eq(tags.id, entityTags.tagId)))
    .where(and(eq(entityTags.tenantId, ctx.tenantId), eq(entityTags.entityKind, kind), eq(entityTags.entityId, entityId)))
    .orderBy(asc(sql`lower(${tags.name})`));
}

export async function replace(ctx: TenantContext, kind: EntityKind, entityId: string, tagIds: readonly string[]): Promise<void> {
  const scope = and(eq(entityTags.tenantId, ctx.tenantId), eq(entityTags.entityKind, kind), eq(entityTags.entityId, entityId));
  await ctx.db.delete(entityTags).where(
    tagIds.length
      ? and(
          scope,
          sql`${entityTags.tagId} not in (${sql.join(
            tagIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      : scope,
  );
  if (tagIds.length) {
    await ctx.db
      .insert(entityTags)
      .values(tagIds.map((tagId) => ({ tenantId: ctx.tenantId, entityKind: kind, entityId, tagId })))
      .onConflictDoNothing();
  }
}

export async function entitiesWithAnyTag(ctx: TenantContext, kind: EntityKind, tagIds: readonly string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ id: entityTags.entityId })
    .from(entityTags)
    .where(and(eq(entityTags.tenantId, ctx.tenantId), eq(entityTags.entityKind, kind), inIdList(entityTags.tagId, [...tagIds])));
  return rows.map((r) => r.id);
}

// For the entity engine's list query: "record is tagged with any of tagIds". `idColumn` is the
// entity table's id column; tenant and kind are bound so the condition never crosses tenants.
// Rows carrying any of the tags, or (match 'all') every one of them.
export function taggedWith(
  ctx: Pick<TenantContext, 'tenantId'>,
  kind: EntityKind,
  idColumn: SQL,
  tagIds: readonly string[],
  match: 'any' | 'all' = 'any',
): SQL {
  if (tagIds.length === 0) return sql`false`;
  const unique = [...new Set(tagIds)];
  const among = sql`et.tenant_id = ${ctx.tenantId} and et.entity_kind = ${kind} and et.entity_id = ${idColumn} and et.tag_id in (${sql.join(
    unique.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  if (match === 'all') return sql`(select count(*) from entity_tags et where ${among}) = ${unique.length}`;
  return sql`exists (select 1 from entity_tags et where ${among})`;
}

// The tags of each row of an entity list, as JSON, in the list's own statement.
export function rowTags(kind: EntityKind, alias: SQL): SQL {
  return sql`(select coalesce(jsonb_agg(jsonb_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name)), '[]'::jsonb)
    from entity_tags et join tags tg on tg.tenant_id = et.tenant_id and tg.id = et.tag_id
    where et.tenant_id = ${alias}.tenant_id and et.entity_kind = ${kind} and et.entity_id = ${alias}.id)`;
}
