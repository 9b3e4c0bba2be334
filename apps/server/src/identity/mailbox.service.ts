import type { Db } from '../platform/database';
import * as mailboxRepository from './mailbox.repository';

// the local mailbox lists this many of the newest captured mails
const MAILBOX_SIZE = 200;

export const recentMail = (db: Db) => mailboxRepository.recentMail(db, MAILBOX_SIZE);

export const capturedMail = (db: Db, id: string) => mailboxRepository.mailById(db, id);
