import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// Contact-detail lookups (Address, Email, Phone, Social, Website, Department, JobTitle).
export const globalLookups = pgTable(
  'global_lookups',
  {
    ...tenantColumns(),
    entity: text('entity').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('global_lookups_name_key').on(t.tenantId, t.entity, sql`lower(${t.name})`),
  ],
);
