import type { EntityKind } from '@atrium/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import type { RegisteredEntity } from '../../platform/entity/entity-registry';
import { entityLinks, type EntityLinkRow } from './linked-entities.table';

export type LinkSide = { kind: EntityKind; id: string };
export type LinkedRecord = { id: string; kind: EntityKind; entityId: string; createdAt: Date };

// Canonical order of the two sides, as the table's check constraint requires.
export function canonical(x: LinkSide, y: LinkSide): [LinkSide, LinkSide] {
  const a = `${x.kind}\u0000${x.id}`;
  const b = `${y.kind}\u0000${y.id}`;
  return a < b ? [x, y] : [y, x];
}

export const linkedEntitiesRepository = {
  // The other side of every link that touches `side`.
  async list(
    ctx: TenantContext,
    side: LinkSide,
    otherKind: EntityKind | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: LinkedRecord[]; total: number }> {
    const base = sql`
      select id, b_kind as kind, b_id as entity_id, created_at from entity_links where tenant_id = ${ctx.tenantId} and a_kind = ${side.kind} and a_id = ${side.id}
      union all
      select id, a_kind, a_id, created_at from entity_links where tenant_id = ${ctx.tenantId} and b_kind = ${side.kind} and b_id = ${side.id}`;
    const filter = otherKind ? sql`where kind = ${otherKind}` : sql``;
    const res = await ctx.db.execute<{ id: string; kind: EntityKind; entity_id: string; created_at: Date }>(sql`
      select * from (${base}) l ${filter} order by created_at desc, id limit ${limit} offset ${offset}`);
    const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (${base}) l ${filter}`);
    return {
      rows: res.rows.map((r) => ({ id: r.id, kind: r.kind, entityId: r.entity_id, createdAt: new Date(r.created_at) })),
      total: n.rows[0]?.n ?? 0,
    };
  },

  async insert(ctx: TenantContext, x: LinkSide, y: LinkSide): Promise<EntityLinkRow> {
    const [a, b] = canonical(x, y);
    const [row] = await ctx.db
      .insert(entityLinks)
      .values({ tenantId: ctx.tenantId, aKind: a.kind, aId: a.id, bKind: b.kind, bId: b.id, createdBy: ctx.tenantUserId })
      .onConflictDoUpdate({
        target: [entityLinks.tenantId, entityLinks.aKind, entityLinks.aId, entityLinks.bKind, entityLinks.bId],
        set: { aKind: a.kind },
      })
      .returning();
    if (!row) throw new Error('link insert returned nothing');
    return row;
  },

  async get(ctx: TenantContext, id: string): Promise<EntityLinkRow | undefined> {
    const [row] = await ctx.db
      .select()
      .from(entityLinks)
      .where(and(eq(entityLinks.tenantId, ctx.tenantId), eq(entityLinks.id, id)));
    return row;
  },

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await ctx.db.delete(entityLinks).where(and(eq(entityLinks.tenantId, ctx.tenantId), eq(entityLinks.id, id)));
  },
};

// A display title for records of an engine entity: name/title when it has one, else first and
// last name, else its first search field.
function titleExpression(ent: RegisteredEntity): ReturnType<typeof sql> | undefined {
  const col = (key: string) => ent.columns[key];
  for (const key of ['name', 'title', 'subject']) {
    const c = col(key);
    if (c) return sql`${sql.identifier(c.name)}::text`;
  }
  const first = col('firstName');
  const last = col('lastName');
  if (first) return sql`trim(concat_ws(' ', ${sql.identifier(first.name)}, ${last ? sql.identifier(last.name) : sql`null`}))`;
  const search = ent.definition.searchFields[0];
  const c = search ? col(search) : undefined;
  return c ? sql`${sql.identifier(c.name)}::text` : undefined;
}

export async function recordTitles(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<Map<string, string>> {
  const expr = titleExpression(ent);
  if (!expr || ids.length === 0) return new Map();
  const res = await ctx.db.execute<{ id: string; title: string | null }>(sql`
    select id, ${expr} as title from ${sql.identifier(ent.tableName)}
    where tenant_id = ${ctx.tenantId} and id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(res.rows.map((r) => [r.id, r.title ?? '']));
}

export async function searchRecords(
  ctx: TenantContext,
  ent: RegisteredEntity,
  search: string | undefined,
  ids: readonly string[] | undefined,
  limit: number,
): Promise<{ id: string; title: string }[]> {
  const expr = titleExpression(ent);
  if (!expr) return [];
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const archived = ent.columns.archivedAt ? sql`and ${sql.identifier(ent.columns.archivedAt.name)} is null` : sql``;
  const res = await ctx.db.execute<{ id: string; title: string | null }>(sql`
    select id, ${expr} as title from ${sql.identifier(ent.tableName)}
    where tenant_id = ${ctx.tenantId} ${archived}
      ${
        ids
          ? ids.length
            ? sql`and id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql`and false`
          : sql``
      }
      ${like ? sql`and ${expr} ilike ${like}` : sql``}
    order by 2 limit ${limit}`);
  return res.rows.map((r) => ({ id: r.id, title: r.title ?? '' }));
}
