import { sql } from 'drizzle-orm';
import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantUsers } from '../admin';

// A user's dashboard: the widgets they chose, in their order (decision 037).
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    tenantId: uuid('tenant_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    widgets: text('widgets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tenantUserId] }),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'dashboard_layouts_user_fk',
    }).onDelete('cascade'),
  ],
);
