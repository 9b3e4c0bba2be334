import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EntityFeature } from '@atrium/domain';
import type { TenantContext } from '../context';
import { executePrepared } from '../tenant-statements';
import type { EntityRow, RegisteredEntity, RegisteredRelation } from './entity-registry';
import { containsPattern } from '../sql.util';
import {
  column,
  entityLinkTarget,
  isoText,
  ruleSql,
  selectList,
  T,
  tableOf,
  titleSql,
  USER_LINK_TARGET,
  visibleSql,
  type LinkTarget,
} from './entity-sql';
import type { CompiledListQuery } from './list-query';

// A row as the driver made it (a fresh object per row, used nowhere else), with `archived`: no
// copy, which for a kind's ~50 columns was one array per column on every read (issue 28).
function toRow(raw: Record<string, unknown>): EntityRow {
  const row = raw as EntityRow;
  row.archived = row.archivedAt !== null && row.archivedAt !== undefined;
  return row;
}

// A null is a parameter too: a kind's insert and update then have one text whatever is empty,
// and run as prepared statements.
function param(col: PgColumn, value: unknown): SQL {
  if (value === undefined || value === null) return sql`${null}`;
  if (col.columnType === 'PgJsonb' || col.columnType === 'PgJson') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}`;
}

const ids = (list: readonly string[]) => sql`${sql.param(list)}::uuid[]`;

// The statements, exported so that the benchmark can issue exactly the same SQL.
export const byIdSql = (ent: RegisteredEntity, ctx: TenantContext, id: string): SQL =>
  sql`select ${selectList(ent)} from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = ${id} and ${visibleSql(ctx, ent)}`;
// Up to this many matches, a narrowed list takes its page and total from the matches alone.
export const FEW_MATCHES = 5_000;

// The page from the matches (capped at FEW_MATCHES + 1, read in whatever order is cheapest) with
// their count, the served columns built for the page's rows alone; or from an ordered walk.
export const listSql = (ent: RegisteredEntity, q: CompiledListQuery, from: 'matches' | 'walk' = q.narrowed ? 'matches' : 'walk'): SQL =>
  from === 'matches'
    ? sql`select ${selectList(ent)}, p."__total"
      from (select ${T}.tenant_id, ${T}.id, count(*) over () as "__total"
        from (select * from ${tableOf(ent)} ${T} where ${q.where} limit ${FEW_MATCHES + 1}) ${T} ${q.joins}
        order by ${q.orderBy} limit ${q.limit} offset ${q.offset}) p
      join ${tableOf(ent)} ${T} on ${T}.tenant_id = p.tenant_id and ${T}.id = p.id ${q.joins}
      order by ${q.orderBy}`
    : sql`select ${selectList(ent)} from ${tableOf(ent)} ${T} ${q.joins} where ${q.where} order by ${q.orderBy} limit ${q.limit} offset ${q.offset}`;
export const countSql = (ent: RegisteredEntity, q: CompiledListQuery): SQL =>
  sql`select count(*)::int as n from ${tableOf(ent)} ${T} where ${q.where}`;

export async function findById(ctx: TenantContext, ent: RegisteredEntity, id: string, forUpdate = false): Promise<EntityRow | undefined> {
  // one text per kind (and row-visibility rule): prepared once per connection
  const rows = await executePrepared<Record<string, unknown>>(
    ctx.db,
    sql`${byIdSql(ent, ctx, id)} ${forUpdate ? sql`for update of t` : sql``}`,
  );
  const raw = rows[0];
  return raw ? toRow(raw) : undefined;
}

// Runs one statement; the service's is the tenant's connection, a benchmark's its own client.
export type RunStatement = (statement: SQL) => Promise<Record<string, unknown>[]>;

// One list call's statements, in order (list-query.ts tells which, by the query's kind), shared
// with the benchmarks so that they time exactly what the API runs: the page's rows and the total
// of all matches.
export async function listStatements(
  ent: RegisteredEntity,
  q: CompiledListQuery,
  run: RunStatement,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const count = async () => Number((await run(countSql(ent, q)))[0]?.n ?? 0);
  if (q.narrowed) {
    const rows = await run(listSql(ent, q, 'matches'));
    const seen = rows[0] ? Number(rows[0].__total) : undefined;
    if (seen !== undefined && seen <= FEW_MATCHES) return { rows, total: seen };
    if (seen === undefined && q.offset === 0) return { rows, total: 0 };
    // many matches, or a page past the first FEW_MATCHES: all counted, the page from a walk
    const total = await count();
    return { rows: q.offset >= total ? [] : await run(listSql(ent, q, 'walk')), total };
  }
  const rows = await run(listSql(ent, q, 'walk'));
  // a first page shorter than the page size is the whole result: no count needed
  return { rows, total: q.offset === 0 && rows.length < q.limit ? rows.length : await count() };
}

// A page of rows and the total of all matches.
export async function listRows(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: CompiledListQuery,
): Promise<{ rows: EntityRow[]; total: number }> {
  const { rows, total } = await listStatements(
    ent,
    q,
    async (statement) => (await ctx.db.execute<Record<string, unknown>>(statement)).rows,
  );
  return {
    rows: rows.map((raw) => {
      const { __total: _t, ...rest } = raw;
      return toRow(rest);
    }),
    total,
  };
}

// `upTo`: counting stops there (enough to tell "more than N" without reading every row)
export async function countRows(ctx: TenantContext, ent: RegisteredEntity, q: CompiledListQuery, upTo?: number): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    upTo === undefined
      ? countSql(ent, q)
      : sql`select count(*)::int as n from (select 1 from ${tableOf(ent)} ${T} where ${q.where} limit ${upTo}) x`,
  );
  return res.rows[0]?.n ?? 0;
}

// `values` holds writable fields plus customFields (and number), keyed by field name.
export async function insertRow(ctx: TenantContext, ent: RegisteredEntity, values: EntityRow): Promise<EntityRow> {
  const cols: SQL[] = [sql`tenant_id`, sql`created_by`, sql`updated_by`];
  const vals: SQL[] = [sql`${ctx.tenantId}`, sql`${ctx.tenantUserId}`, sql`${ctx.tenantUserId}`];
  for (const [key, value] of Object.entries(values)) {
    const col = ent.columns[key];
    if (!col || value === undefined) continue;
    cols.push(sql`${sql.identifier(col.name)}`);
    vals.push(param(col, value));
  }
  const [raw] = await executePrepared<Record<string, unknown>>(
    ctx.db,
    sql`
    insert into ${tableOf(ent)} as ${T} (${sql.join(cols, sql`, `)}) values (${sql.join(vals, sql`, `)})
    returning ${selectList(ent)}`,
  );
  if (!raw) throw new Error('insert returned no row');
  return toRow(raw);
}

export async function updateRow(ctx: TenantContext, ent: RegisteredEntity, id: string, values: EntityRow): Promise<EntityRow | undefined> {
  const sets: SQL[] = [sql`version = ${T}.version + 1`, sql`updated_at = now()`, sql`updated_by = ${ctx.tenantUserId}`];
  for (const [key, value] of Object.entries(values)) {
    const col = ent.columns[key];
    if (!col) continue;
    sets.push(sql`${sql.identifier(col.name)} = ${param(col, value)}`);
  }
  const [raw] = await executePrepared<Record<string, unknown>>(
    ctx.db,
    sql`
    update ${tableOf(ent)} as ${T} set ${sql.join(sets, sql`, `)} where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = ${id}
    returning ${selectList(ent)}`,
  );
  return raw ? toRow(raw) : undefined;
}

export async function deleteRow(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`delete from ${tableOf(ent)} where tenant_id = ${ctx.tenantId} and id = ${id} returning id`);
  return res.rows.length > 0;
}

// Rows removed for good (the recycle bin's purge).
export async function deleteRows(ctx: TenantContext, ent: RegisteredEntity, list: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`delete from ${tableOf(ent)} where tenant_id = ${ctx.tenantId} and id = any(${ids(list)})`);
}

// Recycle bin (decision 086). Moves the listed visible rows into the bin; returns them.
export async function moveToBin(ctx: TenantContext, ent: RegisteredEntity, list: readonly string[]): Promise<{ id: string }[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    update ${tableOf(ent)} as ${T}
    set deleted_at = now(), deleted_by = ${ctx.tenantUserId}, version = ${T}.version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${visibleSql(ctx, ent)}
    returning ${T}.id`);
  return res.rows;
}

