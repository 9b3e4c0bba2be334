import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// Identity secrets (credentials, sessions, one-time tokens, the provider's storage and signing
// keys) live in their own schema, readable only by the atrium_identity role: no query a request
// runs as atrium_app can reach them (db/security.sql, ARCHITECTURE §4).
export const identitySchema = pgSchema('identity');

// Global tables: people exist before and across workspaces. A user row is the profile; the
// password lives in identity.credentials.
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    name: text('name').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    culture: text('culture').notNull().default('en-US'),
    pictureDocumentId: text('picture_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

// Local passwords (memory-hard hashes, password.util.ts), one per user that signs in with one.
export const credentials = identitySchema.table('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Failed sign-ins per account and client address, so that growing delays slow a guesser down
// without locking the owner out from elsewhere. `account` is the lower-cased e-mail as typed,
// registered or not, so the answer never tells whether an account exists.
export const signInFailures = identitySchema.table(
  'sign_in_failures',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] }), index('sign_in_failures_last_failed_idx').on(t.lastFailedAt)],
);

// Maps an identity provider's (issuer, subject) to a user.
export const userIdentities = identitySchema.table(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

// One-time tokens for e-mail verification and password reset; only the hash is stored.
export const identityTokens = identitySchema.table('identity_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['verify', 'reset', 'signin'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Storage of the embedded OIDC provider (sessions, grants, codes, refresh tokens…).
export const idpPayloads = identitySchema.table(
  'idp_payloads',
  {
    id: text('id').notNull(),
    model: text('model').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_uid_idx').on(t.uid),
    index('idp_payloads_user_code_idx').on(t.userCode),
  ],
);

// Signing keys of the embedded provider, made once and kept so tokens survive restarts.
export const idpKeys = identitySchema.table('idp_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Backend-for-frontend sessions: the refresh token never leaves the server.
export const authSessions = identitySchema.table(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    // the sid claim of the access tokens the embedded provider issues for this session (its
    // grant id): the API accepts such a token only while a live row names it (decision 002)
    sid: text('sid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_sid_idx')
      .on(t.sid)
      .where(sql`${t.sid} is not null`),
  ],
);

// Profile pictures: small images kept with the user; the URL names a random id, not the user.
export const userPictures = pgTable('user_pictures', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
