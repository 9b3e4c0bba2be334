import type { MultipartFile } from '@fastify/multipart';
import {
  ENTITY_KINDS,
  FILE_FORMATS,
  exportDto,
  exportMappingSchema,
  exportRequestSchema,
  historyListRequestSchema,
  importColumnsSchema,
  importDto,
  importMappingInfoSchema,
  importMappingsPutSchema,
  importValidateRequestSchema,
  importValidationSchema,
  pagedResponse,
} from '@atrium/domain';
import type { FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import type { BlobStore } from '../blobs/blob-store';
import { contentDisposition } from '../blobs/blob-signing';
import { registerCaptions } from '../captions';
import { AppError } from '../errors';
import { EXAMPLE_ID, kindWords, provideEntityRoutes } from '../entity/entity-routes';
import { entityRegistry } from '../entity/entity-registry';
import type { JobRuntime } from '../jobs/job-runtime';
import type { Router } from '../router';
import * as exportsService from './exports.service';
import { exportMapping, runExport, type ExportDeps } from './exports.service';
import {
  importFailure,
  mappingInfo,
  runImport,
  SILENT,
  template,
  transferEntity,
  undoImport,
  type ImportDeps,
  type ImportLog,
} from './imports.service';
import * as importsService from './imports.service';
import { importExportCaptions } from './import-export.captions';
import { CONTENT_TYPES, DEFAULT_READ_LIMITS } from './tabular-file.util';

const idParams = z.object({ id: z.uuid() });
const formatQuery = z.object({ format: z.enum(FILE_FORMATS).default('csv') });
// what a CSV or XLSX download answers, for the API document
const FILE_TYPES = [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx];
const jobPayload = z.strictObject({ importId: z.uuid() });

function fileHeaders(reply: FastifyReply, format: 'csv' | 'xlsx', fileName: string): void {
  reply.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : CONTENT_TYPES.xlsx);
  reply.header('content-disposition', contentDisposition('attachment', fileName));
  reply.header('cache-control', 'no-store');
}

// A file answer (templates): sent here, so the JSON serializer never sees it.
async function sendFile(reply: FastifyReply, format: 'csv' | 'xlsx', fileName: string, data: Buffer): Promise<void> {
  fileHeaders(reply, format, fileName);
  await reply.send(data);
}