// The listed ids that are in the bin and that the caller's row rule lets it see.
export async function binnedIds(ctx: TenantContext, ent: RegisteredEntity, list: readonly string[]): Promise<Set<string>> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select ${T}.id from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${T}.deleted_at is not null and ${ruleSql(ctx, ent, 'delete')}
    order by ${T}.id for update of t`);
  return new Set(res.rows.map((r) => r.id));
}

// Takes the listed rows out of the bin; returns them as rows.
export async function restoreFromBin(ctx: TenantContext, ent: RegisteredEntity, list: readonly string[]): Promise<EntityRow[]> {
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    update ${tableOf(ent)} as ${T}
    set deleted_at = null, deleted_by = null, version = ${T}.version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${T}.deleted_at is not null and ${ruleSql(ctx, ent, 'delete')}
    returning ${selectList(ent)}`);
  return res.rows.map(toRow);
}

export type BinEntry = { id: string; title: string; deletedAt: string; deletedBy: { id: string; title: string } | null };

// A page of the bin, newest deletion first, with who deleted each record and the total.
export async function binPage(
  ctx: TenantContext,
  ent: RegisteredEntity,
  page: number,
  pageSize: number,
): Promise<{ rows: BinEntry[]; total: number }> {
  const u = sql.raw('du');
  const res = await ctx.db.execute<BinEntry & { total: number }>(sql`
    select ${T}.id, ${titleSql(ent)} as title, ${isoText(sql`${T}.deleted_at`)} as "deletedAt",
      (select jsonb_build_object('id', ${u}.id, 'title', ${USER_LINK_TARGET.title(u)}) from tenant_users ${u}
        where ${u}.tenant_id = ${T}.tenant_id and ${u}.id = ${T}.deleted_by) as "deletedBy",
      (count(*) over ())::int as total
    from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.deleted_at is not null and ${ruleSql(ctx, ent, 'delete')}
    order by ${T}.deleted_at desc, ${T}.id limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const total = res.rows[0]?.total ?? (page === 1 ? 0 : await binCount(ctx, ent));
  return { rows: res.rows.map(({ total: _t, ...r }) => r), total: Number(total) };
}

async function binCount(ctx: TenantContext, ent: RegisteredEntity): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.deleted_at is not null and ${ruleSql(ctx, ent, 'delete')}`);
  return res.rows[0]?.n ?? 0;
}

