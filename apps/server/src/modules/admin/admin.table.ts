import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';
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
    // the booking and helpdesk widgets (decision 098): the sites that may frame the portal's
    // embedded pages (origins; empty = any site) and the embedded pages' theme
    widgetOrigins: text('widget_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    widgetColor: text('widget_color'),
    widgetDark: boolean('widget_dark').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // bumped by a trigger (db/security.sql) whenever the workspace's custom fields, workflows or notification rules
    // change; entering the tenant returns it, and per-process caches of definitions key on it
    definitionsVersion: bigint('definitions_version', { mode: 'number' }).notNull().default(0),
    // bumped by triggers (db/security.sql) on every change to what a member may do — members,
    // roles, teams, team permissions, subscriptions; the membership each process remembers holds
    // while the tenant entry finds it unchanged (decision 097)
    membershipVersion: bigint('membership_version', { mode: 'number' }).notNull().default(0),
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
