import { DEFAULT_PERMISSIONS, isPermission, planBySlug, type Permission, UUID_PATTERN } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TokenClaims } from './auth';
import type { AuthUser } from './context';
import type { Database, Db } from './database';
import { AppError } from './errors';
import { entryStatements, readInOneMessage, type EnterRow, type Seen, type TenantEntry } from './one-message-read';
import { attachTransaction, dialect, type Session } from './tenant-statements';

// The tenant entry: a request's transaction in a workspace (inTenantTransaction), the caller's
// membership and merged permissions, and the user behind a verified token (resolveUser).
// Statements on the transaction's connection: tenant-statements.ts; reads in one message:
// one-message-read.ts.

export type Membership = {
  tenantUserId: string;
  role: string;
  permissions: ReadonlySet<Permission>;
  plans: readonly string[];
  // the workspace's definitions version as the entering transaction saw it (db/security.sql);
  // the caches of custom fields and workflows key on it (entity/definitions-cache.ts)
  definitionsVersion: number;
};

// The merged permission set: role ∪ default permissions ∪ plan permissions (spec §6).
export function mergePermissions(rolePermissions: readonly string[], planSlugs: readonly string[]): Set<Permission> {
  const set = new Set<Permission>(DEFAULT_PERMISSIONS);
  for (const p of rolePermissions) if (isPermission(p)) set.add(p);
  for (const slug of planSlugs) for (const p of planBySlug(slug)?.permissions ?? []) set.add(p);
  return set;
}

// The membership columns as text: a role's permission list is the same text on every request,
// so its parsed and merged set is remembered instead of rebuilt (bounded; roles are few).
// (permission names and plan slugs are identifiers: no commas)
const ENTER_COLUMNS =
  "tenant_user_id, role_name, array_to_string(permissions, ',') as permissions, array_to_string(plans, ',') as plans, definitions_version, membership_version";
const list = (text: string | null): string[] => (text ? text.split(',') : []);
const permissionSets = new Map<string, { permissions: ReadonlySet<Permission>; plans: readonly string[] }>();
const PERMISSION_SETS_MAX = 1000;

// The membership a full entry row gives (see readMembership for a row that confirms a known one).
function membershipOf(row: EnterRow): Membership | undefined {
  if (row.tenant_user_id === null || row.role_name === null || row.permissions === null) return undefined;
  const key = `${row.permissions}|${row.plans ?? ''}`;
  let merged = permissionSets.get(key);
  if (!merged) {
    const plans = list(row.plans);
    merged = { permissions: mergePermissions(list(row.permissions), plans), plans };
    if (permissionSets.size >= PERMISSION_SETS_MAX) permissionSets.clear();
    permissionSets.set(key, merged);
  }
  return { tenantUserId: row.tenant_user_id, role: row.role_name, ...merged, definitionsVersion: Number(row.definitions_version) };
}

// What atrium_enter_tenant raises when the caller's session has ended (db/security.sql).
const SESSION_ENDED = '28A01';
export const sessionEnded = () => new AppError(401, 'unauthorized', 'The session has ended; sign in again');

// The database's "session ended" (however deep a driver or Drizzle wrapped it) as the API's 401.
function asSessionEnded(e: unknown): unknown {
  for (let err = e, depth = 0; err && typeof err === 'object' && depth < 4; depth += 1) {
    if ((err as { code?: unknown }).code === SESSION_ENDED) return sessionEnded();
    err = (err as { cause?: unknown }).cause;
  }
  return e;
}

// Sets app.tenant_id for the transaction and loads the caller's membership in one round trip
// (db/security.sql: atrium_enter_tenant). Everything after it in the transaction sees only
// this tenant's rows. With a session id, a session that has ended is a 401 (sessionEnded).
export async function enterTenant(tx: Db, tenantId: string, userId: string, sessionId?: string): Promise<Membership | undefined> {
  try {
    const res = await tx.execute<EnterRow>(
      sql`select ${sql.raw(ENTER_COLUMNS)} from atrium_enter_tenant(${tenantId}::uuid, ${userId}::uuid, ${sessionId ?? null}::text)`,
    );
    const row = res.rows[0];
    return row ? membershipOf(row) : undefined;
  } catch (e) {
    throw asSessionEnded(e);
  }
}

// the session id travels in the same statement: checking it costs no round trip (decision 002);
// so does the membership version this process knows the member's membership under. Prepared
// once per connection (one-message-read.ts: entryStatements); the ids are checked uuids.
const ENTER_PREPARE = `prepare atrium_enter(uuid, uuid, text, bigint) as select ${ENTER_COLUMNS} from atrium_enter_tenant($1, $2, $3, $4)`;
const enterStatement = (tenantId: string, userId: string, sessionId: string | undefined, known: Known | undefined): TenantEntry => ({
  name: 'atrium_enter',
  prepare: ENTER_PREPARE,
  execute: `execute atrium_enter('${tenantId}', '${userId}', ${sessionId ? pg.escapeLiteral(sessionId) : 'null'}, ${known ? known.version : 'null'})`,
});

