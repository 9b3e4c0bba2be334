import { campaignEntity, segmentEntity, type RecipientState, type SkipReason } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/entity';
import { contacts } from '../crm';

export const segments = entityTable('segments', segmentEntity);
export const campaigns = entityTable('campaigns', campaignEntity);
// the key the campaign's own tables point at (an engine table's columns are typed loosely)
const campaignKey = campaigns as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const contactKey = contacts as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const segmentKey = segments as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A segment's members (decision 095): the contacts its query, included and excluded ids hold,
// kept in the transaction of each contact write that can change it (only that contact is
// evaluated against each segment), rebuilt whole when the segment is saved and by the repair
// job. Counts read it; a campaign's recipients are frozen from it.
export const segmentMembers = pgTable(
  'segment_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    segmentId: uuid('segment_id').notNull(),
    contactId: uuid('contact_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.segmentId, t.contactId] }),
    // a contact's write: its rows in every segment
    index('segment_members_contact_idx').on(t.tenantId, t.contactId),
    foreignKey({
      columns: [t.tenantId, t.segmentId],
      foreignColumns: [segmentKey.tenantId, segmentKey.id],
      name: 'segment_members_segment_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.contactId],
      foreignColumns: [contactKey.tenantId, contactKey.id],
      name: 'segment_members_contact_fk',
    }).onDelete('cascade'),
  ],
);

// One row per campaign and contact, frozen when the campaign starts sending (decision 095): the
// primary key makes a second freeze add nobody twice, and the sending job claims a row
// (queued → sent in one UPDATE … WHERE state = 'queued') in the transaction that writes its
// mail to the outbox, so a crash, a second worker or a resume never mails anyone twice.
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    tenantId: uuid('tenant_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    // the recipient's short number, unique across workspaces: with the workspace it names the
    // recipient in the VERP return path within RFC 5321's 64-octet local part (decision 095)
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    state: text('state').$type<RecipientState>().notNull().default('queued'),
    skipReason: text('skip_reason').$type<SkipReason>(),
    // the address the mail went to (the contact's at that moment)
    email: text('email'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    // the delivery status notice's status of a bounce (RFC 3464, e.g. 5.1.1: hard; 4.x.x: soft)
    bounceStatus: text('bounce_status'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.campaignId, t.contactId] }),
    // the job's claim: the next queued recipients of a campaign
    index('campaign_recipients_state_idx').on(t.tenantId, t.campaignId, t.state),
    // the workspace's hourly throttle: mails sent in the last hour
    index('campaign_recipients_sent_idx').on(t.tenantId, t.sentAt),
    index('campaign_recipients_contact_idx').on(t.tenantId, t.contactId),
    // a bounce's recipient by its number
    uniqueIndex('campaign_recipients_number_idx').on(t.tenantId, t.number),
    check(
      'campaign_recipients_state_check',
      sql`${t.state} in ('queued', 'sent', 'skipped', 'opened', 'clicked', 'bounced', 'unsubscribed')`,
    ),
    foreignKey({
      columns: [t.tenantId, t.campaignId],
      foreignColumns: [campaignKey.tenantId, campaignKey.id],
      name: 'campaign_recipients_campaign_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.contactId],
      foreignColumns: [contactKey.tenantId, contactKey.id],
      name: 'campaign_recipients_contact_fk',
    }).onDelete('cascade'),
  ],
);

// A workspace's campaign settings: how many campaign e-mails may go out per hour and per day
// (the workspace's day, in its time zone), the zone of send windows, and whether mails carry
// an open-tracking pixel (off unless the workspace turns it on).
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    hourlyLimit: integer('hourly_limit').notNull(),
    dailyLimit: integer('daily_limit'),
    timeZone: text('time_zone').notNull().default('UTC'),
    openTracking: boolean('open_tracking').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    check('campaign_settings_limit_check', sql`${t.hourlyLimit} > 0`),
    check('campaign_settings_daily_limit_check', sql`${t.dailyLimit} is null or ${t.dailyLimit} > 0`),
  ],
);
