import type { EntityKind, EntityType, EntityTypeInput } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../context';
import { definitionsChanged } from './definitions-cache';
import { containsPattern } from '../sql.util';

type Row = {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  version: number;
  records: number;
  created_at: string;
  updated_at: string;
};

const toType = (r: Row): EntityType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  color: r.color,
  version: r.version,
  records: Number(r.records),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const iso = (c: string) => sql.raw(`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// Types of one kind; `records` counts the records of each type in the kind's table.
export async function listTypes(
  ctx: TenantContext,
  kind: EntityKind,
  tableName: string,
  q: { search?: string | undefined; limit: number; offset: number; ids?: readonly string[] },
): Promise<{ data: EntityType[]; total: number }> {
  const conds = [sql`et.tenant_id = ${ctx.tenantId}`, sql`et.entity_kind = ${kind}`];
  if (q.search) conds.push(sql`et.name ilike ${containsPattern(q.search)}`);
  if (q.ids) conds.push(sql`et.id = any(${sql.param(q.ids)}::uuid[])`);
  const where = sql.join(conds, sql` and `);
  const res = await ctx.db.execute<Row & { total: number }>(sql`
    select et.id, et.name, et.description, et.color, et.version, ${iso('et.created_at')} as created_at, ${iso('et.updated_at')} as updated_at,
      (select count(*) from ${sql.identifier(tableName)} r where r.tenant_id = et.tenant_id and r.type_id = et.id) as records,
      count(*) over () as total
    from entity_types et where ${where}
    order by lower(et.name), et.id limit ${q.limit} offset ${q.offset}`);
  return { data: res.rows.map(toType), total: Number(res.rows[0]?.total ?? 0) };
}

export async function getType(ctx: TenantContext, kind: EntityKind, tableName: string, id: string): Promise<EntityType | undefined> {
  return (await listTypes(ctx, kind, tableName, { ids: [id], limit: 1, offset: 0 })).data[0];
}

export async function insertType(ctx: TenantContext, kind: EntityKind, v: EntityTypeInput): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into entity_types (tenant_id, entity_kind, name, description, color)
    values (${ctx.tenantId}, ${kind}, ${v.name}, ${v.description ?? null}, ${v.color ?? null}) returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('insert returned no row');
  return id;
}

export async function updateType(ctx: TenantContext, kind: EntityKind, id: string, v: EntityTypeInput): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    update entity_types set name = ${v.name}, description = ${v.description ?? null}, color = ${v.color ?? null},
      version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and id = ${id} returning id`);
  return res.rows.length > 0;
}

export async function deleteType(ctx: TenantContext, kind: EntityKind, id: string): Promise<void> {
  definitionsChanged(ctx);
  await ctx.db.execute(sql`delete from entity_fields where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and type_id = ${id}`);
  await ctx.db.execute(sql`delete from entity_types where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and id = ${id}`);
}

// Names of types by id (activity entries show names, not ids).
export async function typeNames(ctx: TenantContext, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await ctx.db.execute<{ id: string; name: string }>(
    sql`select id, name from entity_types where tenant_id = ${ctx.tenantId} and id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Map(res.rows.map((r) => [r.id, r.name]));
}

export async function typeExists(ctx: TenantContext, kind: EntityKind, id: string): Promise<boolean> {
  const res = await ctx.db.execute(
    sql`select 1 from entity_types where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and id = ${id}`,
  );
  return res.rows.length > 0;
}
