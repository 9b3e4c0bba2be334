import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/database';
import { authSessions, credentials, identityTokens, idpPayloads, signInFailures, userIdentities, users } from './identity.table';

export type UserRow = typeof users.$inferSelect;
export type UserWithPassword = UserRow & { passwordHash: string | null };
// `signin`: the one-time sign-in a confirmed e-mail link hands to the browser that opened it
export type TokenKind = 'verify' | 'reset' | 'signin';

export async function findUserByEmail(db: Db, email: string): Promise<UserWithPassword | undefined> {
  const [row] = await db
    .select({ user: users, passwordHash: credentials.passwordHash })
    .from(users)
    .leftJoin(credentials, eq(credentials.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ? { ...row.user, passwordHash: row.passwordHash } : undefined;
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
  const { passwordHash, ...profile } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(profile).onConflictDoNothing().returning();
    if (row && passwordHash) await tx.insert(credentials).values({ userId: row.id, passwordHash });
    return row;
  });
}

// Growing delays per (account, address): after FREE_FAILURES misses from one address, each
// further miss doubles the wait there, up to the cap. Other addresses are not affected.
export async function recordFailedSignIn(
  db: Db,
  account: string,
  address: string,
  policy: { freeFailures: number; firstDelaySeconds: number; maxDelaySeconds: number },
): Promise<void> {
  await db
    .insert(signInFailures)
    .values({ account, address, failures: 1 })
    .onConflictDoUpdate({
      target: [signInFailures.account, signInFailures.address],
      set: {
        failures: sql`${signInFailures.failures} + 1`,
        lastFailedAt: sql`now()`,
        blockedUntil: sql`case when ${signInFailures.failures} + 1 >= ${policy.freeFailures}
          then now() + make_interval(secs => least(${policy.maxDelaySeconds}::float8,
            ${policy.firstDelaySeconds}::float8 * power(2, ${signInFailures.failures} + 1 - ${policy.freeFailures})))
          else null end`,
      },
    });
}

// Seconds until this address may try this account again (0: now).
export async function signInWait(db: Db, account: string, address: string): Promise<number> {
  const [row] = await db
    .select({ wait: sql<number>`greatest(0, ceil(extract(epoch from ${signInFailures.blockedUntil} - now())))`.mapWith(Number) })
    .from(signInFailures)
    .where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));
  return row?.wait ?? 0;
}

export async function clearFailedSignIns(db: Db, account: string, address: string): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));
}

export async function deleteStaleSignInFailures(db: Db): Promise<void> {
  await db.delete(signInFailures).where(sql`${signInFailures.lastFailedAt} < now() - interval '1 day'`);
}

export async function updatePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .insert(credentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: new Date() } });
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
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

// Uses the token in one statement, so two clicks on the same link cannot both succeed. A link's
// token belongs to the e-mail it names; the sign-in after a confirmed address names none.
export async function consumeToken(db: Db, kind: TokenKind, tokenHash: string, email?: string): Promise<string | undefined> {
  const [row] = await db
    .update(identityTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(identityTokens.tokenHash, tokenHash),
        eq(identityTokens.kind, kind),
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, new Date()),
        email === undefined ? undefined : sql`${identityTokens.userId} = (select id from users where lower(email) = lower(${email}))`,
      ),
    )
    .returning({ userId: identityTokens.userId });
  return row?.userId;
}

// Verification and reset links past their lifetime or used, and the embedded provider's expired
// grants, codes and sessions (its adapter ignores them already).
export async function deleteExpiredIdentityRows(db: Db): Promise<{ tokens: number; providerRows: number }> {
  const tokens = await db
    .delete(identityTokens)
    .where(sql`${identityTokens.expiresAt} < now() or ${identityTokens.usedAt} < now() - interval '1 day'`)
    .returning({ hash: identityTokens.tokenHash });
  const provider = await db
    .delete(idpPayloads)
    .where(sql`${idpPayloads.expiresAt} < now() - interval '1 hour'`)
    .returning({ id: idpPayloads.id });
  return { tokens: tokens.length, providerRows: provider.length };
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
