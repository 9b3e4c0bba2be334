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
import { bookingPageEntity, bookingServiceEntity } from '@atrium/domain';
import { entityTable } from '../../platform/entity';
import { tenantUsers } from '../admin';
import { contacts } from '../crm';
import { floorMaps, locations, resources, resourceTypes } from '../resources';

// the keys the bookings point at (an engine table's columns are typed loosely)
const resourceKey = resources as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const resourceTypeKey = resourceTypes as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const contactKey = contacts as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A booking page (decision 093, round four): its slug is its portal address in the workspace.
export const bookingPages = entityTable('booking_pages', bookingPageEntity, {
  references: { Location: locations },
  indexes: (col) => [uniqueIndex('booking_pages_slug_key').on(col('tenantId'), col('slug'))],
});
const pageKey = bookingPages as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A booking page's own time slots (decision 093, round six; Cal.com's availability schedule of an
// event type): weekly windows in the location's local time within which a booking made through
// the page must lie. None: the page adds no window (the policy's opening hours still apply).
export const bookingPageTimeSlots = pgTable(
  'booking_page_time_slots',
  {
    tenantId: uuid('tenant_id').notNull(),
    pageId: uuid('page_id').notNull(),
    day: text('day').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.pageId, t.day, t.startsAt] }),
    foreignKey({
      columns: [t.tenantId, t.pageId],
      foreignColumns: [pageKey.tenantId, pageKey.id],
      name: 'booking_page_time_slots_page_fk',
    }).onDelete('cascade'),
    check('booking_page_time_slots_day_check', sql`${t.day} in ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun')`),
    check(
      'booking_page_time_slots_range_check',
      sql`${t.startsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

// The floor maps a booking page shows (in this order): the portal page draws each with its free
// and booked places. A map removed with its location leaves the page.
export const bookingPageMaps = pgTable(
  'booking_page_maps',
  {
    tenantId: uuid('tenant_id').notNull(),
    pageId: uuid('page_id').notNull(),
    floorMapId: uuid('floor_map_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.pageId, t.floorMapId] }),
    foreignKey({
      columns: [t.tenantId, t.pageId],
      foreignColumns: [pageKey.tenantId, pageKey.id],
      name: 'booking_page_maps_page_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.floorMapId],
      foreignColumns: [floorMaps.tenantId, floorMaps.id],
      name: 'booking_page_maps_floor_map_fk',
    }).onDelete('cascade'),
    index('booking_page_maps_floor_map_idx').on(t.tenantId, t.floorMapId),
  ],
);

// A booking of one resource by a workspace member — or, through the portal, by a contact
// (booker_id null, contact_id set; page_id the booking page) — for [starts_at, ends_at). A
// portal visitor's hold is a row in status Held until held_until: the constraint counts it, and
// an expired hold is removed before any booking of its resource is written. blocked_from and
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
    bookerId: uuid('booker_id'),
    contactId: uuid('contact_id'),
    pageId: uuid('page_id'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
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
    foreignKey({
      columns: [t.tenantId, t.contactId],
      foreignColumns: [contactKey.tenantId, contactKey.id],
      name: 'bookings_contact_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.pageId],
      foreignColumns: [pageKey.tenantId, pageKey.id],
      name: 'bookings_page_fk',
      // the migration clears page_id alone (ON DELETE SET NULL ("page_id")), never tenant_id
    }).onDelete('set null'),
    index('bookings_resource_idx').on(t.tenantId, t.resourceId, t.startsAt),
    index('bookings_booker_idx').on(t.tenantId, t.bookerId, t.startsAt),
    index('bookings_group_idx')
      .on(t.tenantId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    check(
      'bookings_range_check',
      sql`${t.endsAt} > ${t.startsAt} and ${t.blockedFrom} <= ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`,
    ),
    check('bookings_status_check', sql`${t.status} in ('Booked', 'CheckedIn', 'CheckedOut', 'Cancelled', 'Released', 'Held')`),
    // a member's booking, or a contact's through a booking page (a hold has no booker yet); a
    // hold has its end
    check('bookings_booker_check', sql`${t.bookerId} is not null or ${t.contactId} is not null or ${t.status} = 'Held'`),
    check('bookings_hold_check', sql`(${t.status} = 'Held') = (${t.heldUntil} is not null)`),
    index('bookings_contact_idx')
      .on(t.tenantId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('bookings_page_idx')
      .on(t.tenantId, t.pageId)
      .where(sql`${t.pageId} is not null`),
  ],
);

// A service that can be ordered with a booking (issue 22): catering, a set-up, parking.
export const bookingServices = entityTable('booking_services', bookingServiceEntity, {
  references: { Location: locations, ResourceType: resourceTypes },
});
const serviceKey = bookingServices as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// The services ordered with a booking: each once, with its quantity and a note for whoever
// provides it. Removed with the booking, and with the service when it is purged from the bin.
export const bookingServiceOrders = pgTable(
  'booking_service_orders',
  {
    tenantId: uuid('tenant_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bookingId, t.serviceId] }),
    foreignKey({
      columns: [t.tenantId, t.bookingId],
      foreignColumns: [bookings.tenantId, bookings.id],
      name: 'booking_service_orders_booking_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.serviceId],
      foreignColumns: [serviceKey.tenantId, serviceKey.id],
      name: 'booking_service_orders_service_fk',
    }).onDelete('cascade'),
    index('booking_service_orders_service_idx').on(t.tenantId, t.serviceId),
    check('booking_service_orders_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

// A member's favourite resources (issue 22): starred on a resource's page, offered by find-times.
export const bookingFavourites = pgTable(
  'booking_favourites',
  {
    tenantId: uuid('tenant_id').notNull(),
    tenantUserId: uuid('tenant_user_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tenantUserId, t.resourceId] }),
    foreignKey({
      columns: [t.tenantId, t.tenantUserId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'booking_favourites_member_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.resourceId],
      foreignColumns: [resourceKey.tenantId, resourceKey.id],
      name: 'booking_favourites_resource_fk',
    }).onDelete('cascade'),
    index('booking_favourites_resource_idx').on(t.tenantId, t.resourceId),
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

// External calendars connected by OAuth (decision 093 round eight): one per member and provider
// (connecting again replaces it). The refresh token is sealed with the server's token cipher
// (AES-256-GCM, a key derived from SESSION_SECRET), never stored in clear.
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    accountEmail: text('account_email'),
    scopes: text('scopes').notNull().default(''),
    refreshToken: text('refresh_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('calendar_connections_owner_provider_key').on(t.tenantId, t.ownerId, t.provider),
    foreignKey({
      columns: [t.tenantId, t.ownerId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
      name: 'calendar_connections_owner_fk',
    }).onDelete('cascade'),
    check('calendar_connections_provider_check', sql`provider in ('google', 'microsoft')`),
  ],
);
