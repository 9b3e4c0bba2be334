import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../context';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import type { CompiledListQuery } from './list-query';

const HIDDEN_COLUMNS = new Set(['tenantId', 'searchText', 'createdBy', 'updatedBy']);

// Cached per entity: the select list with every column aliased to its field name.
const selectLists = new WeakMap<RegisteredEntity, SQL>();

function selectList(ent: RegisteredEntity): SQL {
  let list = selectLists.get(ent);
  if (!list) {
    const parts = Object.entries(ent.columns)
      .filter(([key]) => !HIDDEN_COLUMNS.has(key))
      .map(([key, col]) => sql`${isTimestamp(col) ? isoText(col.name) : sql.identifier(col.name)} as ${sql.identifier(key)}`);
    list = sql.join(parts, sql`, `);
    selectLists.set(ent, list);
  }
  return list;
}

const isTimestamp = (col: PgColumn) => col.columnType === 'PgTimestamp' || col.columnType === 'PgTimestampString';
// ISO 8601 in UTC, as every API date is
export const isoText = (column: string): SQL => sql`to_char(${sql.identifier(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const table = (ent: RegisteredEntity) => sql.identifier(ent.tableName);

function toRow(raw: Record<string, unknown>): EntityRow {
  const row: EntityRow = {};
  for (const [k, v] of Object.entries(raw)) row[k] = v;
  row.archived = row.archivedAt !== null && row.archivedAt !== undefined;
  return row;
}

function param(col: PgColumn, value: unknown): SQL {
  if (value === undefined || value === null) return sql`null`;
  if (col.columnType === 'PgJsonb' || col.columnType === 'PgJson') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}`;
}

export async function findById(ctx: TenantContext, ent: RegisteredEntity, id: string, forUpdate = false): Promise<EntityRow | undefined> {
  const res = await ctx.db.execute<Record<string, unknown>>(sql`${byIdSql(ent, ctx.tenantId, id)} ${forUpdate ? sql`for update` : sql``}`);
  const raw = res.rows[0];
  return raw ? toRow(raw) : undefined;
}

// The list statements, exported so that the benchmark can issue exactly the same SQL.
export const listSql = (ent: RegisteredEntity, q: CompiledListQuery): SQL =>
  q.selective
    ? sql`select ${selectList(ent)}, count(*) over () as "__total" from ${table(ent)} where ${q.where} order by ${q.orderBy} limit ${q.limit} offset ${q.offset}`
    : sql`select ${selectList(ent)} from ${table(ent)} where ${q.where} order by ${q.orderBy} limit ${q.limit} offset ${q.offset}`;
export const countSql = (ent: RegisteredEntity, q: CompiledListQuery): SQL =>
  sql`select count(*)::int as n from ${table(ent)} where ${q.where}`;
export const byIdSql = (ent: RegisteredEntity, tenantId: string, id: string): SQL =>
  sql`select ${selectList(ent)} from ${table(ent)} where tenant_id = ${tenantId} and id = ${id}`;

// A page and, when the statement carried it, the total of all matches.
export async function listRows(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: CompiledListQuery,
): Promise<{ rows: EntityRow[]; total: number | undefined }> {
  const res = await ctx.db.execute<Record<string, unknown>>(listSql(ent, q));
  const first = res.rows[0];
  const total = first && '__total' in first ? Number(first.__total) : undefined;
  return {
    rows: res.rows.map((raw) => {
      const { __total: _t, ...rest } = raw;
      return toRow(rest);
    }),
    total,
  };
}

export async function countRows(ctx: TenantContext, ent: RegisteredEntity, q: CompiledListQuery): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(countSql(ent, q));
  return res.rows[0]?.n ?? 0;
}

// `values` holds writable fields plus customFields, keyed by field name.
export async function insertRow(ctx: TenantContext, ent: RegisteredEntity, values: EntityRow): Promise<EntityRow> {
  const cols: SQL[] = [sql`tenant_id`, sql`created_by`, sql`updated_by`];
  const vals: SQL[] = [sql`${ctx.tenantId}`, sql`${ctx.tenantUserId}`, sql`${ctx.tenantUserId}`];
  for (const [key, value] of Object.entries(values)) {
    const col = ent.columns[key];
    if (!col || value === undefined) continue;
    cols.push(sql`${sql.identifier(col.name)}`);
    vals.push(param(col, value));
  }
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    insert into ${table(ent)} (${sql.join(cols, sql`, `)}) values (${sql.join(vals, sql`, `)})
    returning ${selectList(ent)}`);
  const raw = res.rows[0];
  if (!raw) throw new Error('insert returned no row');
  return toRow(raw);
}

export async function updateRow(ctx: TenantContext, ent: RegisteredEntity, id: string, values: EntityRow): Promise<EntityRow | undefined> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${ctx.tenantUserId}`];
  for (const [key, value] of Object.entries(values)) {
    const col = ent.columns[key];
    if (!col) continue;
    sets.push(sql`${sql.identifier(col.name)} = ${param(col, value)}`);
  }
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    update ${table(ent)} set ${sql.join(sets, sql`, `)} where tenant_id = ${ctx.tenantId} and id = ${id}
    returning ${selectList(ent)}`);
  const raw = res.rows[0];
  return raw ? toRow(raw) : undefined;
}

export async function deleteRow(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`delete from ${table(ent)} where tenant_id = ${ctx.tenantId} and id = ${id} returning id`);
  return res.rows.length > 0;
}

// Archives (or restores) the listed rows that are not already in that state; returns them.
export async function setArchived(
  ctx: TenantContext,
  ent: RegisteredEntity,
  ids: readonly string[],
  archived: boolean,
): Promise<{ id: string }[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    update ${table(ent)}
    set archived_at = ${archived ? sql`now()` : sql`null`}, version = version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where tenant_id = ${ctx.tenantId} and id = any(${sql.param(ids)}::uuid[]) and archived_at is ${archived ? sql`null` : sql`not null`}
    returning id`);
  return res.rows;
}

export async function existingIds(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<Set<string>> {
  const res = await ctx.db.execute<{ id: string }>(
    sql`select id from ${table(ent)} where tenant_id = ${ctx.tenantId} and id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Set(res.rows.map((r) => r.id));
}
