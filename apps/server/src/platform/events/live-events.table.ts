import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The workspace's event log behind GET /events (decision 040): written in the transaction of
// the change, announced with NOTIFY at its commit, replayed after a reconnect from the client's
// Last-Event-ID, and removed by the clean-up after a day.
export const liveEvents = pgTable(
  'live_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type', { enum: ['record', 'notification', 'job'] }).notNull(),
    // record events: the entity kind, whose view permission decides who receives them
    entityKind: text('entity_kind'),
    // notification and job events: the member (tenant_users.id) they are for
    recipientId: uuid('recipient_id'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('live_events_created_idx').on(t.tenantId, t.createdAt)],
);
export type LiveEventRow = typeof liveEvents.$inferSelect;
