import nodemailer, { type Transporter } from 'nodemailer';
import { blobStoreFor } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Database, Db } from '../database';
import * as repo from './mail-outbox.repository';
import type { OutboxAttachment, OutboxHeaders } from './mail.table';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
// Mail written by a person from a record: its own Message-ID, threading headers, files.
export type RecordMailMessage = MailMessage & { messageId: string; headers: OutboxHeaders; attachments: OutboxAttachment[] };
export type Mailer = {
  // true when messages stay in the outbox for the local mailbox page
  captured: boolean;
  send: (message: MailMessage) => Promise<{ id: string; status: 'captured' | 'sent' | 'pending' }>;
  // written in the caller's transaction (nothing is sent when it rolls back) and delivered by
  // the outbox job, which `nudge` starts at once instead of at the next minute
  enqueue: (db: Db, message: RecordMailMessage) => Promise<{ id: string; status: 'captured' | 'pending' }>;
  nudge: () => void;
  // the outbox job: sends up to `limit` messages that are due, a batch per transaction
  deliverDue: (limit?: number) => Promise<{ sent: number; retried: number; failed: number }>;
  // operations: messages waiting for a retry and messages given up on
  outboxCounts: () => Promise<{ pending: number; failed: number }>;
  // closes the pooled SMTP connections (the server stops)
  close: () => void;
};

// A message being sent right now is left to its sender this long before the outbox job may
// take it over (the sender died mid-send).
const SEND_LEASE_MS = 5 * 60_000;
export const MAIL_MAX_ATTEMPTS = 8;
// The SMTP connections the mailer keeps open to its relay (nodemailer's pool), each sending one
// message at a time and replaced after `messagesPerConnection`; the outbox locks a batch of due
// messages per transaction and sends them over the pool at once.
export const MAIL_POOL = { connections: 5, messagesPerConnection: 100 } as const;
const DELIVERY_BATCH = MAIL_POOL.connections * 10;

// SMTP_URL with the pool's settings, unless it names its own (nodemailer reads them from the query)
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const pool = { pool: 'true', maxConnections: String(MAIL_POOL.connections), maxMessages: String(MAIL_POOL.messagesPerConnection) };
  for (const [key, value] of Object.entries(pool)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}
// 1, 2, 4 … minutes after each failed attempt, at most 6 hours
export const mailRetryDelayMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

