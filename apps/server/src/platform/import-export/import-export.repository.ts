import type { CsvDelimiter, EntityKind } from '@atrium/domain';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../context';
import { copyCsvOut } from '../tenant-statements';
import { jobs, type JobRow } from '../jobs/jobs.table';
import type { RegisteredEntity } from '../entity/entity-registry';
import { column, T, tableOf } from '../entity/entity-sql';
import { exportsTable, importCreatedRecords, importRows, imports, type ExportRow, type ImportRow } from './import-export.table';

export type ImportRowInsert = {
  rowNumber: number;
  action: 'created' | 'updated' | 'rejected';
  entityId: string | null;
  previous?: unknown;
  cells?: string[];
  errors?: unknown;
};
export type MemberName = { id: string; name: string };
export type HistoryScope = { all: readonly EntityKind[]; own: readonly EntityKind[] };

const memberName = async (ctx: TenantContext, id: string): Promise<MemberName> => {
  const res = await ctx.db.execute<{ name: string }>(sql`
    select coalesce(nullif(u.name, ''), tu.email) as name from tenant_users tu left join users u on u.id = tu.user_id
    where tu.tenant_id = ${ctx.tenantId} and tu.id = ${id}`);
  return { id, name: res.rows[0]?.name ?? '' };
};

export async function insertImport(
  ctx: TenantContext,
  values: Omit<typeof imports.$inferInsert, 'tenantId' | 'createdBy'>,
): Promise<ImportRow> {
  const [row] = await ctx.db
    .insert(imports)
    .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.tenantUserId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function getImport(ctx: TenantContext, id: string, lock = false): Promise<ImportRow | undefined> {
  const q = ctx.db
    .select()
    .from(imports)
    .where(and(eq(imports.tenantId, ctx.tenantId), eq(imports.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateImport(ctx: TenantContext, id: string, values: Partial<typeof imports.$inferInsert>): Promise<ImportRow> {
  const [row] = await ctx.db
    .update(imports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(imports.tenantId, ctx.tenantId), eq(imports.id, id)))
    .returning();
  if (!row) throw new Error('import vanished');
  return row;
}

export async function addCounts(ctx: TenantContext, id: string, n: { created: number; updated: number; rejected: number }): Promise<void> {
  await ctx.db
    .update(imports)
    .set({
      created: sql`${imports.created} + ${n.created}`,
      updated: sql`${imports.updated} + ${n.updated}`,
      rejected: sql`${imports.rejected} + ${n.rejected}`,
      updatedAt: new Date(),
    })
    .where(and(eq(imports.tenantId, ctx.tenantId), eq(imports.id, id)));
}

// Everybody's imports of the `all` kinds and the caller's own of the `own` kinds.
export async function listImports(
  ctx: TenantContext,
  scope: HistoryScope,
  page: number,
  pageSize: number,
): Promise<{ rows: ImportRow[]; total: number }> {
  if (scope.all.length === 0 && scope.own.length === 0) return { rows: [], total: 0 };
  const where = sql`${imports.tenantId} = ${ctx.tenantId} and (${imports.entityKind} = any(${sql.param(scope.all)}::text[])
    or (${imports.entityKind} = any(${sql.param(scope.own)}::text[]) and ${imports.createdBy} = ${ctx.tenantUserId}))`;
  const rows = await ctx.db
    .select()
    .from(imports)
    .where(where)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(imports)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function deleteImport(ctx: TenantContext, id: string): Promise<void> {
  await ctx.db.delete(imports).where(and(eq(imports.tenantId, ctx.tenantId), eq(imports.id, id)));
}

// Imports uploaded (and perhaps mapped) but never started, untouched since `before`: removed in one
// statement; their file keys are returned for the blob store.
export async function deleteAbandonedImports(ctx: TenantContext, before: Date): Promise<string[]> {
  const rows = await ctx.db
    .delete(imports)
    .where(and(eq(imports.tenantId, ctx.tenantId), isNull(imports.jobId), lt(imports.updatedAt, before)))
    .returning({ blobKey: imports.blobKey });
  return rows.map((r) => r.blobKey);
}

// One statement for a batch's rows; the primary key (import, row number) refuses a row twice.
export async function insertImportRows(ctx: TenantContext, importId: string, rows: readonly ImportRowInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await ctx.db.execute(sql`
    insert into import_rows (tenant_id, import_id, row_number, action, entity_id, previous, cells, errors)
    select ${ctx.tenantId}::uuid, ${importId}::uuid, u.* from unnest(
      ${sql.param(rows.map((r) => r.rowNumber))}::int[],
      ${sql.param(rows.map((r) => r.action))}::text[],
      ${sql.param(rows.map((r) => r.entityId))}::uuid[],
      ${sql.param(rows.map((r) => json(r.previous)))}::jsonb[],
      ${sql.param(rows.map((r) => json(r.cells)))}::jsonb[],
      ${sql.param(rows.map((r) => json(r.errors)))}::jsonb[]) as u`);
}

export async function rejectedRows(
  ctx: TenantContext,
  importId: string,
  after: number,
  limit: number,
): Promise<{ rowNumber: number; cells: string[]; errors: { column: string | null; field: string; message: string }[] }[]> {
  return ctx.db
    .select({ rowNumber: importRows.rowNumber, cells: sql<string[]>`${importRows.cells}`, errors: sql<never>`${importRows.errors}` })
    .from(importRows)
    .where(
      and(
        eq(importRows.tenantId, ctx.tenantId),
        eq(importRows.importId, importId),
        eq(importRows.action, 'rejected'),
        sql`${importRows.rowNumber} > ${after}`,
      ),
    )
    .orderBy(importRows.rowNumber)
    .limit(limit);
}

// The rows an undo still has to revert, after a row number.
export async function undoableRows(
  ctx: TenantContext,
  importId: string,
  after: number,
  limit: number,
): Promise<{ rowNumber: number; action: string; entityId: string | null; previous: unknown }[]> {
  return ctx.db
    .select({ rowNumber: importRows.rowNumber, action: importRows.action, entityId: importRows.entityId, previous: importRows.previous })
    .from(importRows)
    .where(
      and(
        eq(importRows.tenantId, ctx.tenantId),
        eq(importRows.importId, importId),
        sql`${importRows.action} in ('created', 'updated')`,
        eq(importRows.undone, false),
        sql`${importRows.rowNumber} > ${after}`,
      ),
    )
    .orderBy(importRows.rowNumber)
    .limit(limit);
}

export async function markUndone(ctx: TenantContext, importId: string, rowNumbers: readonly number[]): Promise<void> {
  if (rowNumbers.length === 0) return;
  await ctx.db.execute(sql`
    update import_rows set undone = true
    where tenant_id = ${ctx.tenantId} and import_id = ${importId} and row_number = any(${sql.param(rowNumbers)}::int[])`);
}

// Records a batch created to resolve references ("create missing"), for undo (decision 079).
export async function insertCreatedRecords(
  ctx: TenantContext,
  importId: string,
  records: readonly { kind: EntityKind; id: string }[],
): Promise<void> {
  if (records.length === 0) return;
  await ctx.db
    .insert(importCreatedRecords)
    .values(records.map((r) => ({ tenantId: ctx.tenantId, importId, entityKind: r.kind, entityId: r.id })))
    .onConflictDoNothing();
}

// The next of those records after a (kind, id) cursor.
export async function createdRecords(
  ctx: TenantContext,
  importId: string,
  after: { kind: string; id: string } | null,
  limit: number,
): Promise<{ kind: EntityKind; id: string }[]> {
  const rows = await ctx.db
    .select({ kind: importCreatedRecords.entityKind, id: importCreatedRecords.entityId })
    .from(importCreatedRecords)
    .where(
      and(
        eq(importCreatedRecords.tenantId, ctx.tenantId),
        eq(importCreatedRecords.importId, importId),
        after
          ? sql`(${importCreatedRecords.entityKind}, ${importCreatedRecords.entityId}) > (${after.kind}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(importCreatedRecords.entityKind, importCreatedRecords.entityId)
    .limit(limit);
  return rows.map((r) => ({ kind: r.kind as EntityKind, id: r.id }));
}

export async function countCreatedRecords(ctx: TenantContext, importId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(importCreatedRecords)
    .where(and(eq(importCreatedRecords.tenantId, ctx.tenantId), eq(importCreatedRecords.importId, importId)));
  return row?.n ?? 0;
}

// Which of these records something else refers to: a reference field of any kind (a record's
// reference to itself aside), a many-to-many relation on either side, or a linked entity.
export async function referencedIds(ctx: TenantContext, target: RegisteredEntity, list: readonly string[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const kind = target.definition.kind;
  const ids = sql`${sql.param(list)}::uuid[]`;
  const parts: SQL[] = [];
  for (const other of target.registry.values()) {
    for (const [key, f] of Object.entries(other.definition.fields)) {
      if (f.kind !== 'reference' || f.target !== kind) continue;
      const col = column(other, key);
      parts.push(sql`select ${col} as id from ${tableOf(other)} ${T} where ${T}.tenant_id = ${ctx.tenantId} and ${col} = any(${ids})
        and ${T}.id <> ${col}`);
    }
    for (const [name, rel] of other.relations) {
      const table = sql.identifier(rel.tableName);
      if (other.definition.relations[name]?.target === kind)
        parts.push(sql`select to_id as id from ${table} where tenant_id = ${ctx.tenantId} and to_id = any(${ids})`);
      if (other === target) parts.push(sql`select from_id as id from ${table} where tenant_id = ${ctx.tenantId} and from_id = any(${ids})`);
    }
  }
  parts.push(sql`select a_id as id from entity_links where tenant_id = ${ctx.tenantId} and a_kind = ${kind} and a_id = any(${ids})`);
  parts.push(sql`select b_id as id from entity_links where tenant_id = ${ctx.tenantId} and b_kind = ${kind} and b_id = any(${ids})`);
  const res = await ctx.db.execute<{ id: string }>(sql.join(parts, sql` union `));
  return new Set(res.rows.map((r) => r.id));
}

export async function jobsById(ctx: TenantContext, ids: readonly (string | null)[]): Promise<Map<string, JobRow>> {
  const list = ids.filter((x): x is string => x !== null);
  if (list.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(jobs)
    .where(sql`${jobs.tenantId} = ${ctx.tenantId} and ${jobs.id} = any(${sql.param(list)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

// Stage ids of a kind's workflows and type ids, by lower-cased name (imports read names).
export async function stageIdsByName(ctx: TenantContext, kind: EntityKind): Promise<Map<string, string>> {
  const res = await ctx.db.execute<{ id: string; name: string }>(sql`
    select s.id, lower(s.name) as name from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    where s.tenant_id = ${ctx.tenantId} and w.entity_kind = ${kind}
    order by w.is_default desc, s.sort_order collate "C"`);
  const map = new Map<string, string>();
  for (const r of res.rows) if (!map.has(r.name)) map.set(r.name, r.id);
  for (const r of res.rows) map.set(r.id, r.id);
  return map;
}

export async function typeIdsByName(ctx: TenantContext, kind: EntityKind): Promise<Map<string, string>> {
  const res = await ctx.db.execute<{ id: string; name: string }>(sql`
    select id, lower(name) as name from entity_types where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} order by created_at`);
  const map = new Map<string, string>();
  for (const r of res.rows) if (!map.has(r.name)) map.set(r.name, r.id);
  for (const r of res.rows) map.set(r.id, r.id);
  return map;
}

export async function stageAndTypeNames(ctx: TenantContext, kind: EntityKind): Promise<Map<string, string>> {
  const res = await ctx.db.execute<{ id: string; name: string }>(sql`
    select s.id, s.name from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    where s.tenant_id = ${ctx.tenantId} and w.entity_kind = ${kind}
    union all select id, name from entity_types where tenant_id = ${ctx.tenantId} and entity_kind = ${kind}`);
  return new Map(res.rows.map((r) => [r.id, r.name]));
}

// Active members named by membership id or e-mail (an owner column), by the lower-cased value.
export async function memberIds(ctx: TenantContext, values: readonly string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const res = await ctx.db.execute<{ id: string; email: string }>(sql`
    select id, lower(email) as email from tenant_users
    where tenant_id = ${ctx.tenantId} and status = 'active'
      and (lower(email) = any(${sql.param(values)}::text[]) or id::text = any(${sql.param(values)}::text[]))`);
  const map = new Map<string, string>();
  for (const r of res.rows) {
    map.set(r.email, r.id);
    map.set(r.id, r.id);
  }
  return map;
}

export async function insertExport(
  ctx: TenantContext,
  values: Omit<typeof exportsTable.$inferInsert, 'tenantId' | 'createdBy'>,
): Promise<ExportRow> {
  const [row] = await ctx.db
    .insert(exportsTable)
    .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.tenantUserId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function getExport(ctx: TenantContext, id: string): Promise<ExportRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.tenantId, ctx.tenantId), eq(exportsTable.id, id)));
  return row;
}

export async function updateExport(ctx: TenantContext, id: string, values: Partial<typeof exportsTable.$inferInsert>): Promise<void> {
  await ctx.db
    .update(exportsTable)
    .set(values)
    .where(and(eq(exportsTable.tenantId, ctx.tenantId), eq(exportsTable.id, id)));
}

export async function listExports(
  ctx: TenantContext,
  scope: HistoryScope,
  page: number,
  pageSize: number,
): Promise<{ rows: ExportRow[]; total: number }> {
  if (scope.all.length === 0 && scope.own.length === 0) return { rows: [], total: 0 };
  const where = sql`${exportsTable.tenantId} = ${ctx.tenantId} and (${exportsTable.entityKind} = any(${sql.param(scope.all)}::text[])
    or (${exportsTable.entityKind} = any(${sql.param(scope.own)}::text[]) and ${exportsTable.createdBy} = ${ctx.tenantUserId}))`;
  const rows = await ctx.db
    .select()
    .from(exportsTable)
    .where(where)
    .orderBy(desc(exportsTable.createdAt), desc(exportsTable.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportsTable)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function deleteExport(ctx: TenantContext, id: string): Promise<void> {
  await ctx.db.delete(exportsTable).where(and(eq(exportsTable.tenantId, ctx.tenantId), eq(exportsTable.id, id)));
}

export { memberName };

// The transaction's time zone for the rest of it: timestamps as text are then in UTC.
export async function useUtc(ctx: TenantContext): Promise<void> {
  await ctx.db.execute(sql`set local timezone = 'UTC'`);
}

// PostgreSQL writes the rows of `select` as CSV (COPY … TO STDOUT) on the transaction's connection.
export function copyCsv(ctx: TenantContext, select: SQL, delimiter: CsvDelimiter): ReturnType<typeof copyCsvOut> {
  return copyCsvOut(ctx.db, select, delimiter);
}
