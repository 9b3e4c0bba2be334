import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../database';
import { mailOutbox } from './mail.table';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  // true when messages stay in the outbox for the local mailbox page
  captured: boolean;
  send: (message: MailMessage) => Promise<{ id: string; status: 'captured' | 'sent' | 'failed' }>;
};

// Every message is written to the outbox first; with SMTP_URL it is then delivered over SMTP.
export function createMailer(config: Config, database: Database): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const { db } = database;
  return {
    captured: !transport,
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, html: message.html ?? null, status: transport ? 'pending' : 'captured' })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert failed');
      if (!transport) return { id: row.id, status: 'captured' };
      try {
        await transport.sendMail({ from: config.mailFrom, ...message });
        await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: String(err) })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, status: 'failed' };
      }
    },
  };
}