// Every message is written to the outbox first. With SMTP_URL it is sent at once; when that
// fails it stays pending and the outbox job (mail.outbox, every minute) tries again with
// growing pauses, then marks it failed. Delivery is at least once: the Message-ID is the
// outbox id, so a receiver can recognise a repeat. Mail enqueued in a transaction is delivered
// by a drain that `nudge` starts: batches until nothing is due, again while nudges come in
// (a campaign's send job nudges after each batch of recipients).
export function createMailer(config: Config, database: Database, log?: { warn: (obj: object, msg: string) => void }): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(pooledSmtpUrl(config.smtpUrl)) : undefined;
  const { db } = database;
  const host = new URL(config.publicUrl).hostname || 'atrium.local';
  const files = async (list: readonly OutboxAttachment[] | null | undefined) => {
    if (!list?.length) return [];
    const blobs = blobStoreFor(config);
    return Promise.all(
      list.map(async (a) => {
        if ('content' in a) return { filename: a.filename, contentType: a.contentType, content: a.content };
        const content = await blobs.read(a.blobKey);
        // the document was deleted after the mail was written: the message cannot go out whole
        if (!content) throw new Error(`attachment ${a.filename} is gone`);
        return { filename: a.filename, contentType: a.contentType, content };
      }),
    );
  };
  const deliver = async (
    id: string,
    m: {
      to: string;
      subject: string;
      text: string;
      html?: string | null;
      messageId?: string | null;
      headers?: OutboxHeaders | null;
      attachments?: OutboxAttachment[] | null;
    },
  ) => {
    if (!transport) return;
    // a From header is the sender a module chose (a helpdesk's address); else the server's. A
    // Return-Path is the envelope's sender (MAIL FROM) a module chose — where bounces go, such
    // as a campaign's VERP address; it is no header of the message (the receiver writes that).
    const { Cc: cc, From: from, 'Return-Path': returnPath, ...headers } = m.headers ?? {};
    await transport.sendMail({
      from: from ?? config.mailFrom,
      to: m.to,
      ...(cc ? { cc } : {}),
      ...(returnPath ? { envelope: { from: returnPath, to: m.to, ...(cc ? { cc } : {}) } } : {}),
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
      messageId: m.messageId ?? `<${id}@${host}>`,
      headers,
      attachments: await files(m.attachments),
    });
  };
  let nudged: NodeJS.Timeout | undefined;
  // one drain at a time in this process; a nudge during a drain makes it look again at the end
  let draining = false;
  let again = false;
  const failed = async (id: string, to: string, attempts: number, err: unknown) => {
    const retryIn = attempts < MAIL_MAX_ATTEMPTS ? mailRetryDelayMs(attempts) : null;
    log?.warn(
      { mail: id, to, attempts, retryInMs: retryIn, err: describe(err) },
      retryIn === null ? 'mail given up' : 'mail not sent, will retry',
    );
    await repo.markAttemptFailed(db, id, describe(err), retryIn);
  };

  // delivers until nothing is due; a failed run is left to the minute job
  const drain = async (): Promise<void> => {
    draining = true;
    try {
      do {
        again = false;
        while ((await mailer.deliverDue(DELIVERY_BATCH * 4)).sent > 0);
      } while (again);
    } catch (err) {
      log?.warn({ err: describe(err) }, 'mail outbox run failed');
    } finally {
      draining = false;
    }
  };

  const mailer: Mailer = {
    captured: !transport,
    async send(message) {
      const html = message.html ?? null;
      const id = await repo.insert(db, { ...message, html }, transport ? 'pending' : 'captured', SEND_LEASE_MS);
      if (!transport) return { id, status: 'captured' };
      try {
        await deliver(id, message);
        await repo.markSent(db, [id]);
        return { id, status: 'sent' };
      } catch (err) {
        await failed(id, message.to, 1, err);
        return { id, status: 'pending' };
      }
    },
    async enqueue(tx, message) {
      const id = await repo.insert(tx, { ...message, html: message.html ?? null }, transport ? 'pending' : 'captured', 0);
      return { id, status: transport ? 'pending' : 'captured' };
    },
    nudge() {
      if (!transport) return;
      if (draining) {
        again = true;
        return;
      }
      if (nudged) return;
      // after the caller's transaction has committed, most likely; the minute job catches the rest
      nudged = setTimeout(() => {
        nudged = undefined;
        void drain();
      }, 100);
      nudged.unref();
    },
    async deliverDue(limit = 100) {
      const result = { sent: 0, retried: 0, failed: 0 };
      if (!transport) return result;
      let taken = 0;
      while (taken < limit) {
        const count = await db.transaction(async (tx) => {
          const due = await repo.lockDue(tx, Math.min(DELIVERY_BATCH, limit - taken));
          // sent at once over the pool's connections; each marked in this transaction
          const outcomes = await Promise.allSettled(due.map((m) => deliver(m.id, m)));
          await repo.markSent(
            tx,
            due.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((m) => m.id),
          );
          for (const [i, m] of due.entries()) {
            const outcome = outcomes[i];
            if (outcome?.status !== 'rejected') continue;
            const attempts = m.attempts + 1;
            if (attempts < MAIL_MAX_ATTEMPTS) result.retried += 1;
            else result.failed += 1;
            log?.warn(
              { mail: m.id, to: m.to, attempts, err: describe(outcome.reason) },
              attempts < MAIL_MAX_ATTEMPTS ? 'mail not sent, will retry' : 'mail given up',
            );
            await repo.markAttemptFailed(
              tx,
              m.id,
              describe(outcome.reason),
              attempts < MAIL_MAX_ATTEMPTS ? mailRetryDelayMs(attempts) : null,
            );
          }
          result.sent += outcomes.filter((o) => o.status === 'fulfilled').length;
          return due.length;
        });
        taken += count;
        if (count === 0) break;
      }
      return result;
    },
    outboxCounts: () => repo.counts(db),
    close: () => transport?.close(),
  };
  return mailer;
}
