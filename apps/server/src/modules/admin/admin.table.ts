import { sql } from 'drizzle-orm';
import { teamEntity } from '@atrium/domain';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/entity';
import { users } from '../../identity/identity.table';
import { tenantColumns, timestamps } from '../../platform/table-helpers';

// The tenant register itself is global: slugs and domains are unique across Atrium.
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('tenants_slug_key'),
    domain: text('domain'),
    domainSignUp: boolean('domain_sign_up').notNull().default(false),
    // ISO 4217 code of every money field in the workspace (decision 024)
    currency: text('currency').notNull().default('EUR'),
    // join-by-domain counts only once the domain is proven (workspace-domain.service.ts)
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    domainProofMethod: text('domain_proof_method', { enum: ['dns', 'email'] }),
    // the value of the TXT record that proves the domain; public by nature, unguessable
    domainChallenge: text('domain_challenge'),
    domainCodeHash: text('domain_code_hash'),
    domainCodeSentTo: text('domain_code_sent_to'),
    domainCodeExpiresAt: timestamp('domain_code_expires_at', { withTimezone: true }),
    domainCodeAttempts: integer('domain_code_attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // bumped by a trigger (db/security.sql) whenever the workspace's custom fields or workflows
    // change; entering the tenant returns it, and per-process caches of definitions key on it
    definitionsVersion: bigint('definitions_version', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('tenants_domain_idx').on(t.domain)],
);

export const roles = pgTable(
  'roles',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    // Admin, Member, PortalUser for the roles every workspace starts with; null for custom roles
    systemKey: text('system_key'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('roles_name_key').on(t.tenantId, t.name)],
);

export const tenantUsers = pgTable(
  'tenant_users',
  {
    ...tenantColumns(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roleId: uuid('role_id').notNull(),
    status: text('status', { enum: ['invited', 'active'] }).notNull(),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    version: text('version')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('tenant_users_email_key').on(t.tenantId, t.email),
    index('tenant_users_user_idx').on(t.tenantId, t.userId),
    index('tenant_users_user_global_idx').on(t.userId),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id], name: 'tenant_users_role_fk' }),
  ],
);

// Teams are an engine kind (teamEntity, registered by the CRM module); the table stays here
// because the workspace's creation makes its default team. Names are unique per workspace,
// whatever their case.
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

// One subscription per tenant and product (Helpdesk, Project, Workplace).
export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    productType: text('product_type', { enum: ['Project', 'Helpdesk', 'Workplace'] }).notNull(),
    planSlug: text('plan_slug').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productType] })],
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
