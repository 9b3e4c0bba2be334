import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_ERRORS_SHOWN,
  type EntityKind,
  type FileFormat,
  type HistoryListRequest,
  type ImportColumns,
  type ImportDto,
  type ImportMappingInfo,
  type ImportMappingsPut,
  type ImportValidation,
} from '@atrium/domain';
import type { BlobStore } from '../blobs/blob-store';
import { mergedCaptions } from '../captions';
import type { TenantContext } from '../context';
import { AppError, accessDenied, fieldError, notFound } from '../errors';
import type { EntityRow, RegisteredEntity } from '../entity/entity-registry';
import * as entityRepo from '../entity/entity.repository';
import { deleteEntity, purgeEntities, updateEntity } from '../entity/entity.service';
import { etagOf } from '../entity/etag';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobEnded, toJobDto } from '../jobs/job-runtime';
import type { JobRun, JobType } from '../jobs/job.types';
import { definitionNames, suggestMapping, templateExample } from './column-match.util';
import * as repo from './import-export.repository';
import type { ImportRow } from './import-export.table';
import { dedupeKeys, importFields, importPlan, processBatch } from './import-rows.service';
import { historyScope, requireTransfer, transferRights, type TransferNeed } from './transfer-access';
import { isStorableText } from '../text-guard';
import {
  asFileError,
  columnNames,
  fileError,
  readHead,
  readRows,
  sniffFile,
  tableBuffer,
  tableWriter,
  type FileShape,
  type ReadLimits,
} from './tabular-file.util';

