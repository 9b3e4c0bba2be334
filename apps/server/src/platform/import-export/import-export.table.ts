import { FILE_FORMATS, IMPORT_DATE_FORMATS } from '@atrium/domain';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../table-helpers';

// One row per uploaded import file (decision 070): what the file is, how its columns map onto
// the kind's fields, and the jobs that ran it and undid it.
export const imports = pgTable(
  'imports',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    fileName: text('file_name').notNull(),
    blobKey: text('blob_key').notNull(),
    format: text('format', { enum: FILE_FORMATS }).notNull(),
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    dedupeKey: text('dedupe_key'),
    createMissing: boolean('create_missing').notNull().default(false),
    dateFormat: text('date_format', { enum: IMPORT_DATE_FORMATS }).notNull().default('YYYY-MM-DD'),
    rowCount: integer('row_count'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    jobId: uuid('job_id'),
    undoJobId: uuid('undo_job_id'),
    createdBy: uuid('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('imports_created_idx').on(t.tenantId, t.createdAt)],
);
export type ImportRow = typeof imports.$inferSelect;

// What each data row of an import did, keyed by (import, row number): written in the transaction
// that moves the job's cursor past it, so a retried batch cannot write a row twice; undo reads it.
export const importRows = pgTable(
  'import_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    importId: uuid('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    action: text('action', { enum: ['created', 'updated', 'rejected'] }).notNull(),
    entityId: uuid('entity_id'),
    // updated rows: the writable values before the import, restored by undo
    previous: jsonb('previous'),
    // rejected rows: the cells as read and the errors, for the rejected-rows file
    cells: jsonb('cells').$type<string[]>(),
    errors: jsonb('errors'),
    undone: boolean('undone').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.importId, t.rowNumber] }),
    foreignKey({
      columns: [t.tenantId, t.importId],
      foreignColumns: [imports.tenantId, imports.id],
      name: 'import_rows_import_fk',
    }).onDelete('cascade'),
  ],
);

// Records an import created to resolve a reference ("create missing": an organization named in
// a contact's row), written in the transaction of the batch that created them; undo removes them
// unless something else now refers to them (decision 079).
export const importCreatedRecords = pgTable(
  'import_created_records',
  {
    tenantId: uuid('tenant_id').notNull(),
    importId: uuid('import_id').notNull(),
    entityKind: text('entity_kind').notNull(),
    entityId: uuid('entity_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.importId, t.entityKind, t.entityId] }),
    foreignKey({
      columns: [t.tenantId, t.importId],
      foreignColumns: [imports.tenantId, imports.id],
      name: 'import_created_records_import_fk',
    }).onDelete('cascade'),
  ],
);

// One row per export (decision 072): the list request it honours and the file it wrote.
export const exportsTable = pgTable(
  'exports',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    format: text('format', { enum: FILE_FORMATS }).notNull(),
    fileName: text('file_name').notNull(),
    request: jsonb('request').notNull(),
    blobKey: text('blob_key'),
    rowCount: integer('row_count'),
    jobId: uuid('job_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('exports_created_idx').on(t.tenantId, t.createdAt)],
);
export type ExportRow = typeof exportsTable.$inferSelect;
