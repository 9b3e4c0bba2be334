import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';
import { tenantUsers } from '../admin';
import { helpdesks } from './helpdesk.table';

const helpdeskKey = helpdesks as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A helpdesk's members (decision 094 round six): a workspace user with one role of the fixed
// catalogue (HELPDESK_ROLES) in that helpdesk, gone with the helpdesk or the user.
export const helpdeskMembers = pgTable(
  'helpdesk_members',
  {
    ...tenantColumns(),
    helpdeskId: uuid('helpdesk_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    role: text('role').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('helpdesk_members_helpdesk_user_key').on(t.tenantId, t.helpdeskId, t.tenantUserId),
    foreignKey({
      columns: [t.tenantId, t.helpdeskId],
      foreignColumns: [helpdeskKey.tenantId, helpdeskKey.id],
      name: 'helpdesk_members_helpdesk_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'helpdesk_members_user_fk',
    }).onDelete('cascade'),
    index('helpdesk_members_user_idx').on(t.tenantId, t.tenantUserId),
    check('helpdesk_members_role_check', sql`role in ('Viewer', 'Agent', 'Supervisor')`),
  ],
);
