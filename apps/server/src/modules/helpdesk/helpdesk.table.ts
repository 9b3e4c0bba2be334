import {
  articleEntity,
  helpdeskEntity,
  REPLY_THREADINGS,
  REQUEST_MESSAGE_KINDS,
  requestEntity,
  TEXT_SEARCH_CONFIGS,
  topicEntity,
} from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/entity';
import { tenantColumns } from '../../platform/table-helpers';
import { tenantUsers } from '../admin';
import { contacts } from '../crm';
import { tasks } from '../projects';

export const helpdesks = entityTable('helpdesks', helpdeskEntity, {
  // the portal's address part is the helpdesk's own in the workspace (the engine checks first)
  indexes: (col) => [uniqueIndex('helpdesks_portal_slug_key').on(col('tenantId'), col('portalSlug'))],
});
export const topics = entityTable('topics', topicEntity, { references: { Helpdesk: helpdesks, User: tenantUsers } });
export const articles = entityTable('articles', articleEntity, {
  references: { Helpdesk: helpdesks, Topic: topics },
  // ranked search in the article's language: the title weighs most
  fullText: {
    languageField: 'language',
    configs: TEXT_SEARCH_CONFIGS,
    weights: [
      { field: 'title', weight: 'A' },
      { field: 'content', weight: 'B' },
    ],
  },
  indexes: (col) => [
    uniqueIndex('articles_helpdesk_slug_key').on(col('tenantId'), col('helpdeskId'), col('slug')),
    // the scheduled-publishing job reads only drafts with a time
    index('articles_publish_at_idx')
      .on(col('tenantId'), col('publishAt'))
      .where(sql`status = 'Draft' and publish_at is not null`),
  ],
});
export const requests = entityTable('requests', requestEntity, {
  references: { Helpdesk: helpdesks, Contact: contacts, Topic: topics, Task: tasks, User: tenantUsers },
  // the list's order, newest first, is the engine's sort index (it follows the sort's direction:
  // an ascending one made the first page sort all requests, issue 23's bench: 155 ms over
  // 40,000); the live requests by stage, newest first, so that the list's totals (of all, of a
  // stage) are index-only counts and a stage's page is a walk of its own entries (29 ms each,
  // reading the table, over 100,000)
  indexes: (col) => [
    index('requests_live_stage_idx')
      .on(col('tenantId'), col('workflowStage'), col('createdAt').desc().nullsLast(), col('id'))
      .where(sql`deleted_at is null and archived_at is null`),
    // the total of the unfiltered list, an index-only count of this small index (a read of the
    // table otherwise: 22 ms over 100,000)
    index('requests_live_idx')
      .on(col('tenantId'))
      .where(sql`deleted_at is null and archived_at is null`),
  ],
});

const key = (t: unknown) => t as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A request's conversation: the requester's messages (inbound), agents' replies (outbound,
// mailed with threading headers) and internal notes. Removed with the request.
export const requestMessages = pgTable(
  'request_messages',
  {
    ...tenantColumns(),
    requestId: uuid('request_id').notNull(),
    kind: text('kind', { enum: REQUEST_MESSAGE_KINDS }).notNull(),
    body: text('body').notNull(),
    // a member's id as it was when written (a member who leaves keeps their name on the message)
    authorId: uuid('author_id'),
    authorName: text('author_name'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    // an inbound mail that was a reply (In-Reply-To/References, or the helpdesk's request number
    // in its subject): how it threaded — header, subject, or none (it became a new request);
    // null for any other message (the threading share per helpdesk, round five)
    replyThreading: text('reply_threading', { enum: REPLY_THREADINGS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [key(requests).tenantId, key(requests).id],
      name: 'request_messages_request_fk',
    }).onDelete('cascade'),
    index('request_messages_request_idx').on(t.tenantId, t.requestId, t.createdAt),
    // a reply mailed in threads by the Message-ID it answers
    uniqueIndex('request_messages_message_id_key')
      .on(t.tenantId, t.messageId)
      .where(sql`message_id is not null`),
    check('request_messages_kind_check', sql`kind in ('inbound', 'outbound', 'note')`),
    check('request_messages_reply_threading_check', sql`reply_threading in ('header', 'subject', 'none')`),
    check('request_messages_body_check', sql`length(body) between 1 and 100000`),
  ],
);

// Portal users (issue 23, decision 094 round three): people outside the workspace who sign in to
// one helpdesk's portal by a magic link. `link` rows are the mailed one-time links (15 minutes),
// `session` rows the signed-in browser's cookie (7 days); both hold only the SHA-256 of the
// random token. A portal user is the requester contact of the address, never a member.
// The tokens are the workspace's (decision 093 round eight): `helpdesk_id` is the helpdesk portal
// a link was asked on, null for one asked on a booking page (a workspace may have no helpdesk).
export const portalTokens = pgTable(
  'helpdesk_portal_tokens',
  {
    ...tenantColumns(),
    helpdeskId: uuid('helpdesk_id'),
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['link', 'session'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.helpdeskId],
      foreignColumns: [key(helpdesks).tenantId, key(helpdesks).id],
      name: 'helpdesk_portal_tokens_helpdesk_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.contactId],
      foreignColumns: [key(contacts).tenantId, key(contacts).id],
      name: 'helpdesk_portal_tokens_contact_fk',
    }).onDelete('cascade'),
    uniqueIndex('helpdesk_portal_tokens_hash_key').on(t.tenantId, t.tokenHash),
    // the link rate limit counts an address's recent links
    index('helpdesk_portal_tokens_email_idx').on(t.tenantId, t.helpdeskId, t.email, t.createdAt),
    check('helpdesk_portal_tokens_kind_check', sql`kind in ('link', 'session')`),
  ],
);
