import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from './table-helpers';

// Solved portal captchas (the helpdesk's and the booking portal's): a challenge is accepted once
// within its validity. A row lives until its challenge expires (removed by the next claim).
export const portalCaptchaUses = pgTable(
  'portal_captcha_uses',
  {
    ...tenantColumns(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // the unique key is what makes a second claim of the same challenge fail
    uniqueIndex('portal_captcha_uses_challenge_key').on(t.tenantId, t.challenge),
    index('portal_captcha_uses_expires_idx').on(t.tenantId, t.expiresAt),
    check('portal_captcha_uses_challenge_check', sql`length(challenge) <= 120`),
  ],
);
