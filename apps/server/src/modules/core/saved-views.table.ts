import type { ListFilter, ListSort } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantUsers } from '../admin';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// A user's named view of one list (spec §2: saved filters and columns per list key), private
// or shared with the workspace.
export const savedViews = pgTable(
  'saved_views',
  {
    ...tenantColumns(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    search: text('search').notNull().default(''),
    filters: jsonb('filters')
      .$type<ListFilter[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sort: jsonb('sort')
      .$type<ListSort[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    columns: text('columns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pageSize: integer('page_size').notNull().default(25),
    columnWidths: jsonb('column_widths')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // everyone in the workspace sees a shared view; only its owner changes it
    shared: boolean('shared').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('saved_views_name_key').on(t.tenantId, t.tenantUserId, t.listKey, t.name),
    // at most one default view per user and list, guaranteed by the database
    uniqueIndex('saved_views_default_key')
      .on(t.tenantId, t.tenantUserId, t.listKey)
      .where(sql`${t.isDefault}`),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'saved_views_user_fk',
    }).onDelete('cascade'),
  ],
);
export type SavedViewRow = typeof savedViews.$inferSelect;
