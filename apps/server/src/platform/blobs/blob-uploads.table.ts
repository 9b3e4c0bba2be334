import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// One row per signed upload URL handed out: the size and type it was issued for, and whether
// it has been used. A URL uploads once and its upload registers once; rows whose URL expired
// unused name the files a cleanup may remove.
export const blobUploads = pgTable(
  'blob_uploads',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdBy: uuid('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('blob_uploads_expires_idx').on(t.tenantId, t.expiresAt)],
);
