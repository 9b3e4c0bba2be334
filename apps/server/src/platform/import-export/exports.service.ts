import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isContentBlock,
  type CsvDelimiter,
  type EntityKind,
  type EntityListQuery,
  type ExportDto,
  type ExportMapping,
  type ExportRequestParsed,
  type HistoryListRequest,
} from '@atrium/domain';
import type { BlobStore } from '../blobs/blob-store';
import { mergedCaptions } from '../captions';
import type { TenantContext } from '../context';
import { AppError } from '../errors';
import { dataFields, fieldAccess, visibleFields, visibleValues } from '../entity/custom-fields';
import { selectFields } from '../entity/entity-fields.repository';
import type { EntityRow, RegisteredEntity } from '../entity/entity-registry';
import { column } from '../entity/entity-sql';
import * as entityRepo from '../entity/entity.repository';
import { compileListQuery, type CompiledListQuery } from '../entity/list-query';
import { jobEnded, toJobDto, type JobRuntime } from '../jobs/job-runtime';
import type { JobRun, JobType } from '../jobs/job.types';
import * as repo from './import-export.repository';
import type { ExportRow } from './import-export.table';
import * as exportSql from './export-query.sql';
import { transferEntity, type Registry } from './imports.service';
import { historyScope, requireTransfer, transferRights, type TransferNeed } from './transfer-access';
import { CONTENT_TYPES, tableWriter } from './tabular-file.util';

// Up to this many rows an export is written during the request; more run as a job.
export const INLINE_EXPORT_ROWS = 1000;
const FETCH = 10_000;

export type ExportDeps = { registry: Registry; blobs: BlobStore; runtime: JobRuntime; exportJob: JobType<{ exportId: string }> };

// A column of the file: how a fetched row gives its value (XLSX), and the same value as SQL
// text (CSV: PostgreSQL writes each line, decision 072).
type Column = {
  key: string;
  header: string;
  value: (row: EntityRow, names: Map<string, string>) => string | number | null;
  expr: exportSql.ExportExpr;
  // a value that never starts like a formula (ids, timestamps): written without the guard
  plain?: true;
};