// Rows in the bin since before `before` (the housekeeping purge), at most `limit`.
export async function binnedBefore(ctx: TenantContext, ent: RegisteredEntity, before: Date, limit: number): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select ${T}.id from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.deleted_at < ${before.toISOString()}
    order by ${T}.deleted_at, ${T}.id limit ${limit}`);
  return res.rows.map((r) => r.id);
}

// Archives (or restores) the listed rows that are not already in that state; returns them.
export async function setArchived(
  ctx: TenantContext,
  ent: RegisteredEntity,
  list: readonly string[],
  archived: boolean,
): Promise<{ id: string }[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    update ${tableOf(ent)} as ${T}
    set archived_at = ${archived ? sql`now()` : sql`null`}, version = ${T}.version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${T}.archived_at is ${archived ? sql`null` : sql`not null`}
      and ${visibleSql(ctx, ent)}
    returning ${T}.id`);
  return res.rows;
}

// The listed ids that exist and that the caller may link to (records: may see).
export async function existingIds(
  ctx: TenantContext,
  target: RegisteredEntity | LinkTarget,
  list: readonly string[],
): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const to = 'linkable' in target ? target : entityLinkTarget(target);
  const res = await ctx.db.execute<{ id: string }>(
    sql`select ${T}.id from ${to.table} ${T} where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${to.linkable(ctx, T)}`,
  );
  return new Set(res.rows.map((r) => r.id));
}

// Of the listed visible rows, those the caller may also use `feature` on (a permission held only
// through a role in some owners: role-scope.ts).
export async function usableIds(
  ctx: TenantContext,
  ent: RegisteredEntity,
  list: readonly string[],
  feature: EntityFeature,
): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const res = await ctx.db.execute<{ id: string }>(
    sql`select ${T}.id from ${tableOf(ent)} ${T} where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)}) and ${visibleSql(ctx, ent, feature)}`,
  );
  return new Set(res.rows.map((r) => r.id));
}

// Titles of records (or users) by id (links, activity, notifications).
export async function titles(
  ctx: TenantContext,
  target: RegisteredEntity | LinkTarget,
  list: readonly string[],
): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const to = 'linkable' in target ? target : entityLinkTarget(target);
  const res = await ctx.db.execute<{ id: string; title: string }>(
    sql`select ${T}.id, ${to.title(T)} as title from ${to.table} ${T} where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)})`,
  );
  return new Map(res.rows.map((r) => [r.id, r.title]));
}

