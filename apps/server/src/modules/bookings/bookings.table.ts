import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tenantUsers } from '../admin';
import { resources, resourceTypes } from '../resources';

// the keys the bookings point at (an engine table's columns are typed loosely)
const resourceKey = resources as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const resourceTypeKey = resourceTypes as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A booking of one resource by a workspace member for [starts_at, ends_at). blocked_from and
// blocked_until are that range widened by the policy's buffers at the time of booking: the
// migration adds the exclusion constraint `bookings_no_overlap` on (tenant_id, resource_id,
// tstzrange(blocked_from, blocked_until)) for the live bookings of exclusive resources, so two
// of them can never overlap, whatever the application does (decision 093).
export const bookings = pgTable(
  'bookings',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    version: integer('version').notNull().default(1),
    resourceId: uuid('resource_id').notNull(),
    bookerId: uuid('booker_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blockedFrom: timestamp('blocked_from', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    // one booking at a time (true), or up to the resource's capacity (the policy's sharedCapacity)
    exclusive: boolean('exclusive').notNull().default(true),
    status: text('status').notNull().default('Booked'),
    // the bookings made together (a room, its hosts and equipment for one meeting), all or none
    groupId: uuid('group_id'),
    title: text('title'),
    notes: text('notes'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.resourceId],
      foreignColumns: [resourceKey.tenantId, resourceKey.id],
      name: 'bookings_resource_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.bookerId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'bookings_booker_fk',
    }).onDelete('cascade'),
    index('bookings_resource_idx').on(t.tenantId, t.resourceId, t.startsAt),
    index('bookings_booker_idx').on(t.tenantId, t.bookerId, t.startsAt),
    index('bookings_group_idx')
      .on(t.tenantId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    check(
      'bookings_range_check',
      sql`${t.endsAt} > ${t.startsAt} and ${t.blockedFrom} <= ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`,
    ),
    check('bookings_status_check', sql`${t.status} in ('Booked', 'CheckedIn', 'CheckedOut', 'Cancelled', 'Released')`),
  ],
);

// The booking policy of a resource type (decision 093): one JSON document, validated by the
// domain's bookingPolicySchema on every write; a type without a row has the default policy.
export const bookingPolicies = pgTable(
  'booking_policies',
  {
    tenantId: uuid('tenant_id').notNull(),
    resourceTypeId: uuid('resource_type_id').notNull(),
    policy: jsonb('policy').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.resourceTypeId] }),
    foreignKey({
      columns: [t.tenantId, t.resourceTypeId],
      foreignColumns: [resourceTypeKey.tenantId, resourceTypeKey.id],
      name: 'booking_policies_type_fk',
    }).onDelete('cascade'),
  ],
);

// A secret iCalendar feed URL (decision 096): a member's own bookings (resource_id null) or one
// resource's. The URL's token names its workspace; only its SHA-256 is stored, so the URL is
// shown once. Revoking it sets revoked_at: the URL answers 404 from then on.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    resourceId: uuid('resource_id'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('calendar_feeds_token_idx').on(t.tenantId, t.tokenHash),
    index('calendar_feeds_owner_idx').on(t.tenantId, t.ownerId),
    foreignKey({
      columns: [t.tenantId, t.ownerId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'calendar_feeds_owner_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.resourceId],
      foreignColumns: [resourceKey.tenantId, resourceKey.id],
      name: 'calendar_feeds_resource_fk',
    }).onDelete('cascade'),
  ],
);
