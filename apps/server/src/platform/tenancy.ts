import { DEFAULT_PERMISSIONS, isPermission, planBySlug, type Permission } from '@atrium/domain';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { TokenClaims } from './auth';
import type { AuthUser } from './context';
import type { Database, Db } from './database';
import { AppError } from './errors';

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

type EnterRow = { tenant_user_id: string; role_name: string; permissions: string; plans: string | null; definitions_version: number };

// The membership columns as text: a role's permission list is the same text on every request,
// so its parsed and merged set is remembered instead of rebuilt (bounded; roles are few).
// (permission names and plan slugs are identifiers: no commas)
const ENTER_COLUMNS =
  "tenant_user_id, role_name, array_to_string(permissions, ',') as permissions, array_to_string(plans, ',') as plans, definitions_version";
const list = (text: string | null): string[] => (text ? text.split(',') : []);
const permissionSets = new Map<string, { permissions: ReadonlySet<Permission>; plans: readonly string[] }>();
const PERMISSION_SETS_MAX = 1000;

function membershipOf(row: EnterRow | undefined): Membership | undefined {
  if (!row) return undefined;
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
    return membershipOf(res.rows[0]);
  } catch (e) {
    throw asSessionEnded(e);
  }
}

const dialect = new PgDialect();
// the session under each request transaction, for statements run as prepared ones
type Session = NodePgSession<Record<string, never>, Record<string, never>>;
const sessions = new WeakMap<Db, Session>();
// the connection under each such transaction, for COPY
const clients = new WeakMap<Db, pg.PoolClient>();
// the reader under each one-message read (readInOneMessage)
const readers = new WeakMap<Db, OneMessageReader>();
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 500;

// Runs a statement whose text is one of a small fixed set (e.g. a kind's get-by-id) as a named
// prepared statement on the request's connection: PostgreSQL parses and plans it once per
// connection instead of on every call (planning a wide row with its sub-selects costs more than
// running it). Outside a request transaction it runs like a plain statement.
export async function executePrepared<R extends pg.QueryResultRow>(db: Db, statement: SQL): Promise<R[]> {
  const session = sessions.get(db);
  if (!session) return (await db.execute(statement)).rows as R[];
  const q = dialect.sqlToQuery(statement);
  let name = statementNames.get(q.sql);
  if (!name) {
    name = `atrium_${createHash('sha1').update(q.sql).digest('hex').slice(0, 20)}`;
    // texts are few; should that stop being true, they are named afresh (names stay unique)
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(q.sql, name);
  }
  // Drizzle's own prepared query: the same type parsing and error wrapping as db.execute
  const result = (await session.prepareQuery(q, undefined, name, false).execute()) as pg.QueryResult<R>;
  return result.rows;
}

// A parameter as a literal, for the places where PostgreSQL takes none (COPY, EXECUTE in a
// simple-protocol message): the text pg itself would send for it (its prepareValue: arrays as
// array literals, objects as JSON, dates with their offset), quoted — an untyped literal, like
// an extended-protocol parameter, takes its type from where it stands.
function literal(value: unknown): string {
  const text = pgUtils.prepareValue(value);
  if (text === null) return 'null';
  if (Buffer.isBuffer(text)) return pg.escapeLiteral(`\\x${text.toString('hex')}`);
  // a NUL cannot travel inside a query text (input with one is refused before: text-guard.ts)
  if (text.includes('\0')) throw new Error('a parameter holds a NUL character');
  return pg.escapeLiteral(text);
}

// Streams the rows of `statement` as CSV written by PostgreSQL (`COPY … TO STDOUT`, no header,
// one line per row ending in LF) on the connection of a request's or a job step's transaction:
// the tenant context and row-level security apply as to every statement in it.
export function copyCsvOut(db: Db, statement: SQL): CopyToStreamQuery {
  // COPY needs the connection's transaction: a one-message read runs again the classic way
  readers.get(db)?.abandon();
  const client = clients.get(db);
  if (!client) throw new Error('COPY runs only inside inTenantTransaction');
  const q = dialect.sqlToQuery(statement);
  const text = q.sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i >= q.params.length) throw new Error(`parameter $${n} has no value`);
    return literal(q.params[i]);
  });
  return client.query(copyTo(`copy (${text}) to stdout with (format csv)`));
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// the session id travels in the same statement: checking it costs no round trip (decision 002)
const enterStatement = (tenantId: string, userId: string, sessionId: string | undefined) =>
  `select ${ENTER_COLUMNS} from atrium_enter_tenant('${tenantId}'::uuid, '${userId}'::uuid${sessionId ? `, ${pg.escapeLiteral(sessionId)}` : ''})`;

