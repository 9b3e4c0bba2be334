import type { EntityKind } from '@atrium/domain';
import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/table-helpers';

// Members who follow a record: they are notified of its changes. No foreign key to
// tenant_users (another module's table); reads join active members, so a removed member drops out.
export const collaborators = pgTable(
  'collaborators',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').$type<EntityKind>().notNull(),
    entityId: uuid('entity_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('collaborators_entity_user_key').on(t.tenantId, t.entityKind, t.entityId, t.tenantUserId),
    index('collaborators_user_idx').on(t.tenantId, t.tenantUserId),
  ],
);
export type CollaboratorRow = typeof collaborators.$inferSelect;
