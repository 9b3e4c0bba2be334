import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants';
import { ENTITY_KINDS } from './enums';
import { entityListFilterSchema, entityListSortSchema, tagsMatchSchema } from './entity/list-query.schema';
import { jobSchema } from './jobs.schema';
import { pageSizeSchema } from './schemas';

// Import and export of records (issue 14, decisions 070–074): an engine capability of every kind
// whose definition declares `importExport`.
export const FILE_FORMATS = ['csv', 'xlsx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

// How a date cell is read besides ISO 8601 (always accepted): the user's culture picks the default.
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

// Where an import stands: uploaded (mapping), then the run job's status; undone after an undo.
export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

// A mapping target: a built-in field key, `customFields.<key>`, or `id` (update by id).
export const importTargetSchema = z.string().min(1).max(120);
export const importMappingSchema = z.record(z.string().max(300), importTargetSchema.nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importDto = z.object({
  id: z.uuid(),
  entityKind: z.enum(ENTITY_KINDS),
  fileName: z.string(),
  format: z.enum(FILE_FORMATS),
  // what the file turned out to be: utf-8 or windows-1252; the separator of a CSV
  encoding: z.string(),
  delimiter: z.string().nullable(),
  columns: z.array(z.string()),
  mapping: importMappingSchema,
  dedupeKey: z.string().nullable(),
  createMissing: z.boolean(),
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  // rows of the file (known after validation or the run), created, updated, refused
  rowCount: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  job: jobSchema.nullable(),
  undoJob: jobSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  // the caller may delete, retry and undo it: their own, or the kind's manage variant (decision 078)
  canManage: z.boolean(),
});
export type ImportDto = z.infer<typeof importDto>;

export const importColumnSchema = z.object({ name: z.string(), samples: z.array(z.string()) });
export const importColumnsSchema = z.object({
  columns: z.array(importColumnSchema),
  // the field each column most likely means, by name similarity (HubSpot, Salesforce… headers)
  suggestions: importMappingSchema,
});
export type ImportColumns = z.infer<typeof importColumnsSchema>;

export const importFieldSchema = z.object({
  key: z.string(),
  // a caption key (built-in fields) or the custom field's own label
  label: z.string(),
  custom: z.boolean(),
  required: z.boolean(),
  kind: z.string(),
  // references: the kind they point at, resolved by title or id
  target: z.string().nullable(),
});
export const importMappingInfoSchema = z.object({
  fields: z.array(importFieldSchema),
  // what can identify an existing record to update instead of creating one
  dedupeKeys: z.array(z.object({ key: z.string(), label: z.string(), custom: z.boolean() })),
  dateFormats: z.array(z.enum(IMPORT_DATE_FORMATS)),
});
export type ImportMappingInfo = z.infer<typeof importMappingInfoSchema>;
export type ImportField = z.infer<typeof importFieldSchema>;

export const importMappingsPutSchema = z.strictObject({
  mapping: importMappingSchema,
  dedupeKey: z.string().max(120).nullable().default(null),
  createMissing: z.boolean().default(false),
  dateFormat: z.enum(IMPORT_DATE_FORMATS).default('YYYY-MM-DD'),
});
export type ImportMappingsPut = z.input<typeof importMappingsPutSchema>;

export const importValidateRequestSchema = z.strictObject({ importId: z.uuid() });
export const importRowErrorSchema = z.object({
  // 1-based data row of the file (the header is row 0)
  row: z.number().int(),
  // the file's column, when the error is about one
  column: z.string().nullable(),
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export const IMPORT_ERRORS_SHOWN = 500;
export const importValidationSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  rejected: z.number().int(),
  // the first IMPORT_ERRORS_SHOWN errors; the rejected rows file has all
  errors: z.array(importRowErrorSchema),
  // references that name no record (created on the run when createMissing is on)
  missingReferences: z.array(z.object({ field: z.string(), value: z.string() })),
});
export type ImportValidation = z.infer<typeof importValidationSchema>;

export const historyListRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  entityKind: z.enum(ENTITY_KINDS).optional(),
});
export type HistoryListRequest = z.input<typeof historyListRequestSchema>;

// What separates a CSV file's cells: comma, or semicolon where the decimal mark is a comma
// (German Excel opens a comma file as one column), or tab.
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
// the separator a spreadsheet of this culture expects (de → ";")
export const csvDelimiterOf = (culture: string): CsvDelimiter => (new Intl.NumberFormat(culture).format(1.5).includes(',') ? ';' : ',');

export const exportRequestSchema = z.strictObject({
  format: z.enum(FILE_FORMATS).default('csv'),
  // CSV only; the web preselects the user's culture's (csvDelimiterOf)
  delimiter: z.enum(CSV_DELIMITERS).default(','),
  search: z.string().trim().max(200).optional(),
  filters: z.array(entityListFilterSchema).max(20).default([]),
  sort: z.array(entityListSortSchema).max(3).default([]),
  archived: z.boolean().default(false),
  tags: z.array(z.uuid()).max(20).optional(),
  tagsMatch: tagsMatchSchema,
  // the list's visible columns, in order; none: every exportable column
  columns: z.array(z.string().max(120)).max(200).optional(),
  // the list's selection: only these records
  ids: z.array(z.uuid()).max(10_000).optional(),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;
export type ExportRequestParsed = z.output<typeof exportRequestSchema>;

export const exportDto = z.object({
  id: z.uuid(),
  entityKind: z.enum(ENTITY_KINDS),
  format: z.enum(FILE_FORMATS),
  fileName: z.string(),
  status: z.enum(EXPORT_STATUSES),
  rowCount: z.number().int().nullable(),
  job: jobSchema.nullable(),
  // a short-lived signed URL of the file, once it is written
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  // the caller may delete and retry it: their own, or the kind's manage variant (decision 078)
  canManage: z.boolean(),
});
export type ExportDto = z.infer<typeof exportDto>;

export const exportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  custom: z.boolean(),
  // reference columns are written twice: the title, and "<label> id" with the id
  reference: z.boolean(),
});
export const exportMappingSchema = z.object({ columns: z.array(exportColumnSchema) });
export type ExportMapping = z.infer<typeof exportMappingSchema>;