// The membership each workspace user had when last entered in this process, with a signature
// of everything a request's answer may depend on (role, permissions, plans, definitions
// version): the guess a read sends its statements with (readInOneMessage). Never trusted:
// every answer built on it is checked against the membership read in the same message.
type Seen = { signature: string; membership: Membership };
const lastSeen = new Map<string, Seen>();
const LAST_SEEN_MAX = 10_000;
const signatureOf = (row: EnterRow) =>
  `${row.tenant_user_id}|${row.role_name}|${row.permissions}|${row.plans ?? ''}|${row.definitions_version}`;

function remember(tenantId: string, userId: string, row: EnterRow | undefined): Membership | undefined {
  const key = `${tenantId} ${userId}`;
  const membership = membershipOf(row);
  if (!row || !membership) {
    lastSeen.delete(key);
    return undefined;
  }
  if (lastSeen.size >= LAST_SEEN_MAX && !lastSeen.has(key)) lastSeen.clear();
  lastSeen.set(key, { signature: signatureOf(row), membership });
  return membership;
}

// The enter row of a message's results, whichever row mode the statement asked for.
function enterRowOf(result: pg.QueryResult | undefined): EnterRow | undefined {
  const row = result?.rows[0] as EnterRow | unknown[] | undefined;
  if (!Array.isArray(row)) return row;
  const [tenant_user_id, role_name, permissions, plans, definitions_version] = row as [string, string, string, string | null, number];
  return { tenant_user_id, role_name, permissions, plans, definitions_version };
}

// Raised inside a handler whose one-message read cannot stand; the request runs again the
// classic way (the handler never sees a stale answer: it is discarded with the error).
class ReadAgain extends Error {
  constructor() {
    super('the read runs again in a transaction of its own');
  }
}

type QueryConfig = { text: string; name?: string; rowMode?: 'array'; types?: unknown };
// the statements a read-only transaction can run (anything else goes the classic way)
const READ_STATEMENT = /^\s*(select|with|values|table)\b/i;
// per connection, the statements prepared through messages (SQL PREPARE, names of their own)
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

// The client under a read's Drizzle session: every statement goes to PostgreSQL as one
// simple-protocol message — BEGIN READ ONLY, the tenant entry, the statement (prepared once per
// connection with SQL PREPARE, its parameters as literals to EXECUTE), COMMIT — one write and
// one round trip instead of three. Each message is a transaction of its own: in READ COMMITTED
// every statement takes a new snapshot anyway, so a read sees what it would have seen in one
// transaction. The membership each message reads must be the guess the handler was given.
class OneMessageReader {
  stale = false;
  abandoned = false;
  confirmed = false;
  broken: Error | undefined;
  constructor(
    private readonly client: pg.PoolClient,
    private readonly enter: string,
    private readonly guess: Seen,
    private readonly onStale: (row: EnterRow | undefined) => void,
  ) {}

  get standing(): boolean {
    return !this.stale && !this.abandoned && !this.broken;
  }

  abandon(): never {
    this.abandoned = true;
    throw new ReadAgain();
  }

  // the answer stands only if the membership it was built on is still true
  check(row: EnterRow | undefined): void {
    if (row && signatureOf(row) === this.guess.signature) {
      this.confirmed = true;
      return;
    }
    this.stale = true;
    this.onStale(row);
    throw new ReadAgain();
  }

  // (a newline before each separator: a statement ending in a line comment ends there)
  private message(config: QueryConfig, values: readonly unknown[]): { text: string; at: number; count: number } {
    if (!READ_STATEMENT.test(config.text)) this.abandon();
    let args: string;
    try {
      args = values.length > 0 ? `(${values.map(literal).join(', ')})` : '';
    } catch {
      this.abandon();
    }
    const parts = ['begin read only', this.enter];
    // a statement Drizzle names (executePrepared) is prepared once per connection, under its
    // name + "_m" (SQL PREPARE shares the namespace of the extended protocol's statements); any
    // other is prepared, run and deallocated in its message
    const name = config.name ? pg.escapeIdentifier(`${config.name}_m`) : 'atrium_m_once';
    let prepared = preparedOn.get(this.client);
    if (!prepared) preparedOn.set(this.client, (prepared = new Set()));
    // (a connection whose message fails is dropped: the set never outlives what it names)
    if (!prepared.has(name)) parts.push(`prepare ${name} as ${config.text}`);
    if (config.name) prepared.add(name);
    parts.push(`execute ${name}${args}`);
    const at = parts.length - 1;
    if (!config.name) parts.push(`deallocate ${name}`);
    parts.push('commit');
    return { text: parts.join('\n;\n'), at, count: parts.length };
  }