// Import and export as an engine capability (issue 14, decisions 070–074): every kind whose
// definition declares `importExport` gets the template, mapping, validate and export calls under
// its own path; the shared calls (upload, columns, mappings, history, retry, undo) live under
// /api/v1/core/imports and /exports. No module writes import code.
export function registerImportExport(
  router: Router,
  deps: { jobs: JobRuntime; blobs: BlobStore; maxRows?: number; log?: ImportLog },
): void {
  registerCaptions(importExportCaptions);
  const registry = entityRegistry(router);
  const limits = { ...DEFAULT_READ_LIMITS, ...(deps.maxRows === undefined ? {} : { maxRows: deps.maxRows }) };
  const base = { registry, blobs: deps.blobs, runtime: deps.jobs, limits, log: deps.log ?? SILENT };
  const runJob = deps.jobs.define<{ importId: string }, { next: number; rejected: number }>({
    type: 'import.run',
    payload: jobPayload,
    idempotency:
      'A step writes one batch of rows, their import_rows (primary key import + row number) and the cursor in one transaction; a retry resumes after the last committed batch.',
    handler: (job) => runImport(base, job),
    failure: importFailure,
  });
  const undoJob = deps.jobs.define<{ importId: string }, { after: number; done: number; errors: number }>({
    type: 'import.undo',
    payload: jobPayload,
    idempotency: 'Each step reverts a batch of import_rows, marks them undone and moves the cursor past them in one transaction.',
    handler: (job) => undoImport(base, job),
    failure: importFailure,
  });
  const exportJob = deps.jobs.define<{ exportId: string }, { rows: number }>({
    type: 'export.run',
    payload: z.strictObject({ exportId: z.uuid() }),
    idempotency: 'One step writes the whole file from a cursor and records its row count; a retry writes the same file again.',
    handler: (job) => runExport(base, job),
  });
  deps.jobs.cleanup({
    name: 'abandoned-imports',
    description: 'Imports uploaded but not started within a day',
    run: (ctx, now) => importsService.removeAbandonedImports(ctx, deps.blobs, now),
  });
  const importDeps: ImportDeps = { ...base, runJob, undoJob };
  const exportDeps: ExportDeps = { ...base, exportJob };

  provideEntityRoutes(router, (r, ent) => {
    const def = ent.definition;
    if (!def.capabilities.importExport) return;
    const { basePath, permissions: p } = def;
    const { many } = kindWords(def.kind);
    const tags = [def.kind];
    r.tenant({
      method: 'GET',
      url: `${basePath}/import-template`,
      summary: `An import template for ${many} (CSV or XLSX): every importable column and an example row`,
      tags,
      permission: p.import,
      schemas: { query: formatQuery },
      produces: FILE_TYPES,
      handler: async (ctx, { query, reply }) =>
        sendFile(reply, query.format, `${def.savedViewKey}-import-template.${query.format}`, await template(ctx, ent, query.format)),
    });
    r.tenant({
      method: 'GET',
      url: `${basePath}/import-mapping`,
      summary: `The fields an import of ${many} can fill, the keys that find existing records, the date formats`,
      tags,
      permission: p.import,
      schemas: { response: importMappingInfoSchema },
      handler: async (ctx) => mappingInfo(ctx, ent),
    });
    r.tenant({
      method: 'POST',
      url: `${basePath}/import-validate`,
      summary: `Validate an uploaded import of ${many}: a dry run with per-row, per-field errors`,
      tags,
      permission: p.import,
      schemas: { body: importValidateRequestSchema, response: importValidationSchema },
      example: { importId: EXAMPLE_ID },
      handler: async (ctx, { body }) => importsService.validate(ctx, importDeps, ent, body.importId),
    });
    r.tenant({
      method: 'GET',
      url: `${basePath}/export-mapping`,
      summary: `The columns an export of ${many} can have`,
      tags,
      permission: p.export,
      schemas: { response: exportMappingSchema },
      handler: async (ctx) => exportMapping(ctx, ent),
    });
    r.tenant({
      method: 'POST',
      url: `${basePath}/export`,
      summary: `Export ${many} under the list's filters, sort, columns and selection (CSV or XLSX); large exports run as a job`,
      tags,
      permission: p.export,
      status: 201,
      schemas: { body: exportRequestSchema, response: exportDto },
      example: { format: 'csv', filters: [], sort: [] },
      handler: async (ctx, { body }) => exportsService.start(ctx, exportDeps, ent, body),
    });
    r.tenant({
      method: 'PUT',
      url: `${basePath}/export/:exportId/retry`,
      summary: `Retry a failed or cancelled export of ${many}`,
      tags,
      permission: p.export,
      table: 'exports',
      schemas: { params: z.object({ exportId: z.uuid() }), response: exportDto },
      handler: async (ctx, { params }) => exportsService.retry(ctx, exportDeps, params.exportId),
    });
  });

  const tags = ['imports'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/imports/upload',
    summary: 'Upload a file to import (multipart: file; CSV comma/semicolon/tab, UTF-8 or Windows-1252, or XLSX)',
    tags,
    permission: null,
    status: 201,
    consumes: ['multipart/form-data'],
    multipartFields: { file: { type: 'file', description: 'The CSV or XLSX file', required: true } },
    schemas: { query: z.object({ entityKind: z.enum(ENTITY_KINDS) }), response: importDto },
    handler: async (ctx, { query, request }) => {
      transferEntity(registry, ctx, query.entityKind, 'import');
      const part: MultipartFile | undefined = await request.file();
      if (!part)
        throw new AppError(400, 'required', 'A file is required', [{ field: 'file', code: 'required', message: 'file is required' }]);
      return importsService.upload(ctx, importDeps, {
        kind: query.entityKind,
        fileName: part.filename,
        file: part.file,
        truncated: () => part.file.truncated,
      });
    },
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/imports/:id',
    summary: 'An import with its mapping, counts and jobs',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, response: importDto },
    handler: async (ctx, { params }) => importsService.get(ctx, importDeps, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/imports/:id/columns',
    summary: "The file's columns with sample values and the suggested mapping",
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, response: importColumnsSchema },
    handler: async (ctx, { params }) => importsService.columns(ctx, importDeps, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/imports/:id/mappings',
    summary: 'Set which column fills which field, the dedupe key, whether missing references are created, the date format',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, body: importMappingsPutSchema, response: importDto },
    example: { mapping: {}, dedupeKey: null, createMissing: false, dateFormat: 'YYYY-MM-DD' },
    handler: async (ctx, { params, body }) => importsService.putMappings(ctx, importDeps, params.id, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/imports/:id/run',
    summary: 'Start the import as a background job (progress through the jobs API and live events)',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, response: importDto },
    handler: async (ctx, { params }) => importsService.run(ctx, importDeps, params.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/imports/:id/undo',
    summary: 'Undo an import as a job: records it created are removed, records it updated restored',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, response: importDto },
    handler: async (ctx, { params }) => importsService.undo(ctx, importDeps, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/imports/:id/rejected',
    summary: 'The rows the import refused, as the file had them, with an Errors column (CSV or XLSX)',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: idParams, query: formatQuery },
    produces: FILE_TYPES,
    handler: async (ctx, { params, query, reply, request }) => {
      // 404/403 before anything is sent; then the rows stream straight into the reply, and the
      // handler (its tenant transaction) lasts until the reply has finished (decision 079)
      const { fileName, write } = await importsService.rejectedFile(ctx, importDeps, params.id, query.format);
      const out = new PassThrough();
      fileHeaders(reply, query.format, fileName);
      const sent = finished(reply.raw).catch(() => undefined);
      void reply.send(out);
      try {
        await write(out);
      } catch (err) {
        request.log.warn({ err }, 'rejected rows download cut short');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      }
      await sent;
    },
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/imports/history',
    summary: "The caller's imports, and everybody's of the kinds whose view or manage variant they hold, newest first",
    tags,
    permission: null,
    readOnly: true,
    schemas: { body: historyListRequestSchema, response: pagedResponse(importDto) },
    example: { page: 1, pageSize: 25 },
    handler: async (ctx, { body }) => importsService.history(ctx, importDeps, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/imports/:id',
    summary: 'Delete an import and its file (the records it wrote stay; undo removes those)',
    tags,
    permission: null,
    table: 'imports',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => importsService.remove(ctx, importDeps, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/imports/:importId/retry',
    summary: 'Retry a failed or cancelled import (or its undo) from its last committed batch',
    tags,
    permission: null,
    table: 'imports',
    schemas: { params: z.object({ importId: z.uuid() }), response: importDto },
    handler: async (ctx, { params }) => importsService.retry(ctx, importDeps, params.importId),
  });

  const etags = ['exports'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/exports/history',
    summary: "The caller's exports, and everybody's of the kinds whose view or manage variant they hold, newest first, with download URLs",
    tags: etags,
    permission: null,
    readOnly: true,
    schemas: { body: historyListRequestSchema, response: pagedResponse(exportDto) },
    example: { page: 1, pageSize: 25 },
    handler: async (ctx, { body }) => exportsService.history(ctx, exportDeps, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/exports/:id',
    summary: 'An export with its job and, once written, a download URL',
    tags: etags,
    permission: null,
    table: 'exports',
    schemas: { params: idParams, response: exportDto },
    handler: async (ctx, { params }) => exportsService.get(ctx, exportDeps, params.id),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/exports/:id',
    summary: 'Delete an export and its file',
    tags: etags,
    permission: null,
    table: 'exports',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => exportsService.remove(ctx, exportDeps, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/exports/:exportId/retry',
    summary: 'Retry a failed or cancelled export',
    tags: etags,
    permission: null,
    table: 'exports',
    schemas: { params: z.object({ exportId: z.uuid() }), response: exportDto },
    handler: async (ctx, { params }) => exportsService.retry(ctx, exportDeps, params.exportId),
  });
}
