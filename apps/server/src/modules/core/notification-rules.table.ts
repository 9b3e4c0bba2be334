import type { EntityKind, RuleRecipient } from '@atrium/domain';
import { boolean, index, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// Notification rules (decision 076): an event on records of one kind (or of every kind, when
// entity_kind is null) notifies its recipients in the app and/or by e-mail.
export const notificationRules = pgTable(
  'notification_rules',
  {
    ...tenantColumns(),
    event: text('event').notNull(),
    entityKind: text('entity_kind').$type<EntityKind>(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    recipients: jsonb('recipients').$type<RuleRecipient[]>().notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('notification_rules_event_idx').on(t.tenantId, t.event)],
);
export type NotificationRuleRow = typeof notificationRules.$inferSelect;

// A member's choice per event: e-mail off (or back on). No row: e-mail as the rules say.
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    ...tenantColumns(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    event: text('event').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('notification_preferences_user_event_key').on(t.tenantId, t.tenantUserId, t.event),
  ],
);