// Records for a picker: by title, or by id (to label what is already chosen); active ones only.
export async function lookup(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: { search?: string | undefined; ids?: readonly string[] | undefined; limit: number },
): Promise<{ id: string; title: string }[]> {
  const conds: SQL[] = [sql`${T}.tenant_id = ${ctx.tenantId}`, visibleSql(ctx, ent)];
  if (q.ids) conds.push(q.ids.length > 0 ? sql`${T}.id = any(${ids(q.ids)})` : sql`false`);
  else if (ent.definition.capabilities.archive) conds.push(sql`${T}.archived_at is null`);
  if (q.search) conds.push(sql`atrium_fold(${titleSql(ent)}) like atrium_fold(${containsPattern(q.search)})`);
  const res = await ctx.db.execute<{ id: string; title: string }>(sql`
    select ${T}.id, ${titleSql(ent)} as title from ${tableOf(ent)} ${T} where ${sql.join(conds, sql` and `)}
    order by 2, 1 limit ${q.limit}`);
  return res.rows;
}

// The next number of a kind in this workspace (decision 023: the counter row stays locked until
// the creating transaction ends, so concurrent creates queue and a rollback gives the number back).
export async function nextNumber(ctx: TenantContext, kind: string): Promise<number> {
  const res = await ctx.db.execute<{ value: number }>(sql`
    insert into entity_counters (tenant_id, entity_kind, value) values (${ctx.tenantId}, ${kind}, 1)
    on conflict (tenant_id, entity_kind) do update set value = entity_counters.value + 1
    returning value`);
  return Number(res.rows[0]?.value);
}

// One field's values of the given records, by id (a project's code for its tasks' numbers).
export async function fieldValues(
  ctx: TenantContext,
  ent: RegisteredEntity,
  field: string,
  list: readonly string[],
): Promise<Map<string, string>> {
  const res = await ctx.db.execute<{ id: string; value: string | null }>(sql`
    select ${T}.id, ${column(ent, field)}::text as value from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)})`);
  return new Map(res.rows.flatMap((r) => (r.value === null ? [] : [[r.id, r.value] as const])));
}

// Whether another record of the workspace (the recycle bin's too) has this text value, compared
// case-insensitively: a field unique in the workspace (a project's code).
export async function textValueTaken(
  ctx: TenantContext,
  ent: RegisteredEntity,
  field: string,
  value: string,
  except: string | null,
): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from ${tableOf(ent)} ${T} where ${T}.tenant_id = ${ctx.tenantId} and lower(${column(ent, field)}) = lower(${value})
      ${except ? sql`and ${T}.id <> ${except}` : sql``} limit 1`);
  return res.rows.length > 0;
}

// Records of `ent` whose reference field points at one of `targets`.
export async function referencing(ctx: TenantContext, ent: RegisteredEntity, field: string, targets: readonly string[]): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select ${T}.id from ${tableOf(ent)} ${T} where ${T}.tenant_id = ${ctx.tenantId} and ${column(ent, field)} = any(${ids(targets)})
    order by ${T}.id for update of t`);
  return res.rows.map((r) => r.id);
}

// Clears a reference on the given records (the target is being deleted); returns them.
export async function clearReference(ctx: TenantContext, ent: RegisteredEntity, field: string, list: readonly string[]): Promise<void> {
  await ctx.db.execute(sql`
    update ${tableOf(ent)} as ${T} set ${sql.identifier(ent.columns[field]?.name ?? field)} = null, version = ${T}.version + 1,
      updated_at = now(), updated_by = ${ctx.tenantUserId}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(list)})`);
}

// The chain of parents above a record (itself first), for cycle checks and breadcrumbs.
export async function ancestors(ctx: TenantContext, ent: RegisteredEntity, field: string, id: string): Promise<string[]> {
  const parent = sql.identifier(ent.columns[field]?.name ?? field);
  const res = await ctx.db.execute<{ id: string }>(sql`
    with recursive up(id, parent, depth) as (
      select id, ${parent}, 0 from ${tableOf(ent)} where tenant_id = ${ctx.tenantId} and id = ${id}
      union all
      select p.id, p.${parent}, up.depth + 1 from ${tableOf(ent)} p join up on p.tenant_id = ${ctx.tenantId} and p.id = up.parent
      where up.depth < 1000
    ) cycle id set looped using path
    select id from up where not looped order by depth`);
  return res.rows.map((r) => r.id);
}

