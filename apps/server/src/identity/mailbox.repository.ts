import { desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/database';
import { mailOutbox } from '../platform/mail/mail.table';

export async function recentMail(db: Db, limit: number) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export async function mailById(db: Db, id: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return mail;
}
