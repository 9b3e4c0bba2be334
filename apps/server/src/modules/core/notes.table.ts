import type { EntityKind } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// Notes of any entity (ARCHITECTURE §3: keyed by tenant, entity kind and entity id). The body
// is stored already sanitized; mentions are the tenant users named in it.
export const notes = pgTable(
  'notes',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').$type<EntityKind>().notNull(),
    entityId: uuid('entity_id').notNull(),
    body: text('body').notNull(),
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // tenant_users.id of the author; no foreign key so a removed member's notes stay
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdByEmail: text('created_by_email'),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('notes_entity_idx').on(t.tenantId, t.entityKind, t.entityId, t.createdAt)],
);
export type NoteRow = typeof notes.$inferSelect;