const isTimestamp = (ent: RegisteredEntity, key: string) => {
  const type = ent.columns[key]?.columnType;
  return type === 'PgTimestamp' || type === 'PgTimestampString';
};
const text = (v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return v.map(String).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

// The columns of an export: the id, then the asked columns (or every exportable one). A
// reference is written as its title and, in "<label> id", its id, so the file re-imports exactly;
// stages and types by name.
async function columnsOf(ctx: TenantContext, ent: RegisteredEntity, asked: readonly string[] | undefined): Promise<Column[]> {
  const def = ent.definition;
  const en = mergedCaptions('en');
  const access = fieldAccess(ctx, def);
  const custom = def.capabilities.customFields
    ? visibleFields(dataFields(await selectFields(ctx, def.kind, 'all')), access).filter(
        (f) => !isContentBlock(f.kind) && f.dataType !== 'file',
      )
    : [];
  const label = (key: string) => en[def.fields[key]?.label ?? ''] ?? key;
  const builtin = (key: string): Column[] => {
    const f = def.fields[key];
    if (!f || f.kind === 'json' || access.hidden?.has(key)) return [];
    const col = column(ent, key);
    if (key === 'workflowStage' || key === 'typeId') {
      return [
        {
          key,
          header: label(key),
          value: (r, n) => n.get(String(r[key] ?? '')) ?? null,
          expr: exportSql.stageOrTypeName(key, col),
        },
      ];
    }
    if (f.kind === 'reference' && f.expand) {
      const expand = f.expand;
      return [
        {
          key,
          header: label(key),
          value: (row) => (row[expand] as { title?: string } | null)?.title ?? null,
          expr: exportSql.referenceTitle(ent, key, col),
        },
        { key: `${key}#id`, header: `${label(key)} id`, value: (row) => text(row[key]), expr: exportSql.asText(col), plain: true },
      ];
    }
    return isTimestamp(ent, key)
      ? [{ key, header: label(key), value: (r) => text(r[key]), expr: col, plain: true }]
      : [{ key, header: label(key), value: (r) => text(r[key]), expr: exportSql.asText(col) }];
  };
  const customColumn = (key: string): Column[] => {
    const f = custom.find((c) => c.key === key);
    return f
      ? [
          {
            key: `customFields.${key}`,
            header: f.label,
            value: (r) => text((r.customFields as Record<string, unknown>)[key]),
            expr: exportSql.customText(key, f.dataType === 'options'),
          },
        ]
      : [];
  };
  const all = [
    ...(def.numbering ? ['number'] : []),
    ...def.writableFields,
    ...custom.map((f) => `customFields.${f.key}`),
    'createdAt',
    'updatedAt',
  ];
  let keys = asked ?? all;
  if (asked) {
    // the title fields always travel: without them the file does not re-import
    const title = asked.includes('title') ? def.title.fields : def.title.fields.filter((k) => !asked.includes(k));
    keys = [...title, ...asked.filter((k) => k !== 'title' && k !== 'id')];
    const unknown = keys.filter((k) => !all.includes(k) && k !== 'title' && !def.fields[k]);
    if (unknown.length > 0)
      throw new AppError(
        400,
        'unknownField',
        `${unknown.join(', ')} cannot be exported`,
        unknown.map((k) => ({ field: 'columns', code: 'unknownField' as const, message: `${k} is not a column` })),
      );
  }
  const id: Column = { key: 'id', header: en['entity.field.id'] ?? 'Id', value: (r) => text(r.id), expr: exportSql.idText(), plain: true };
  return [
    id,
    ...[...new Set(keys)].flatMap((k) => (k.startsWith('customFields.') ? customColumn(k.slice('customFields.'.length)) : builtin(k))),
  ];
}

export async function exportMapping(ctx: TenantContext, ent: RegisteredEntity): Promise<ExportMapping> {
  const cols = await columnsOf(ctx, ent, undefined);
  return {
    columns: cols.map((c) => ({
      key: c.key,
      label: c.header,
      custom: c.key.startsWith('customFields.'),
      reference: c.key.endsWith('#id'),
    })),
  };
}

// Streams the rows of the list request through a cursor into the file writer; returns the count.
async function writeExport(ctx: TenantContext, ent: RegisteredEntity, blobs: BlobStore, exp: ExportRow): Promise<number> {
  const request = exp.request as ExportRequestParsed;
  const columns = await columnsOf(ctx, ent, request.columns);
  const fields = ent.definition.capabilities.customFields ? await selectFields(ctx, ent.definition.kind, 'all') : [];
  const access = fieldAccess(ctx, ent.definition);
  const compiled = compileListQuery(ctx, ent, fields, access, listQueryOf(request), request.ids ? [exportSql.idsIn(request.ids)] : []);
  const out = new PassThrough();
  const upload = blobs.writeStream(exp.blobKey as string, out, CONTENT_TYPES[exp.format]);
  if (exp.format === 'csv') return writeCsvLines(ctx, ent, columns, compiled, out, upload, request.delimiter ?? ',');
  const names = await repo.stageAndTypeNames(ctx, ent.definition.kind);
  const fetch = await entityRepo.openCursor(ctx, 'atrium_export', exportSql.rowsSelect(ent, compiled));
  const writer = tableWriter(exp.format, out, ent.definition.kind);
  let count = 0;
  try {
    await writer.row(columns.map((c) => c.header));
    for (;;) {
      const rows = await fetch(FETCH);
      for (const raw of rows) {
        const row = { ...raw, customFields: visibleValues(fields, raw.customFields as Record<string, unknown>, access) };
        await writer.row(columns.map((c) => c.value(row, names)));
      }
      count += rows.length;
      if (rows.length < FETCH) break;
    }
    await writer.end();
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    await upload.catch(() => 0);
    throw err;
  }
  await upload;
  return count;
}

// CSV: PostgreSQL writes the file (COPY … TO STDOUT in CSV, decision 072) after the header
// line written here; Node only passes the bytes on. Formula-like text goes out behind an
// apostrophe as safeCell does (the select: exportSql.csvSelect). Timestamps are PostgreSQL's own
// ISO text in UTC ("2026-11-24 09:05:00.123456+00"): formatting each with to_char cost as much as
// the row.
async function writeCsvLines(
  ctx: TenantContext,
  ent: RegisteredEntity,
  columns: readonly Column[],
  compiled: CompiledListQuery,
  out: PassThrough,
  upload: Promise<number>,
  delimiter: CsvDelimiter,
): Promise<number> {
  try {
    out.write(`\uFEFF${columns.map((c) => csvText(c.header, delimiter)).join(delimiter)}\n`);
    await repo.useUtc(ctx);
    const rows = repo.copyCsv(ctx, exportSql.csvSelect(ent, columns, compiled), delimiter);
    await pipeline(rows, out);
    await upload;
    return rows.rowCount;
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    await upload.catch(() => 0);
    throw err;
  }
}

const csvText = (v: string, delimiter: string) => (/["\r\n]/.test(v) || v.includes(delimiter) ? `"${v.replaceAll('"', '""')}"` : v);

async function toExportDto(ctx: TenantContext, ent: RegisteredEntity, blobs: BlobStore, read: ExportRow): Promise<ExportDto> {
  const job = read.jobId ? (await repo.jobsById(ctx, [read.jobId])).get(read.jobId) : undefined;
  // read again once its job has ended (as an import's, imports.service.ts toImportDto): else a job
  // that ended between the two reads would show as succeeded without its file
  const ended = job !== undefined && jobEnded(job);
  const exp = ended ? ((await repo.getExport(ctx, read.id)) ?? read) : read;
  const status = job ? job.status : exp.rowCount !== null ? 'succeeded' : 'queued';
  const downloadUrl =
    status === 'succeeded' && exp.blobKey
      ? (await blobs.downloadUrl(exp.blobKey, { fileName: exp.fileName, contentType: CONTENT_TYPES[exp.format], inline: false })).url
      : null;
  return {
    id: exp.id,
    entityKind: exp.entityKind as EntityKind,
    format: exp.format,
    fileName: exp.fileName,
    status,
    rowCount: exp.rowCount,
    job: job ? toJobDto(job) : null,
    downloadUrl,
    createdAt: exp.createdAt.toISOString(),
    createdBy: await repo.memberName(ctx, exp.createdBy),
    canManage: transferRights(ctx, ent, 'export', exp.createdBy).manage,
  };
}

// An export the caller may see (or, with `manage`, change): another member's needs the kind's
// view (manage) variant; 404 when unseen, 403 when seen but not theirs to change (decision 078).
async function mineExport(
  deps: ExportDeps,
  ctx: TenantContext,
  id: string,
  need: TransferNeed,
): Promise<{ exp: ExportRow; ent: RegisteredEntity }> {
  const exp = await repo.getExport(ctx, id);
  const ent = requireTransfer(deps.registry, ctx, 'export', exp, need);
  return { exp: exp as ExportRow, ent };
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

// The list query an export reads: the list's search, filters, sort and tags.
function listQueryOf(request: ExportRequestParsed): EntityListQuery {
  return {
    page: 1,
    pageSize: 100,
    search: request.search,
    filters: request.filters,
    sort: request.sort,
    archived: request.archived,
    ...(request.tags ? { tags: request.tags } : {}),
    ...(request.tagsMatch ? { tagsMatch: request.tagsMatch } : {}),
  };
}

// POST export: the list's filters, sort, visible columns and selection. A small export is
// written now and answered with its download URL; a large one runs as a job.
export async function start(ctx: TenantContext, deps: ExportDeps, ent: RegisteredEntity, body: ExportRequestParsed): Promise<ExportDto> {
  transferEntity(deps.registry, ctx, ent.definition.kind, 'export');
  // unknown columns and filters are refused before anything is written
  await columnsOf(ctx, ent, body.columns);
  const fields = ent.definition.capabilities.customFields ? await selectFields(ctx, ent.definition.kind, 'all') : [];
  const compiled = compileListQuery(ctx, ent, fields, fieldAccess(ctx, ent.definition), listQueryOf(body));
  const id = randomUUID();
  const base = ent.definition.savedViewKey;
  const exp = await repo.insertExport(ctx, {
    id,
    entityKind: ent.definition.kind,
    format: body.format,
    fileName: `${base}-${stamp()}.${body.format}`,
    request: body,
    blobKey: `${ctx.tenantId}/exports/${id}`,
  });
  const small = body.ids
    ? body.ids.length <= INLINE_EXPORT_ROWS
    : (await entityRepo.countRows(ctx, ent, compiled, INLINE_EXPORT_ROWS + 1)) <= INLINE_EXPORT_ROWS;
  if (small) {
    const rowCount = await writeExport(ctx, ent, deps.blobs, exp);
    await repo.updateExport(ctx, id, { rowCount });
    return toExportDto(ctx, ent, deps.blobs, { ...exp, rowCount });
  }
  const job = await deps.exportJob.enqueue(ctx, { exportId: id });
  await repo.updateExport(ctx, id, { jobId: job.id });
  return toExportDto(ctx, ent, deps.blobs, { ...exp, jobId: job.id });
}

export async function get(ctx: TenantContext, deps: ExportDeps, id: string): Promise<ExportDto> {
  const { exp, ent } = await mineExport(deps, ctx, id, 'see');
  return toExportDto(ctx, ent, deps.blobs, exp);
}

export async function history(
  ctx: TenantContext,
  deps: ExportDeps,
  q: Required<Pick<HistoryListRequest, 'page' | 'pageSize'>> & { entityKind?: EntityKind | undefined },
) {
  const scope = historyScope(deps.registry, ctx, 'export');
  const only = (kinds: EntityKind[]) => kinds.filter((k) => !q.entityKind || k === q.entityKind);
  const { rows, total } = await repo.listExports(ctx, { all: only(scope.all), own: only(scope.own) }, q.page, q.pageSize);
  const data: ExportDto[] = [];
  for (const r of rows) data.push(await toExportDto(ctx, deps.registry.get(r.entityKind as EntityKind) as RegisteredEntity, deps.blobs, r));
  return { data, total };
}

export async function remove(ctx: TenantContext, deps: ExportDeps, id: string): Promise<void> {
  const { exp } = await mineExport(deps, ctx, id, 'manage');
  const job = exp.jobId ? (await repo.jobsById(ctx, [exp.jobId])).get(exp.jobId) : undefined;
  if (job && (job.status === 'queued' || job.status === 'running'))
    throw new AppError(409, 'conflict', 'Cancel the running export before deleting it');
  await repo.deleteExport(ctx, id);
  if (exp.blobKey) await deps.blobs.delete([exp.blobKey]);
}

export async function retry(ctx: TenantContext, deps: ExportDeps, id: string): Promise<ExportDto> {
  const { exp, ent } = await mineExport(deps, ctx, id, 'manage');
  const job = exp.jobId ? (await repo.jobsById(ctx, [exp.jobId])).get(exp.jobId) : undefined;
  if (!job || (job.status !== 'failed' && job.status !== 'cancelled'))
    throw new AppError(409, 'jobNotRetryable', 'Only a failed or cancelled export can be retried');
  await deps.runtime.requeue(ctx, job);
  return toExportDto(ctx, ent, deps.blobs, exp);
}

// The export job: one step writes the whole file from a cursor (a consistent read); a worker
// that dies mid-file leaves no row behind, and the retry writes the file again from the start.
export async function runExport(deps: Omit<ExportDeps, 'exportJob'>, job: JobRun<{ exportId: string }, { rows: number }>) {
  await job.step(async (ctx) => {
    const exp = await repo.getExport(ctx, job.payload.exportId);
    if (!exp) throw new Error('The export was deleted');
    const ent = deps.registry.get(exp.entityKind as EntityKind);
    if (!ent) throw new Error(`${exp.entityKind} is not registered`);
    const rows = await writeExport(ctx, ent, deps.blobs, exp);
    await repo.updateExport(ctx, exp.id, { rowCount: rows });
    return { checkpoint: { rows }, progress: { done: rows, total: rows }, finished: true };
  });
}
