import type { EntityKind } from '@atrium/domain';
import { integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// E-mail templates of one entity kind: plain text with {{field}} merge fields (decision 075).
export const emailTemplates = pgTable(
  'email_templates',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').$type<EntityKind>().notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('email_templates_kind_name_key').on(t.tenantId, t.entityKind, t.name)],
);
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
