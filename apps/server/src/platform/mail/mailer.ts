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
  // the outbox job: sends what is due, one message per transaction
  deliverDue: (limit?: number) => Promise<{ sent: number; retried: number; failed: number }>;
  // operations: messages waiting for a retry and messages given up on
  outboxCounts: () => Promise<{ pending: number; failed: number }>;
};

// A message being sent right now is left to its sender this long before the outbox job may
// take it over (the sender died mid-send).
const SEND_LEASE_MS = 5 * 60_000;
export const MAIL_MAX_ATTEMPTS = 8;
// 1, 2, 4 … minutes after each failed attempt, at most 6 hours
export const mailRetryDelayMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

// Every message is written to the outbox first. With SMTP_URL it is sent at once; when that
// fails it stays pending and the outbox job (mail.outbox, every minute) tries again with
// growing pauses, then marks it failed. Delivery is at least once: the Message-ID is the
// outbox id, so a receiver can recognise a repeat.
export function createMailer(config: Config, database: Database, log?: { warn: (obj: object, msg: string) => void }): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
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
  const failed = async (id: string, to: string, attempts: number, err: unknown) => {
    const retryIn = attempts < MAIL_MAX_ATTEMPTS ? mailRetryDelayMs(attempts) : null;
    log?.warn(
      { mail: id, to, attempts, retryInMs: retryIn, err: describe(err) },
      retryIn === null ? 'mail given up' : 'mail not sent, will retry',
    );
    await repo.markAttemptFailed(db, id, describe(err), retryIn);
  };

  return {
    captured: !transport,
    async send(message) {
      const html = message.html ?? null;
      const id = await repo.insert(db, { ...message, html }, transport ? 'pending' : 'captured', SEND_LEASE_MS);
      if (!transport) return { id, status: 'captured' };
      try {
        await deliver(id, message);
        await repo.markSent(db, id);
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
      if (!transport || nudged) return;
      // after the caller's transaction has committed, most likely; the minute job catches the rest
      nudged = setTimeout(() => {
        nudged = undefined;
        this.deliverDue().catch((err: unknown) => log?.warn({ err: describe(err) }, 'mail outbox run failed'));
      }, 500);
      nudged.unref();
    },
    async deliverDue(limit = 100) {
      const result = { sent: 0, retried: 0, failed: 0 };
      if (!transport) return result;
      for (let i = 0; i < limit; i++) {
        const done = await db.transaction(async (tx) => {
          const m = await repo.lockDue(tx);
          if (!m) return false;
          try {
            await deliver(m.id, m);
            await repo.markSent(tx, m.id);
            result.sent += 1;
          } catch (err) {
            const attempts = m.attempts + 1;
            if (attempts < MAIL_MAX_ATTEMPTS) result.retried += 1;
            else result.failed += 1;
            log?.warn(
              { mail: m.id, to: m.to, attempts, err: describe(err) },
              attempts < MAIL_MAX_ATTEMPTS ? 'mail not sent, will retry' : 'mail given up',
            );
            await repo.markAttemptFailed(tx, m.id, describe(err), attempts < MAIL_MAX_ATTEMPTS ? mailRetryDelayMs(attempts) : null);
          }
          return true;
        });
        if (!done) break;
      }
      return result;
    },
    outboxCounts: () => repo.counts(db),
  };
}
