import type { GlobalLookup, GlobalLookupEntity } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { containsPattern, inTextList } from '../../platform/sql.util';

type Row = { id: string; entity: GlobalLookupEntity; name: string; is_default: boolean; version: number };
const toLookup = (r: Row): GlobalLookup => ({ id: r.id, entity: r.entity, name: r.name, isDefault: r.is_default, version: r.version });

export async function selectByEntity(ctx: TenantContext, entity: GlobalLookupEntity): Promise<GlobalLookup[]> {
  const res = await ctx.db.execute<Row>(sql`
    select id, entity, name, is_default, version from global_lookups
    where tenant_id = ${ctx.tenantId} and entity = ${entity} order by is_default desc, lower(name)`);
  return res.rows.map(toLookup);
}

export async function selectPage(
  ctx: TenantContext,
  q: { entities?: readonly GlobalLookupEntity[]; search?: string; limit: number; offset: number },
): Promise<{ data: GlobalLookup[]; total: number }> {
  const conds: SQL[] = [sql`tenant_id = ${ctx.tenantId}`];
  if (q.entities && q.entities.length > 0) conds.push(inTextList(sql`entity`, q.entities));
  if (q.search) conds.push(sql`name ilike ${containsPattern(q.search)}`);
  const where = sql.join(conds, sql` and `);
  const rows = await ctx.db.execute<Row>(sql`
    select id, entity, name, is_default, version from global_lookups where ${where}
    order by entity, is_default desc, lower(name), id limit ${q.limit} offset ${q.offset}`);
  const total = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from global_lookups where ${where}`);
  return { data: rows.rows.map(toLookup), total: total.rows[0]?.n ?? 0 };
}

export async function insertLookup(
  ctx: TenantContext,
  v: { entity: GlobalLookupEntity; name: string; isDefault: boolean },
): Promise<GlobalLookup> {
  const res = await ctx.db.execute<Row>(sql`
    insert into global_lookups (tenant_id, entity, name, is_default) values (${ctx.tenantId}, ${v.entity}, ${v.name}, ${v.isDefault})
    returning id, entity, name, is_default, version`);
  const row = res.rows[0];
  if (!row) throw new Error('insert returned no row');
  return toLookup(row);
}

export async function updateLookup(
  ctx: TenantContext,
  entity: GlobalLookupEntity,
  v: { id: string; name: string; isDefault: boolean },
): Promise<GlobalLookup | undefined> {
  const res = await ctx.db.execute<Row>(sql`
    update global_lookups set name = ${v.name}, is_default = ${v.isDefault}, version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and entity = ${entity} and id = ${v.id}
    returning id, entity, name, is_default, version`);
  const row = res.rows[0];
  return row ? toLookup(row) : undefined;
}

// One default per entity: the label a new contact detail starts with.
export async function clearDefault(ctx: TenantContext, entity: GlobalLookupEntity, except: string | null): Promise<void> {
  await ctx.db.execute(sql`
    update global_lookups set is_default = false, updated_at = now()
    where tenant_id = ${ctx.tenantId} and entity = ${entity} and is_default ${except ? sql`and id <> ${except}` : sql``}`);
}

export async function deleteLookup(ctx: TenantContext, entity: GlobalLookupEntity, id: string): Promise<boolean> {
  const res = await ctx.db.execute(
    sql`delete from global_lookups where tenant_id = ${ctx.tenantId} and entity = ${entity} and id = ${id} returning id`,
  );
  return res.rows.length > 0;
}