// The membership each workspace user had when last entered through this database's pool, with
// the workspace's membership version it was read under (decision 097). The tenant entry sends
// that version; while it is the workspace's current one, every change that could alter the
// membership has not happened (each bumps the version in its own transaction), so the entry
// confirms it in one indexed read instead of reading members, roles, teams and subscriptions.
// Per pool, not per process: two apps in one process (the tests' nodes) each keep their own.
type Known = Seen<Membership>;
const knownByDatabase = new WeakMap<Database, Map<string, Known>>();
const KNOWN_MAX = 10_000;

function knownOf(database: Database): Map<string, Known> {
  let known = knownByDatabase.get(database);
  if (!known) knownByDatabase.set(database, (known = new Map()));
  return known;
}

// The membership an entry row stands for — the known one it confirms, or the one it reads —
// remembered for the next entry; undefined (and forgotten) when the user is not a member.
function readMembership(database: Database, tenantId: string, userId: string, row: EnterRow | undefined, known: Known | undefined) {
  const cache = knownOf(database);
  const key = `${tenantId} ${userId}`;
  if (!row) {
    cache.delete(key);
    return undefined;
  }
  const definitionsVersion = Number(row.definitions_version);
  if (row.tenant_user_id === null && known && Number(row.membership_version) === known.version) {
    // confirmed: the definitions may have moved on while the membership did not
    if (known.membership.definitionsVersion === definitionsVersion) return known.membership;
    const membership = { ...known.membership, definitionsVersion };
    cache.set(key, { version: known.version, membership });
    return membership;
  }
  const membership = membershipOf(row);
  if (!membership) {
    cache.delete(key);
    return undefined;
  }
  if (cache.size >= KNOWN_MAX && !cache.has(key)) cache.clear();
  cache.set(key, { version: Number(row.membership_version), membership });
  return membership;
}

// A request's transaction in a workspace: BEGIN and the tenant entry go to PostgreSQL as one
// simple-protocol message (one round trip instead of two; both ids are checked uuids, so they
// are literals), then `fn` runs in the transaction (a Drizzle transaction: nested
// transactions are savepoints), then COMMIT — or ROLLBACK when `fn` throws. `fn` receives no
// membership when the user is not an active member; RLS is forced on every tenant table and
// app.tenant_id is set before anything else runs, as with enterTenant.
// A read-only request by a member seen before takes the one-message path above instead;
// `onRetry` runs when its answer did not stand, before the request runs again.
// `sessionId` (the access token's sid) goes into the tenant entry: a session that has ended
// answers 401 before `fn` runs, in the same round trip (a one-message read whose entry raises
// runs again the classic way and meets the same answer).
export async function inTenantTransaction<T>(
  database: Database,
  tenantId: string,
  userId: string,
  fn: (tx: Db, membership: Membership | undefined) => Promise<T>,
  opts: { readOnly?: boolean; onRetry?: () => void; sessionId?: string | undefined } = {},
): Promise<T> {
  if (!UUID_PATTERN.test(tenantId) || !UUID_PATTERN.test(userId)) throw new Error('tenant and user ids must be uuids');
  let known = knownOf(database).get(`${tenantId} ${userId}`);
  if (known && opts.readOnly && !process.env.X_CLASSIC) {
    const guess = known;
    const enter = enterStatement(tenantId, userId, opts.sessionId, guess);
    const outcome = await readInOneMessage(database, enter, guess, (row) => readMembership(database, tenantId, userId, row, guess), fn);
    if (outcome && 'value' in outcome) return outcome.value;
    if (outcome) throw outcome.error;
    opts.onRetry?.();
    known = knownOf(database).get(`${tenantId} ${userId}`);
  }
  const client = await database.app.connect();
  let broken: Error | undefined;
  let released = false;
  try {
    const statements = [
      `begin${opts.readOnly ? ' read only' : ''}`,
      ...entryStatements(client, enterStatement(tenantId, userId, opts.sessionId, known)),
    ];
    const results = (await client.query(statements.join('; ')).catch((e: unknown) => {
      // the entry may have been prepared before it failed: the connection is not reused
      broken = e instanceof Error ? e : new Error(String(e));
      throw asSessionEnded(e);
    })) as unknown as pg.QueryResult<EnterRow>[];
    const session: Session = new NodePgSession(client, dialect, undefined);
    const tx: Db = new NodePgTransaction(dialect, session, undefined);
    attachTransaction(tx, session, { client });
    const result = await fn(tx, readMembership(database, tenantId, userId, results[statements.length - 1]?.rows[0], known));
    if (opts.readOnly) {
      // A read-only transaction (PostgreSQL refuses any write in it) has nothing to commit: the
      // answer does not wait for COMMIT's round trip; the connection returns to the pool when
      // it is done (and is dropped should it fail).
      released = true;
      client.query('commit').then(
        () => client.release(),
        (e: unknown) => client.release(e instanceof Error ? e : new Error(String(e))),
      );
      return result;
    }
    await client.query('commit');
    return result;
  } catch (e) {
    // a connection whose rollback fails is broken: the pool drops it instead of reusing it
    await client.query('rollback').catch((r: unknown) => {
      broken = r instanceof Error ? r : new Error(String(r));
    });
    throw e;
  } finally {
    if (!released) client.release(broken);
  }
}

