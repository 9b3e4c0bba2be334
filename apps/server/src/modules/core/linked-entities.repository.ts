import type { EntityKind } from '@atrium/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { entityLinks, type EntityLinkRow } from './linked-entities.table';

export type LinkSide = { kind: EntityKind; id: string };
export type LinkedRecord = { id: string; kind: EntityKind; entityId: string; createdAt: Date };

// Canonical order of the two sides, as the table's check constraint requires.
export function canonical(x: LinkSide, y: LinkSide): [LinkSide, LinkSide] {
  const a = `${x.kind}\u0000${x.id}`;
  const b = `${y.kind}\u0000${y.id}`;
  return a < b ? [x, y] : [y, x];
}

// The other side of every link that touches `side`.
export async function list(
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
}

// The link between two records; `created` tells whether this call made it.
export async function insert(ctx: TenantContext, x: LinkSide, y: LinkSide): Promise<{ row: EntityLinkRow; created: boolean }> {
  const [a, b] = canonical(x, y);
  const [row] = await ctx.db
    .insert(entityLinks)
    .values({ tenantId: ctx.tenantId, aKind: a.kind, aId: a.id, bKind: b.kind, bId: b.id, createdBy: ctx.tenantUserId })
    .onConflictDoNothing()
    .returning();
  if (row) return { row, created: true };
  const [existing] = await ctx.db
    .select()
    .from(entityLinks)
    .where(
      and(
        eq(entityLinks.tenantId, ctx.tenantId),
        eq(entityLinks.aKind, a.kind),
        eq(entityLinks.aId, a.id),
        eq(entityLinks.bKind, b.kind),
        eq(entityLinks.bId, b.id),
      ),
    );
  if (!existing) throw new Error('link insert returned nothing');
  return { row: existing, created: false };
}

export async function get(ctx: TenantContext, id: string): Promise<EntityLinkRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(entityLinks)
    .where(and(eq(entityLinks.tenantId, ctx.tenantId), eq(entityLinks.id, id)));
  return row;
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  await ctx.db.delete(entityLinks).where(and(eq(entityLinks.tenantId, ctx.tenantId), eq(entityLinks.id, id)));
}
