import type { EntityKind } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// Documents and folders of any entity; a folder is a row of type Folder and its children point
// at it through parent_id. Blob keys start with the tenant id (platform/blobs).
export const documents = pgTable(
  'documents',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').$type<EntityKind>().notNull(),
    entityId: uuid('entity_id').notNull(),
    parentId: uuid('parent_id'),
    type: text('type', { enum: ['Image', 'File', 'Document', 'Folder', 'Link'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    blobKey: text('blob_key'),
    thumbBlobKey: text('thumb_blob_key'),
    linkUrl: text('link_url'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdByEmail: text('created_by_email'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('documents_entity_idx').on(t.tenantId, t.entityKind, t.entityId, t.parentId),
    index('documents_parent_idx').on(t.tenantId, t.parentId),
    // duplicate file names are refused per folder by the database, not only by a check
    uniqueIndex('documents_name_key').on(
      t.tenantId,
      t.entityKind,
      t.entityId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id], name: 'documents_parent_fk' }).onDelete('cascade'),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;
