import type { EntityKind, NotificationCause } from '@atrium/domain';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/table-helpers';

// In-app notifications per workspace member: mentions and changes to records they follow.
// Reads are scoped to the caller's tenant user id; no foreign key into the admin module.
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(),
    recipientId: uuid('recipient_id').notNull(),
    kind: text('kind', { enum: ['Mention', 'Followed'] }).notNull(),
    cause: text('cause').$type<NotificationCause>(),
    entityKind: text('entity_kind').$type<EntityKind>(),
    entityId: uuid('entity_id'),
    recordTitle: text('record_title'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('notifications_recipient_idx').on(t.tenantId, t.recipientId, t.createdAt)],
);
export type NotificationRow = typeof notifications.$inferSelect;
