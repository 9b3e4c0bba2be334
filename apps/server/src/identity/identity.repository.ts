import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/database';
import { authSessions, identityTokens, idpPayloads, userIdentities, users } from './identity.table';

export type UserRow = typeof users.$inferSelect;
export type TokenKind = 'verify' | 'reset';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// Returns undefined when the e-mail is taken (the unique index on lower(email) decides, not a read).
export async function insertUser(
  db: Db,
  values: { email: string; name: string; passwordHash: string | null; emailVerifiedAt?: Date | null },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function recordFailedLogin(db: Db, userId: string, maxFailures: number, lockSeconds: number): Promise<void> {
  await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${maxFailures}
        then now() + make_interval(secs => ${lockSeconds}) else ${users.lockedUntil} end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function clearFailedLogins(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function updatePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertToken(db: Db, kind: TokenKind, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(identityTokens).values({ kind, userId, tokenHash, expiresAt });
}

// Uses the token in one statement, so two clicks on the same link cannot both succeed.
export async function consumeToken(db: Db, kind: TokenKind, tokenHash: string, email: string): Promise<string | undefined> {
  const [row] = await db
    .update(identityTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(identityTokens.tokenHash, tokenHash),
        eq(identityTokens.kind, kind),
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, new Date()),
        sql`${identityTokens.userId} = (select id from users where lower(email) = lower(${email}))`,
      ),
    )
    .returning({ userId: identityTokens.userId });
  return row?.userId;
}

// Verification and reset links past their lifetime or used, and the embedded provider's expired
// grants, codes and sessions (its adapter ignores them already).
export async function deleteExpiredIdentityRows(db: Db): Promise<{ tokens: number; providerRows: number }> {
  const tokens = await db.execute(sql`delete from identity_tokens where expires_at < now() or used_at < now() - interval '1 day'`);
  const provider = await db.execute(sql`delete from idp_payloads where expires_at < now() - interval '1 hour'`);
  return { tokens: tokens.rowCount ?? 0, providerRows: provider.rowCount ?? 0 };
}

export async function invalidateTokens(db: Db, kind: TokenKind, userId: string): Promise<void> {
  await db
    .update(identityTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(identityTokens.kind, kind), eq(identityTokens.userId, userId), isNull(identityTokens.usedAt)));
}

// After a password reset every existing session, grant and refresh token of the account ends.
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
  await db.delete(idpPayloads).where(sql`${idpPayloads.payload}->>'accountId' = ${userId}`);
}

export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

export async function linkIdentity(db: Db, issuer: string, subject: string, userId: string): Promise<void> {
  await db.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
}

export async function updateProfileFromClaims(db: Db, userId: string, name: string | undefined): Promise<void> {
  if (!name) return;
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}