export type TreeRow = { id: string; parentId: string | null; title: string; number: string | null; depth: number };

// The whole tree a record belongs to: from its top ancestor down, depth-first by title.
export async function tree(ctx: TenantContext, ent: RegisteredEntity, field: string, rootId: string): Promise<TreeRow[]> {
  const parent = sql.identifier(ent.columns[field]?.name ?? field);
  const number = ent.columns.number ? sql`${T}.number` : sql`null::text`;
  const res = await ctx.db.execute<TreeRow>(sql`
    with recursive down(id, depth, sort) as (
      select ${rootId}::uuid, 0, array[]::text[]
      union all
      select ${T}.id, down.depth + 1, down.sort || (${titleSql(ent)} || ${T}.id::text)
      from ${tableOf(ent)} ${T} join down on ${T}.tenant_id = ${ctx.tenantId} and ${T}.${parent} = down.id
      where down.depth < 50 and ${visibleSql(ctx, ent)}
    ) cycle id set looped using path
    select ${T}.id, ${T}.${parent} as "parentId", ${titleSql(ent)} as title, ${number} as number, down.depth
    from down join ${tableOf(ent)} ${T} on ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = down.id
    where not looped order by down.sort`);
  return res.rows;
}

// Many-to-many links of one record.
export async function link(ctx: TenantContext, rel: RegisteredRelation, fromId: string, toIds: readonly string[]): Promise<string[]> {
  const res = await ctx.db.execute<{ to_id: string }>(sql`
    insert into ${sql.identifier(rel.tableName)} (tenant_id, from_id, to_id, created_by)
    select ${ctx.tenantId}, ${fromId}, x, ${ctx.tenantUserId} from unnest(${ids(toIds)}) x
    on conflict do nothing returning to_id`);
  return res.rows.map((r) => r.to_id);
}

export async function unlink(ctx: TenantContext, rel: RegisteredRelation, fromId: string, toIds: readonly string[]): Promise<string[]> {
  const res = await ctx.db.execute<{ to_id: string }>(sql`
    delete from ${sql.identifier(rel.tableName)} where tenant_id = ${ctx.tenantId} and from_id = ${fromId} and to_id = any(${ids(toIds)})
    returning to_id`);
  return res.rows.map((r) => r.to_id);
}

// A title as compared for duplicates: lower case, spaces folded.
const normalTitleSql = (ent: RegisteredEntity): SQL => sql`atrium_fold(regexp_replace(btrim(${titleSql(ent)}), '[[:space:]]+', ' ', 'g'))`;

// Records whose duplicate keys equal the given normalised values (decision 026), or whose title
// is like the given one (trigram similarity 0.6, found through the search text's trigram index),
// with the keys that matched ('title' for the title); visible ones only.
export async function duplicates(
  ctx: TenantContext,
  ent: RegisteredEntity,
  keys: readonly { key: string; expr: SQL; value: string }[],
  title: string | undefined,
  excludeId: string | undefined,
  limit: number,
): Promise<{ id: string; title: string; archived: boolean; matches: string[] }[]> {
  const folded = sql`atrium_fold(${title})`;
  const similar = title ? sql`(${folded} <% ${T}.search_text and similarity(${normalTitleSql(ent)}, ${folded}) >= 0.6)` : undefined;
  const tests = [
    ...keys.map((k) => ({ key: k.key, test: sql`${k.expr} = ${k.value}` })),
    ...(similar ? [{ key: 'title', test: similar }] : []),
  ];
  if (tests.length === 0) return [];
  const matched = tests.map((k) => sql`case when ${k.test} then ${k.key} end`);
  const res = await ctx.db.execute<{ id: string; title: string; archived: boolean; matches: (string | null)[] }>(sql`
    select ${T}.id, ${titleSql(ent)} as title, ${T}.archived_at is not null as archived, array[${sql.join(matched, sql`, `)}] as matches
    from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and (${sql.join(
      tests.map((k) => k.test),
      sql` or `,
    )})
      ${excludeId ? sql`and ${T}.id <> ${excludeId}` : sql``} and ${visibleSql(ctx, ent)}
    order by ${T}.archived_at is not null, ${T}.updated_at desc
    limit ${limit}`);
  return res.rows.map((r) => ({ ...r, matches: r.matches.filter((m): m is string => m !== null) }));
}