// A record an import made, undone: through the engine's delete (its rules and activity), then purged.
async function removeForGood(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<void> {
  await deleteEntity(ctx, ent, id, undefined);
  await purgeEntities(ctx, ent, [id]);
}

// Rows per step of the import job: one transaction, one insert statement, one cursor move.
export const IMPORT_BATCH = 2000;
const UNDO_BATCH = 200;
// Rejected rows read per query while the download streams.
const REJECTED_PAGE = 1000;
const SAMPLES = 3;

export type Registry = ReadonlyMap<EntityKind, RegisteredEntity>;
export type ImportLog = { warn: (obj: object, msg: string) => void };
export const SILENT: ImportLog = { warn: () => undefined };
export type ImportDeps = {
  registry: Registry;
  blobs: BlobStore;
  limits: ReadLimits;
  log: ImportLog;
  runJob: JobType<{ importId: string }>;
  undoJob: JobType<{ importId: string }>;
  runtime: JobRuntime;
};

// The kind an import or export is about: registered, declaring the capability, and the caller
// holding its import (or export) permission.
export function transferEntity(registry: Registry, ctx: TenantContext, kind: string, need: 'import' | 'export'): RegisteredEntity {
  const ent = registry.get(kind as EntityKind);
  if (!ent || !ent.definition.capabilities.importExport) {
    throw new AppError(400, 'unknownKind', `${kind} records cannot be imported or exported`, [
      { field: 'entityKind', code: 'unknownKind', message: `${kind} is not an importable kind` },
    ]);
  }
  const permission = ent.definition.permissions[need];
  if (!permission || !ctx.permissions.has(permission)) throw accessDenied(`Requires permission ${permission ?? need}`);
  return ent;
}

// An import the caller may see (or, with `manage`, change): another member's needs the kind's
// view (manage) variant; 404 when unseen, 403 when seen but not theirs to change (decision 078).
async function mine(
  deps: ImportDeps,
  ctx: TenantContext,
  id: string,
  need: TransferNeed,
  lock = false,
): Promise<{ imp: ImportRow; ent: RegisteredEntity }> {
  const imp = await repo.getImport(ctx, id, lock);
  const ent = requireTransfer(deps.registry, ctx, 'import', imp, need);
  return { imp: imp as ImportRow, ent };
}

export async function toImportDto(ctx: TenantContext, ent: RegisteredEntity, read: ImportRow): Promise<ImportDto> {
  const jobs = await repo.jobsById(ctx, [read.jobId, read.undoJobId]);
  const job = read.jobId ? jobs.get(read.jobId) : undefined;
  const undo = read.undoJobId ? jobs.get(read.undoJobId) : undefined;
  // The row was read before its jobs, each statement in a snapshot of its own: a job that ended
  // in between would show as ended with the counts from before its last batch (a poller stopping
  // there would keep "0 created"). Once a job has ended, the row is read again: its counts were
  // committed with that status or before it.
  const ended = [job, undo].some((j) => j !== undefined && jobEnded(j));
  const imp = ended ? ((await repo.getImport(ctx, read.id)) ?? read) : read;
  return {
    id: imp.id,
    entityKind: imp.entityKind as EntityKind,
    fileName: imp.fileName,
    format: imp.format,
    encoding: imp.encoding,
    delimiter: imp.delimiter,
    columns: imp.columns,
    mapping: imp.mapping,
    dedupeKey: imp.dedupeKey,
    createMissing: imp.createMissing,
    dateFormat: imp.dateFormat,
    status: undo?.status === 'succeeded' ? 'undone' : (job?.status ?? 'uploaded'),
    rowCount: imp.rowCount,
    created: imp.created,
    updated: imp.updated,
    rejected: imp.rejected,
    job: job ? toJobDto(job) : null,
    undoJob: undo ? toJobDto(undo) : null,
    createdAt: imp.createdAt.toISOString(),
    createdBy: await repo.memberName(ctx, imp.createdBy),
    canManage: transferRights(ctx, ent, 'import', imp.createdBy).manage,
  };
}

async function shapeOf(blobs: BlobStore, key: string): Promise<FileShape> {
  const stream = await blobs.readStream(key);
  if (!stream) throw new AppError(404, 'notFound', 'The import file is gone');
  return sniffFile(await readHead(stream));
}

// The file's rows as they stream from the blob store (the header first).
async function fileRows(deps: Pick<ImportDeps, 'blobs' | 'limits'>, imp: ImportRow): Promise<AsyncGenerator<string[]>> {
  const stream = await deps.blobs.readStream(imp.blobKey);
  if (!stream) throw new AppError(404, 'notFound', 'The import file is gone');
  return readRows(
    stream,
    {
      format: imp.format,
      encoding: imp.encoding as FileShape['encoding'],
      delimiter: imp.delimiter as FileShape['delimiter'],
    },
    deps.limits,
  );
}

// Every language's label of a field and its import aliases, for matching column names.
const namesFor = (ent: RegisteredEntity) => definitionNames(ent.definition, [mergedCaptions('en'), mergedCaptions('de')]);

export async function mappingInfo(ctx: TenantContext, ent: RegisteredEntity): Promise<ImportMappingInfo> {
  const { fields, custom } = await importFields(ctx, ent);
  return { fields, dedupeKeys: dedupeKeys(ent, custom), dateFormats: [...IMPORT_DATE_FORMATS] };
}

// The template: every importable column with an example row, in the file format asked for.
export async function template(ctx: TenantContext, ent: RegisteredEntity, format: FileFormat): Promise<Buffer> {
  const { fields, custom } = await importFields(ctx, ent);
  const en = mergedCaptions('en');
  const list = fields.filter((f) => f.key !== 'id');
  const header = list.map((f) => (f.custom ? f.label : (en[f.label] ?? f.key)));
  const example = list.map((f) =>
    templateExample(ent.definition, f, custom.find((c) => `customFields.${c.key}` === f.key)?.options?.[0]?.value),
  );
  return tableBuffer(format, [header, example]);
}

// POST upload template: the file goes to the blob store as it arrives, then its header is read.
export async function upload(
  ctx: TenantContext,
  deps: ImportDeps,
  input: { kind: string; fileName: string; file: Readable; truncated: () => boolean },
): Promise<ImportDto> {
  const ent = transferEntity(deps.registry, ctx, input.kind, 'import');
  const id = randomUUID();
  const key = `${ctx.tenantId}/imports/${id}`;
  const size = await deps.blobs.writeStream(key, input.file, 'application/octet-stream');
  if (input.truncated()) {
    await deps.blobs.delete([key]);
    throw new AppError(413, 'fileSize', 'The file is larger than the import limit', [
      { field: 'file', code: 'fileSize', message: 'file is too large' },
    ]);
  }
  if (size === 0) {
    await deps.blobs.delete([key]);
    throw fieldError('file', 'emptyFile', 'file is empty');
  }
  let shape: FileShape;
  let header: string[];
  try {
    shape = await shapeOf(deps.blobs, key);
    const rows = readRows((await deps.blobs.readStream(key)) as Readable, shape, deps.limits);
    const first = await rows.next();
    await rows.return(undefined);
    if (first.done || first.value.length === 0) throw fieldError('file', 'unreadableFile', 'file has no header row');
    header = first.value;
    // column names are stored and shown: a NUL (or a lone surrogate) can be neither
    if (!header.every(isStorableText))
      throw fileError('invalidText', 'file has a NUL character or a broken character in its header row; fix the header row');
  } catch (err) {
    await deps.blobs.delete([key]);
    // a library's own error stays in the log (the error handler writes `internal` there)
    throw asFileError(err, 'unknown');
  }
  try {
    const columns = columnNames(header);
    const { fields } = await importFields(ctx, ent);
    const mapping = suggestMapping(columns, fields, namesFor(ent));
    const imp = await repo.insertImport(ctx, {
      id,
      entityKind: ent.definition.kind,
      fileName: input.fileName.slice(0, 255) || 'import',
      blobKey: key,
      format: shape.format,
      encoding: shape.encoding,
      delimiter: shape.delimiter,
      columns,
      mapping,
      dedupeKey: null,
    });
    return await toImportDto(ctx, ent, imp);
  } catch (err) {
    await deps.blobs.delete([key]);
    throw err;
  }
}

export async function get(ctx: TenantContext, deps: ImportDeps, id: string): Promise<ImportDto> {
  const { imp, ent } = await mine(deps, ctx, id, 'see');
  return toImportDto(ctx, ent, imp);
}

// GET columns: the file's columns with a few sample values and the suggested mapping.
export async function columns(ctx: TenantContext, deps: ImportDeps, id: string): Promise<ImportColumns> {
  const { imp, ent } = await mine(deps, ctx, id, 'see');
  const rows = await fileRows(deps, imp);
  const samples: string[][] = imp.columns.map(() => []);
  let n = 0;
  for await (const cells of rows) {
    if (n++ === 0) continue;
    cells.forEach((c, i) => {
      if (c && samples[i] && samples[i].length < SAMPLES) samples[i].push(c.slice(0, 200));
    });
    if (n > 50) break;
  }
  await rows.return(undefined);
  const { fields } = await importFields(ctx, ent);
  return {
    columns: imp.columns.map((name, i) => ({ name, samples: samples[i] ?? [] })),
    suggestions: suggestMapping(imp.columns, fields, namesFor(ent)),
  };
}

// PUT mappings: which column fills which field, the dedupe key, whether missing references
// are created, how dates are written. Only before the import has run.
export async function putMappings(ctx: TenantContext, deps: ImportDeps, id: string, body: Required<ImportMappingsPut>): Promise<ImportDto> {
  const { imp, ent } = await mine(deps, ctx, id, 'manage', true);
  if (imp.jobId) throw new AppError(409, 'importNotReady', 'This import has already run; upload the file again to change its mapping');
  const { fields, custom } = await importFields(ctx, ent);
  const known = new Set(fields.map((f) => f.key));
  const used = new Set<string>();
  const mapping: Record<string, string | null> = Object.fromEntries(imp.columns.map((c) => [c, null]));
  for (const [column, target] of Object.entries(body.mapping)) {
    if (!imp.columns.includes(column))
      throw fieldError(`mapping.${column}`, 'unknownColumn', `mapping.${column} is not a column of the file`);
    if (target === null) continue;
    if (!known.has(target))
      throw fieldError(`mapping.${column}`, 'unknownField', `mapping.${column}: ${target} is not an importable field`);
    if (used.has(target)) throw fieldError(`mapping.${column}`, 'duplicateMapping', `mapping.${column}: ${target} is mapped twice`);
    used.add(target);
    mapping[column] = target;
  }
  if (body.dedupeKey !== null) {
    if (!dedupeKeys(ent, custom).some((k) => k.key === body.dedupeKey))
      throw fieldError('dedupeKey', 'unknownField', `dedupeKey ${body.dedupeKey} cannot identify a record`);
    if (!used.has(body.dedupeKey)) throw fieldError('dedupeKey', 'required', `dedupeKey ${body.dedupeKey} must be mapped to a column`);
  }
  const updated = await repo.updateImport(ctx, id, {
    mapping,
    dedupeKey: body.dedupeKey,
    createMissing: body.createMissing,
    dateFormat: body.dateFormat,
  });
  return toImportDto(ctx, ent, updated);
}

// POST validate: a dry run over the whole file with the run's own rules; writes nothing but
// the row count.
export async function validate(ctx: TenantContext, deps: ImportDeps, ent: RegisteredEntity, id: string): Promise<ImportValidation> {
  const { imp } = await mine(deps, ctx, id, 'manage');
  if (imp.entityKind !== ent.definition.kind) throw notFound('Import');
  const plan = await importPlan(ctx, ent, imp);
  const rows = await fileRows(deps, imp);
  const result: ImportValidation = { total: 0, valid: 0, toCreate: 0, toUpdate: 0, rejected: 0, errors: [], missingReferences: [] };
  const missing = new Map<string, { field: string; value: string }>();
  let batch: string[][] = [];
  let header = true;
  const flush = async () => {
    const out = await processBatch(ctx, plan, imp, batch, result.total - batch.length + 1, 'validate');
    result.toCreate += out.toCreate;
    result.toUpdate += out.toUpdate;
    result.rejected += out.rejected;
    for (const e of out.errors) if (result.errors.length < IMPORT_ERRORS_SHOWN) result.errors.push(e);
    for (const m of out.missing) missing.set(`${m.field}\u0000${m.value.toLowerCase()}`, m);
    batch = [];
  };
  for await (const cells of rows) {
    if (header) {
      header = false;
      continue;
    }
    batch.push(cells);
    result.total += 1;
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  result.valid = result.total - result.rejected;
  result.missingReferences = [...missing.values()].slice(0, IMPORT_ERRORS_SHOWN);
  await repo.updateImport(ctx, id, { rowCount: result.total });
  return result;
}

// Starts the import job (once).
export async function run(ctx: TenantContext, deps: ImportDeps, id: string): Promise<ImportDto> {
  const { imp, ent } = await mine(deps, ctx, id, 'manage', true);
  if (imp.jobId) throw new AppError(409, 'importRunning', 'This import has already been started');
  if (!Object.values(imp.mapping).some((v) => v !== null)) throw fieldError('mapping', 'required', 'mapping maps no column');
  const job = await deps.runJob.enqueue(ctx, { importId: id });
  return toImportDto(ctx, ent, await repo.updateImport(ctx, id, { jobId: job.id }));
}

export async function history(
  ctx: TenantContext,
  deps: ImportDeps,
  q: Required<Pick<HistoryListRequest, 'page' | 'pageSize'>> & { entityKind?: EntityKind | undefined },
) {
  const scope = historyScope(deps.registry, ctx, 'import');
  const only = (kinds: EntityKind[]) => kinds.filter((k) => !q.entityKind || k === q.entityKind);
  const { rows, total } = await repo.listImports(ctx, { all: only(scope.all), own: only(scope.own) }, q.page, q.pageSize);
  const data: ImportDto[] = [];
  for (const r of rows) data.push(await toImportDto(ctx, deps.registry.get(r.entityKind as EntityKind) as RegisteredEntity, r));
  return { data, total };
}

// DELETE: the import's record and file (not the records it wrote: that is undo).
export async function remove(ctx: TenantContext, deps: ImportDeps, id: string): Promise<void> {
  const { imp } = await mine(deps, ctx, id, 'manage', true);
  const jobs = await repo.jobsById(ctx, [imp.jobId, imp.undoJobId]);
  if ([...jobs.values()].some((j) => j.status === 'queued' || j.status === 'running'))
    throw new AppError(409, 'importRunning', 'Cancel the running import before deleting it');
  await repo.deleteImport(ctx, id);
  await deps.blobs.delete([imp.blobKey]);
}

// An upload nobody started within a day is abandoned (issue 26 polish): housekeeping removes it
// from the history and deletes its file. Mapping it counts as touching it.
export const ABANDONED_IMPORT_MS = 24 * 3600 * 1000;
export async function removeAbandonedImports(ctx: TenantContext, blobs: BlobStore, now: Date): Promise<number> {
  const keys = await repo.deleteAbandonedImports(ctx, new Date(now.getTime() - ABANDONED_IMPORT_MS));
  if (keys.length > 0) await blobs.delete(keys);
  return keys.length;
}

// PUT retry: a failed or cancelled import (or undo) continues from its last committed batch.
export async function retry(ctx: TenantContext, deps: ImportDeps, id: string): Promise<ImportDto> {
  const { imp, ent } = await mine(deps, ctx, id, 'manage', true);
  const jobs = await repo.jobsById(ctx, [imp.undoJobId ?? imp.jobId]);
  const job = jobs.values().next().value;
  if (!job || (job.status !== 'failed' && job.status !== 'cancelled'))
    throw new AppError(409, 'jobNotRetryable', 'Only a failed or cancelled import can be retried');
  await deps.runtime.requeue(ctx, job);
  return toImportDto(ctx, ent, imp);
}

// Undo: its own job; records the import created are removed, those it updated restored.
export async function undo(ctx: TenantContext, deps: ImportDeps, id: string): Promise<ImportDto> {
  const { imp, ent } = await mine(deps, ctx, id, 'manage', true);
  const jobs = await repo.jobsById(ctx, [imp.jobId, imp.undoJobId]);
  const run = imp.jobId ? jobs.get(imp.jobId) : undefined;
  const undo = imp.undoJobId ? jobs.get(imp.undoJobId) : undefined;
  if (!run || run.status === 'queued' || run.status === 'running' || undo)
    throw new AppError(409, 'importNotUndoable', undo ? 'This import has already been undone' : 'Only a finished import can be undone');
  const job = await deps.undoJob.enqueue(ctx, { importId: id });
  return toImportDto(ctx, ent, await repo.updateImport(ctx, id, { undoJobId: job.id }));
}

// The refused rows as the file had them, with an Errors column: fix them and upload again.
// The access check answers now; `write` then streams pages of rows into the file writer, so
// a file of any size passes through with back-pressure instead of being held (decision 079).
export async function rejectedFile(
  ctx: TenantContext,
  deps: ImportDeps,
  id: string,
  format: FileFormat,
): Promise<{ fileName: string; write: (out: Writable) => Promise<void> }> {
  const { imp } = await mine(deps, ctx, id, 'see');
  const base = imp.fileName.replace(/\.(csv|xlsx|txt)$/i, '');
  return {
    fileName: `${base}-rejected.${format}`,
    write: async (out) => {
      // in the file's own separator: the one its author's spreadsheet reads
      const writer = tableWriter(format, out, 'Rejected', (imp.delimiter as FileShape['delimiter']) ?? ',');
      await writer.row([...imp.columns, 'Errors']);
      let after = 0;
      for (;;) {
        const page = await repo.rejectedRows(ctx, id, after, REJECTED_PAGE);
        for (const r of page) {
          const cells = imp.columns.map((_c, i) => r.cells[i] ?? '');
          await writer.row([...cells, r.errors.map((e) => e.message).join('; ')]);
        }
        if (page.length < REJECTED_PAGE) break;
        after = page[page.length - 1]?.rowNumber ?? after;
      }
      await writer.end();
    },
  };
}

type RunCheckpoint = { next: number; rejected: number };

// The import job: a step per batch of rows. The step's records, its import_rows and the cursor
// (rows done) commit together, so a worker killed mid-import resumes after the last committed
// batch and no row is written twice (decision 073).
export async function runImport(deps: Omit<ImportDeps, 'runJob' | 'undoJob'>, job: JobRun<{ importId: string }, RunCheckpoint>) {
  let reader: { rows: AsyncGenerator<string[]>; at: number } | undefined;
  try {
    await job.steps(async (ctx, checkpoint) => {
      const at = checkpoint?.next ?? 0;
      return humanFailures(deps.log, job.id, `stopped at row ${at + 1} (the rows before it are imported)`, async () => {
        const imp = await repo.getImport(ctx, job.payload.importId);
        if (!imp) throw new Error('The import was deleted');
        const ent = deps.registry.get(imp.entityKind as EntityKind);
        if (!ent) throw new Error(`${imp.entityKind} is not registered`);
        if (!reader || reader.at !== at) {
          await reader?.rows.return(undefined);
          const rows = await fileRows(deps, imp);
          // the header, then the rows already done
          for (let i = 0; i <= at; i += 1) if ((await rows.next()).done) break;
          reader = { rows, at };
        }
        const batch: string[][] = [];
        while (batch.length < IMPORT_BATCH) {
          const next = await reader.rows.next();
          if (next.done) break;
          batch.push(next.value);
        }
        reader.at += batch.length;
        const plan = await importPlan(ctx, ent, imp);
        const out = await processBatch(ctx, plan, imp, batch, at + 1, 'run');
        await repo.addCounts(ctx, imp.id, out);
        const done = at + batch.length;
        const finished = batch.length < IMPORT_BATCH;
        if (finished) await repo.updateImport(ctx, imp.id, { rowCount: done });
        const rejected = (checkpoint?.rejected ?? 0) + out.rejected;
        return {
          checkpoint: { next: done, rejected },
          progress: { done, total: finished ? done : imp.rowCount, errors: rejected, message: null },
          finished,
        };
      });
    });
  } finally {
    await reader?.rows.return(undefined);
  }
}

// A failure the import jobs word themselves (their job types' `failure`): the runtime shows
// its message as it is.
export class ImportJobFailure extends Error {}
export const importFailure = (err: unknown): string | undefined => (err instanceof ImportJobFailure ? err.message : undefined);

// What a failed job shows its members: a refusal of the file, worded for people, as it is; any
// other error (the database's, a library's, a bug) goes to the log with the job's id, and the
// job says in a sentence what happened and what to do. Thrown inside the step, so the step's
// transaction still rolls back and the runtime's control flow (yield, stop) is untouched.
async function humanFailures<T>(log: ImportLog, jobId: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) {
      if (err.internal !== undefined) log.warn({ job: jobId, err: err.internal }, err.message);
      if (err.errors?.[0]?.field !== 'file') throw err;
      // "file has …" is a field's message; the job's is a sentence
      throw new AppError(err.status, err.code, `The ${err.message}`, err.errors);
    }
    log.warn({ job: jobId, err }, 'import job failed');
    throw new ImportJobFailure(
      `The import ${what} because of an error on the server. Retry it to continue from there; if it fails again, your administrator finds the cause in the server log under job ${jobId}.`,
    );
  }
}

