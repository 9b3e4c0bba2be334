import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns every tenant table starts with; the primary key is (tenant_id, id) (ARCHITECTURE §3).
export const tenantColumns = () => ({
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id')
    .notNull()
    .default(sql`gen_random_uuid()`),
});

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