// Per duplicate key and per title, the values that more than one visible, active record shares,
// largest groups first; each with its ten most recently changed records.
export async function duplicateGroups(
  ctx: TenantContext,
  ent: RegisteredEntity,
  keys: readonly { key: string; expr: SQL }[],
  limit: number,
): Promise<{ key: string; value: string; count: number; records: { id: string; title: string }[] }[]> {
  const all = [...keys, { key: 'title', expr: sql`nullif(${normalTitleSql(ent)}, '')` }];
  const active = ent.definition.capabilities.archive ? sql`and ${T}.archived_at is null` : sql``;
  const per = all.map(
    (k) => sql`(select ${k.key}::text as key, g.value, g.count::int as count, g.records from (
      select ${k.expr} as value, count(*) as count,
        to_jsonb((array_agg(jsonb_build_object('id', ${T}.id, 'title', ${titleSql(ent)}) order by ${T}.updated_at desc))[1:10]) as records
      from ${tableOf(ent)} ${T}
      where ${T}.tenant_id = ${ctx.tenantId} and ${k.expr} is not null ${active} and ${visibleSql(ctx, ent)}
      group by 1 having count(*) > 1
      order by count(*) desc, 1
      limit ${limit}) g)`,
  );
  const res = await ctx.db.execute<{ key: string; value: string; count: number; records: { id: string; title: string }[] }>(
    sql`select * from (${sql.join(per, sql` union all `)}) u order by count desc, key, value limit ${limit}`,
  );
  return res.rows;
}

// A merged record's references move to the surviving one; returns the records changed.
export async function repointReference(
  ctx: TenantContext,
  ent: RegisteredEntity,
  field: string,
  fromId: string,
  toId: string,
): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    update ${tableOf(ent)} as ${T} set ${sql.identifier(ent.columns[field]?.name ?? field)} = ${toId}, version = ${T}.version + 1,
      updated_at = now(), updated_by = ${ctx.tenantUserId}
    where ${T}.tenant_id = ${ctx.tenantId} and ${column(ent, field)} = ${fromId} and ${T}.id <> ${toId}
    returning ${T}.id`);
  return res.rows.map((r) => r.id);
}

// A merged record's many-to-many rows move to the surviving one (rows it had already stay once).
export async function moveRelationSide(
  ctx: TenantContext,
  rel: RegisteredRelation,
  side: 'from_id' | 'to_id',
  fromId: string,
  toId: string,
): Promise<void> {
  const table = sql.identifier(rel.tableName);
  const here = sql.identifier(side);
  const there = sql.identifier(side === 'from_id' ? 'to_id' : 'from_id');
  await ctx.db.execute(sql`
    insert into ${table} (tenant_id, ${here}, ${there}, created_by, created_at)
    select tenant_id, ${toId}, ${there}, created_by, created_at from ${table}
    where tenant_id = ${ctx.tenantId} and ${here} = ${fromId}
    on conflict do nothing`);
  await ctx.db.execute(sql`delete from ${table} where tenant_id = ${ctx.tenantId} and ${here} = ${fromId}`);
}

// A record merged into itself through a relation of its own kind: the link to itself goes.
export async function deleteSelfLinks(ctx: TenantContext, rel: RegisteredRelation): Promise<void> {
  await ctx.db.execute(sql`delete from ${sql.identifier(rel.tableName)} where tenant_id = ${ctx.tenantId} and from_id = to_id`);
}

// Records for a picker of a tree (organizations plus hierarchy): as `lookup` finds them, each
// titled with its path from the top ("Holding › Retail › Munich"), in one statement.
export async function lookupPaths(
  ctx: TenantContext,
  ent: RegisteredEntity,
  field: string,
  q: { search?: string | undefined; ids?: readonly string[] | undefined; limit: number },
): Promise<{ id: string; title: string; path: string }[]> {
  const found = await lookup(ctx, ent, q);
  if (found.length === 0) return [];
  const parent = sql.identifier(ent.columns[field]?.name ?? field);
  const p = sql.raw('p');
  const res = await ctx.db.execute<{ id: string; path: string }>(sql`
    with recursive up(start, id, parent, depth, title) as (
      select ${T}.id, ${T}.id, ${T}.${parent}, 0, ${titleSql(ent)} from ${tableOf(ent)} ${T}
      where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = any(${ids(found.map((r) => r.id))})
      union all
      select up.start, ${p}.id, ${p}.${parent}, up.depth + 1, ${titleSql(ent, p)} from ${tableOf(ent)} ${p}
      join up on ${p}.tenant_id = ${ctx.tenantId} and ${p}.id = up.parent
      where up.depth < 50
    )
    select start as id, string_agg(title, ' › ' order by depth desc) as path from up group by start`);
  const paths = new Map(res.rows.map((r) => [r.id, r.path]));
  return found.map((r) => ({ ...r, path: paths.get(r.id) ?? r.title }));
}

const PG_TYPES: Record<string, string> = {
  PgUUID: 'uuid',
  PgText: 'text',
  PgVarchar: 'text',
  PgJsonb: 'jsonb',
  PgJson: 'jsonb',
  PgBoolean: 'boolean',
  PgInteger: 'integer',
  PgBigInt53: 'bigint',
  PgNumeric: 'numeric',
  PgDoublePrecision: 'double precision',
  PgDateString: 'date',
  PgDate: 'date',
  PgTimestamp: 'timestamptz',
  PgTimestampString: 'timestamptz',
};

// Many new rows in one statement (imports): one array parameter per column, unnested, so the
// statement's size does not grow with the rows. Each row carries its id; returns id and title.
export async function insertRows(
  ctx: TenantContext,
  ent: RegisteredEntity,
  rows: readonly EntityRow[],
): Promise<{ id: string; title: string }[]> {
  if (rows.length === 0) return [];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => ent.columns[k]);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  keys.forEach((key) => {
    const col = ent.columns[key] as PgColumn;
    const type = PG_TYPES[col.columnType] ?? 'text';
    const json = type === 'jsonb';
    const values = rows.map((r) => {
      const v = r[key];
      if (v === undefined || v === null) return null;
      return json ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : v;
    });
    names.push(sql`${sql.identifier(col.name)}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
  });
  const res = await ctx.db.execute<{ id: string; title: string }>(sql`
    insert into ${tableOf(ent)} as ${T} (tenant_id, created_by, updated_by, ${sql.join(names, sql`, `)})
    select ${ctx.tenantId}::uuid, ${ctx.tenantUserId}::uuid, ${ctx.tenantUserId}::uuid, u.* from unnest(${sql.join(arrays, sql`, `)}) as u
    returning ${T}.id, ${titleSql(ent)} as title`);
  return res.rows;
}

