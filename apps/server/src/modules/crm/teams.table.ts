import { customQueryEntity, teamEntity } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { entityTable, relationTable } from '../../platform/entity';
import { tenantUsers } from '../admin';
import { contacts } from './contacts.table';

// Teams are an engine kind (teamEntity). The admin module makes a workspace's default team
// (and adds its users to it) with plain SQL, so it needs no import from here. Names are unique
// per workspace, whatever their case.
export const teams = entityTable('teams', teamEntity, {
  indexes: (col) => [uniqueIndex('teams_name_idx').on(col('tenantId'), sql`lower(${col('name')})`)],
});
// the key the team's own tables point at (an engine table's columns are typed loosely)
const teamKey = teams as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId, t.tenantUserId] }),
    // a member's teams, read on every request for the permissions the teams grant
    index('team_members_user_idx').on(t.tenantId, t.tenantUserId),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teamKey.tenantId, teamKey.id], name: 'team_members_team_fk' }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'team_members_user_fk',
    }).onDelete('cascade'),
  ],
);

// A team's invite URL (one per team): the token's hash, its expiry, who made it. Revoking
// deletes the row, so every URL made before stops working at once.
export const teamInviteLinks = pgTable(
  'team_invite_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId] }),
    unique('team_invite_links_token_key').on(t.tenantId, t.tokenHash),
    foreignKey({
      columns: [t.tenantId, t.teamId],
      foreignColumns: [teamKey.tenantId, teamKey.id],
      name: 'team_invite_links_team_fk',
    }).onDelete('cascade'),
  ],
);

// Module permissions a team grants its members, merged into their permission set when they
// enter the workspace (db/security.sql, atrium_enter_tenant).
export const teamPermissions = pgTable(
  'team_permissions',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId] }),
    foreignKey({
      columns: [t.tenantId, t.teamId],
      foreignColumns: [teamKey.tenantId, teamKey.id],
      name: 'team_permissions_team_fk',
    }).onDelete('cascade'),
  ],
);

// Saved contact filters (custom queries) and what teams relate to: contacts linked by hand,
// and custom queries whose matches count as the team's contacts.
export const customQueries = entityTable('custom_queries', customQueryEntity);
export const teamContacts = relationTable('team_contacts', teams, contacts);
export const teamCustomQueries = relationTable('team_custom_queries', teams, customQueries);