type UndoCheckpoint = {
  after: number;
  done: number;
  errors: number;
  // then the records "create missing" made (decision 079): the cursor and those kept
  phase?: 'rows' | 'created';
  afterCreated?: { kind: string; id: string } | null;
  removed?: number;
  kept?: string[];
  keptCount?: number;
};
const KEPT_NAMED = 10;

// Undo: created records are deleted, updated ones get their previous values back, a batch per
// step; then the records the import created to resolve references are removed, except those
// something else now refers to (kept, and named in the job's message).
export async function undoImport(deps: Omit<ImportDeps, 'runJob' | 'undoJob'>, job: JobRun<{ importId: string }, UndoCheckpoint>) {
  await job.steps(async (ctx, checkpoint) =>
    humanFailures(deps.log, job.id, 'could not be undone completely', async () => {
      const imp = await repo.getImport(ctx, job.payload.importId);
      if (!imp) throw new Error('The import was deleted');
      const ent = deps.registry.get(imp.entityKind as EntityKind);
      if (!ent) throw new Error(`${imp.entityKind} is not registered`);
      const cp: UndoCheckpoint = checkpoint ?? { after: 0, done: 0, errors: 0 };
      const total = imp.created + imp.updated;
      if (cp.phase === 'created') return undoCreatedRecords(deps, ctx, imp.id, cp, total);
      const rows = await repo.undoableRows(ctx, imp.id, cp.after, UNDO_BATCH);
      let errors = cp.errors;
      const undone: number[] = [];
      for (const r of rows) {
        if (!r.entityId) continue;
        const entityId = r.entityId;
        try {
          await ctx.db.transaction(async (sp) => {
            const sctx = { ...ctx, db: sp };
            if (r.action === 'created') {
              // an undone import's records never were: removed for good, not kept in the recycle bin (decision 086)
              if ((await entityRepo.existingIds(sctx, ent, [entityId])).has(entityId)) await removeForGood(sctx, ent, entityId);
            } else {
              const current = await entityRepo.findById(sctx, ent, entityId, true);
              if (current) await updateEntity(sctx, ent, entityId, r.previous as EntityRow, etagOf(Number(current.version)));
            }
          });
          undone.push(r.rowNumber);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors += 1;
        }
      }
      await repo.markUndone(ctx, imp.id, undone);
      // a row that could not be reverted (a record another one still references) stays counted as
      // an error; the cursor moves past it either way
      const rowsDone = rows.length < UNDO_BATCH;
      const done = cp.done + rows.length;
      const created = rowsDone && imp.createMissing ? await repo.countCreatedRecords(ctx, imp.id) : 0;
      return {
        checkpoint: {
          after: rows[rows.length - 1]?.rowNumber ?? cp.after,
          done,
          errors,
          ...(created > 0 ? { phase: 'created' as const, afterCreated: null, removed: 0, kept: [], keptCount: 0 } : {}),
        },
        progress: { done: Math.min(done, total), total: total + created, errors, message: null },
        finished: rowsDone && created === 0,
      };
    }),
  );
}