// Records whose (lower-cased, trimmed) value of an expression is one of `values`: the title of a
// reference target, the dedupe key of an import. The oldest record wins a tie.
export async function idsByValue(
  ctx: TenantContext,
  ent: RegisteredEntity,
  expr: SQL,
  values: readonly string[],
): Promise<Map<string, { id: string; version: number }>> {
  if (values.length === 0) return new Map();
  const res = await ctx.db.execute<{ id: string; v: string; version: number }>(sql`
    select distinct on (lower(btrim(${expr}::text))) ${T}.id, lower(btrim(${expr}::text)) as v, ${T}.version
    from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and lower(btrim(${expr}::text)) = any(${sql.param(values)}::text[]) and ${visibleSql(ctx, ent)}
    order by lower(btrim(${expr}::text)), ${T}.created_at, ${T}.id`);
  return new Map(res.rows.map((r) => [r.v, { id: r.id, version: Number(r.version) }]));
}

// `count` numbers at once (an import's batch): the last one, the first is last - count + 1.
export async function nextNumbers(ctx: TenantContext, kind: string, count: number): Promise<number> {
  const res = await ctx.db.execute<{ value: number }>(sql`
    insert into entity_counters (tenant_id, entity_kind, value) values (${ctx.tenantId}, ${kind}, ${count})
    on conflict (tenant_id, entity_kind) do update set value = entity_counters.value + ${count}
    returning value`);
  return Number(res.rows[0]?.value);
}

// Server-side cursor over a statement, in the caller's transaction (exports): `fetch` pages
// until it returns fewer rows than asked.
export async function openCursor(ctx: TenantContext, name: string, statement: SQL): Promise<(n: number) => Promise<EntityRow[]>> {
  await ctx.db.execute(sql`declare ${sql.identifier(name)} no scroll cursor for ${statement}`);
  return async (n) => {
    const res = await ctx.db.execute<Record<string, unknown>>(
      sql`fetch forward ${sql.raw(String(Math.trunc(n)))} from ${sql.identifier(name)}`,
    );
    return res.rows.map(toRow);
  };
}
