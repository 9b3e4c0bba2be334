import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/database';
import { authSessions } from './identity.table';

// A sign-in in progress (PKCE verifier, state, return address) or a signed-in session whose
// tokens stay on the server; the browser only holds a signed cookie with the session id.
export type PendingSignIn = { kind: 'pending'; state: string; codeVerifier: string; nonce: string; returnTo: string };
export type ActiveSession = {
  kind: 'active';
  issuer: string;
  accessToken: string | null;
  accessTokenExpires: number | null;
  // sealed with the token cipher (token-cipher.util.ts), never stored in clear
  refreshToken: string | null;
  idToken: string | null;
  refreshFailed: boolean;
  // set when a sign-out went to the provider for confirmation; its callback must bring it back
  signOutState?: string;
};
export type SessionData = PendingSignIn | ActiveSession;
// sid: the session claim of its access tokens (embedded provider only; decision 002)
export type SessionRow = { id: string; userId: string | null; data: SessionData; expiresAt: Date; sid?: string | null };

const toRow = (row: typeof authSessions.$inferSelect): SessionRow => ({
  id: row.id,
  userId: row.userId,
  data: row.data as SessionData,
  expiresAt: row.expiresAt,
  sid: row.sid,
});

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insert(authSessions).values(row);
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, new Date())))
    .limit(1);
  return row ? toRow(row) : undefined;
}

// Locks the row for the rest of the transaction: two tabs asking for /auth/session at once
// must not both spend the same (rotating) refresh token.
export async function lockSession(tx: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, id), gt(authSessions.expiresAt, new Date())))
    .for('update')
    .limit(1);
  return row ? toRow(row) : undefined;
}

export async function updateSessionData(db: Db, id: string, data: SessionData, sid?: string | null): Promise<void> {
  await db
    .update(authSessions)
    .set({ data, updatedAt: new Date(), ...(sid !== undefined ? { sid } : {}) })
    .where(eq(authSessions.id, id));
}

// Signs a session out: its row goes, and with it any other row of the same token session (a
// second sign-in in the same browser may share the provider's grant) — every access token
// issued under it is refused from this commit on, on every node (db/security.sql).
export async function endSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const rows = await db
    .delete(authSessions)
    .where(
      or(
        eq(authSessions.id, id),
        sql`${authSessions.sid} = (select s.sid from ${authSessions} s where s.id = ${id} and s.sid is not null)`,
      ),
    )
    .returning();
  const row = rows.find((r) => r.id === id);
  if (!row || row.expiresAt <= new Date()) return undefined;
  return toRow(row);
}

// Deletes and returns in one statement: a pending sign-in can be completed only once.
export async function takeSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.delete(authSessions).where(eq(authSessions.id, id)).returning();
  if (!row || row.expiresAt <= new Date()) return undefined;
  return toRow(row);
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const rows = await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date())).returning({ id: authSessions.id });
  return rows.length;
}