// A step of the second phase: the next records "create missing" made, removed unless something
// else refers to them now.
async function undoCreatedRecords(
  deps: Omit<ImportDeps, 'runJob' | 'undoJob'>,
  ctx: TenantContext,
  importId: string,
  cp: UndoCheckpoint,
  rowsTotal: number,
) {
  const batch = await repo.createdRecords(ctx, importId, cp.afterCreated ?? null, UNDO_BATCH);
  let removed = cp.removed ?? 0;
  const kept = [...(cp.kept ?? [])];
  let keptCount = cp.keptCount ?? 0;
  let errors = cp.errors;
  const byKind = new Map<EntityKind, string[]>();
  for (const r of batch) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
  for (const [kind, ids] of byKind) {
    const target = deps.registry.get(kind);
    if (!target) continue;
    const present = await entityRepo.existingIds(ctx, target, ids);
    const referenced = await repo.referencedIds(ctx, target, [...present]);
    const names = await entityRepo.titles(ctx, target, [...referenced]);
    for (const id of ids) {
      if (!present.has(id)) continue;
      if (referenced.has(id)) {
        keptCount += 1;
        if (kept.length < KEPT_NAMED) kept.push(names.get(id) ?? id);
        continue;
      }
      try {
        await ctx.db.transaction(async (sp) => removeForGood({ ...ctx, db: sp }, target, id));
        removed += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors += 1;
      }
    }
  }
  const finished = batch.length < UNDO_BATCH;
  const last = batch[batch.length - 1];
  const done = cp.done + batch.length;
  const message =
    keptCount === 0
      ? null
      : `Kept ${keptCount} record(s) the import created for references, because other records refer to them: ${kept.join(', ')}${
          keptCount > kept.length ? ', …' : ''
        }`;
  return {
    checkpoint: {
      ...cp,
      afterCreated: last ? { kind: last.kind, id: last.id } : (cp.afterCreated ?? null),
      removed,
      kept,
      keptCount,
      errors,
      done,
    },
    progress: { done, total: rowsTotal + (await repo.countCreatedRecords(ctx, importId)), errors, message },
    finished,
  };
}
