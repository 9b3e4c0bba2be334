import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import type { OutboxAttachment, OutboxHeaders } from './mail.table';

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  messageId: string | null;
  headers: OutboxHeaders | null;
  attachments: OutboxAttachment[] | null;
};
export type OutboxInsert = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId?: string | undefined;
  headers?: OutboxHeaders | undefined;
  attachments?: OutboxAttachment[] | undefined;
};

// Only the mailer and its outbox job touch mail_outbox (a global table: mail is sent before
// and outside any workspace).
export async function insert(db: Db, m: OutboxInsert, status: 'captured' | 'pending', leaseMs: number): Promise<string> {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  const res = await db.execute<{ id: string }>(sql`
    insert into mail_outbox ("to", subject, text, html, message_id, headers, attachments, status, next_attempt_at)
    values (${m.to}, ${m.subject}, ${m.text}, ${m.html}, ${m.messageId ?? null}, ${json(m.headers)}::jsonb,
      ${json(m.attachments)}::jsonb, ${status},
      ${status === 'pending' ? sql`now() + ${`${leaseMs} milliseconds`}::interval` : sql`null`})
    returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('outbox insert failed');
  return id;
}

// the oldest messages that are due, up to `limit`, locked for this transaction; other workers
// skip them
export async function lockDue(db: Db, limit: number): Promise<OutboxMessage[]> {
  const res = await db.execute<OutboxMessage>(sql`
    select id, "to", subject, text, html, attempts, message_id as "messageId", headers, attachments from mail_outbox
    where status = 'pending' and next_attempt_at <= now()
    order by next_attempt_at, created_at limit ${limit}
    for update skip locked`);
  return res.rows;
}

export async function markSent(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, error = null, next_attempt_at = null
    where id = any(${sql.param([...ids])}::uuid[])`);
}

// another try after `retryInMs`, or given up (failed) when there is none
export async function markAttemptFailed(db: Db, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db.execute(sql`
    update mail_outbox set attempts = attempts + 1, error = ${error},
      status = ${retryInMs === null ? 'failed' : 'pending'},
      next_attempt_at = ${retryInMs === null ? sql`null` : sql`now() + ${`${retryInMs} milliseconds`}::interval`}
    where id = ${id}`);
}

export async function counts(db: Db): Promise<{ pending: number; failed: number }> {
  const res = await db.execute<{ pending: number; failed: number }>(sql`
    select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed
    from mail_outbox where status in ('pending', 'failed')`);
  return res.rows[0] ?? { pending: 0, failed: 0 };
}