  async query(config: string | QueryConfig, values?: readonly unknown[]): Promise<pg.QueryResult> {
    if (!this.standing) throw new ReadAgain();
    const c = typeof config === 'string' ? { text: config } : config;
    const { text, at, count } = this.message(c, values ?? []);
    let results: pg.QueryResult[];
    try {
      results = (await this.client.query({
        text,
        ...(c.rowMode ? { rowMode: c.rowMode } : {}),
        ...(c.types ? { types: c.types as pg.CustomTypesConfig } : {}),
      })) as unknown as pg.QueryResult[];
    } catch (e) {
      // the transaction is left aborted and a PREPARE may or may not have run: the connection
      // is dropped, and the classic run meets the same error and answers it
      this.broken = e instanceof Error ? e : new Error(String(e));
      throw new ReadAgain();
    }
    const result = results[at];
    if (!Array.isArray(results) || results.length !== count || !result) {
      // not the statements it was meant to be (the transaction may be open): never reused
      this.broken = new Error(`a message of ${count} statements returned ${Array.isArray(results) ? results.length : 1} results`);
      throw new ReadAgain();
    }
    this.check(enterRowOf(results[1]));
    return result;
  }
}

// A read-only request with a remembered membership: the handler runs on that guess, each of its
// statements goes with the tenant entry in one message (above), and its answer — a value or an
// error — stands once a message (or, if it sent none, one entry) has confirmed the guess.
// Undefined when it does not stand: the caller runs the request again the classic way.
async function readInOneMessage<T>(
  database: Database,
  tenantId: string,
  userId: string,
  sessionId: string | undefined,
  guess: Seen,
  fn: (tx: Db, membership: Membership | undefined) => Promise<T>,
): Promise<{ value: T } | { error: unknown } | undefined> {
  const client = await database.app.connect();
  const enter = enterStatement(tenantId, userId, sessionId);
  const reader = new OneMessageReader(client, enter, guess, (row) => remember(tenantId, userId, row));
  // Drizzle's session over the reader: the same type parsing, mapping and errors as elsewhere
  const session: Session = new NodePgSession(reader as unknown as pg.PoolClient, dialect, undefined);
  const tx: Db = new NodePgTransaction(dialect, session, undefined);
  sessions.set(tx, session);
  readers.set(tx, reader);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await fn(tx, guess.membership) };
  } catch (error) {
    outcome = { error };
  }
  if (reader.standing && !reader.confirmed) {
    try {
      reader.check((await client.query<EnterRow>(enter)).rows[0]);
    } catch (e) {
      if (!(e instanceof ReadAgain)) reader.broken = e instanceof Error ? e : new Error(String(e));
    }
  }
  client.release(reader.broken);
  return reader.standing && reader.confirmed ? outcome : undefined;
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
  if (!ID.test(tenantId) || !ID.test(userId)) throw new Error('tenant and user ids must be uuids');
  const guess = opts.readOnly ? lastSeen.get(`${tenantId} ${userId}`) : undefined;
  if (guess) {
    const outcome = await readInOneMessage(database, tenantId, userId, opts.sessionId, guess, fn);
    if (outcome && 'value' in outcome) return outcome.value;
    if (outcome) throw outcome.error;
    opts.onRetry?.();
  }
  const client = await database.app.connect();
  let broken: Error | undefined;
  let released = false;
  try {
    const results = (await client
      .query(`begin${opts.readOnly ? ' read only' : ''}; ${enterStatement(tenantId, userId, opts.sessionId)}`)
      .catch((e: unknown) => {
        throw asSessionEnded(e);
      })) as unknown as pg.QueryResult<EnterRow>[];
    const session: Session = new NodePgSession(client, dialect, undefined);
    const tx: Db = new NodePgTransaction(dialect, session, undefined);
    sessions.set(tx, session);
    clients.set(tx, client);
    const result = await fn(tx, remember(tenantId, userId, results[1]?.rows[0]));
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (claims.issuer === embeddedIssuer && !UUID.test(claims.subject)) return undefined;
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