const userCache = new Map<string, { user: AuthUser; at: number }>();
const USER_CACHE_MS = 30_000;
const USER_CACHE_MAX = 10_000;
// sessions this process heard end, so a lookup that raced the sign-out is not remembered
// (kept longer than any access token lives; the database stays the authority)
const endedSessions = new Map<string, number>();
const ENDED_SESSIONS_MS = 60 * 60_000;
const ENDED_SESSIONS_MAX = 10_000;

export function forgetUser(userId: string): void {
  for (const [key, entry] of userCache) if (entry.user.id === userId) userCache.delete(key);
}

// A session has ended (this node signed it out, or another one did: the event hub hears the
// database's notification, decision 040): tokens of it stop passing on user-level routes too.
export function forgetSession(sessionId: string): void {
  if (endedSessions.size >= ENDED_SESSIONS_MAX) {
    const cutoff = Date.now() - ENDED_SESSIONS_MS;
    for (const [id, at] of endedSessions) if (at < cutoff) endedSessions.delete(id);
    if (endedSessions.size >= ENDED_SESSIONS_MAX) endedSessions.clear();
  }
  endedSessions.set(sessionId, Date.now());
  for (const [key, entry] of userCache) if (entry.user.sessionId === sessionId) userCache.delete(key);
}

const heardEnded = (sessionId: string | undefined) => {
  const at = sessionId ? endedSessions.get(sessionId) : undefined;
  return at !== undefined && Date.now() - at < ENDED_SESSIONS_MS;
};

// The LISTEN connection was lost: a notification of an ended session may have been too.
export function forgetAllUsers(): void {
  userCache.clear();
}

// Maps a verified token to a user: the embedded provider's subject is the user id; any other
// issuer goes through user_identities (filled at first sign-in through /auth). A token of the
// embedded provider carries its session (sid): read in the same statement as the user, an
// ended session is a 401; the user is remembered per session, and forgotten when it ends.
// An external issuer's sid names a session Atrium does not keep: not checked (decision 002).
export async function resolveUser(db: Db, claims: TokenClaims, embeddedIssuer: string | undefined): Promise<AuthUser | undefined> {
  const sessionId = claims.issuer === embeddedIssuer ? claims.sessionId : undefined;
  const key = `${claims.issuer} ${claims.subject} ${sessionId ?? ''}`;
  if (heardEnded(sessionId)) throw sessionEnded();
  const cached = userCache.get(key);
  if (cached && Date.now() - cached.at < USER_CACHE_MS) return cached.user;
  // the embedded provider's subjects are user ids; anything else names no user (401, not a cast error)
  if (claims.issuer === embeddedIssuer && !UUID_PATTERN.test(claims.subject)) return undefined;
  const res =
    claims.issuer === embeddedIssuer
      ? await db.execute<AuthUser & { live: boolean }>(
          sql`select id, email, name, atrium_session_live(${sessionId ?? null}::text) as live from users where id = ${claims.subject}::uuid`,
        )
      : await db.execute<AuthUser & { live: boolean }>(sql`
          select u.id, u.email, u.name, true as live from users u
          where u.id = atrium_user_for_identity(${claims.issuer}, ${claims.subject})`);
  const row = res.rows[0];
  if (!row) return undefined;
  if (!row.live) throw sessionEnded();
  const user: AuthUser = { id: row.id, email: row.email, name: row.name, ...(sessionId ? { sessionId } : {}) };
  // (the session may have ended while the row was read)
  if (heardEnded(sessionId)) throw sessionEnded();
  if (userCache.size >= USER_CACHE_MAX && !userCache.has(key)) userCache.clear();
  userCache.set(key, { user, at: Date.now() });
  return user;
}
