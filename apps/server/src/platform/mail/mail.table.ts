import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// A file sent along: read from the blob store when the message is delivered, or a small text
// written with the message (an invitation's .ics).
export type OutboxAttachment = { filename: string; contentType: string } & ({ blobKey: string } | { content: string });
// Threading and other extra headers (In-Reply-To, References, Cc).
export type OutboxHeaders = Record<string, string>;

// Every message goes through the outbox; without SMTP_URL it stays here and the local
// mailbox page shows it. With SMTP_URL a message that could not be sent stays pending and the
// outbox job tries again with growing pauses (attempts, next_attempt_at) until it gives up.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // set for mail sent from a record, so replies can be matched to it (decision 075); otherwise
    // the Message-ID is made from the outbox id
    messageId: text('message_id'),
    headers: jsonb('headers').$type<OutboxHeaders>(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status', { enum: ['captured', 'pending', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt), index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
