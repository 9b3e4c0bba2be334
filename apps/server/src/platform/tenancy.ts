import { DEFAULT_PERMISSIONS, isPermission, planBySlug, type Permission } from '@atrium/domain';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { TokenClaims } from './auth';
import type { AuthUser } from './context';
import type { Database, Db } from './database';

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

// Sets app.tenant_id for the transaction and loads the caller's membership in one round trip
// (db/security.sql: atrium_enter_tenant). Everything after it in the transaction sees only
// this tenant's rows.
export async function enterTenant(tx: Db, tenantId: string, userId: string): Promise<Membership | undefined> {
  const res = await tx.execute<EnterRow>(
    sql`select ${sql.raw(ENTER_COLUMNS)} from atrium_enter_tenant(${tenantId}::uuid, ${userId}::uuid)`,
  );
  return membershipOf(res.rows[0]);
}

const dialect = new PgDialect();
// the session under each request transaction, for statements run as prepared ones
type Session = NodePgSession<Record<string, never>, Record<string, never>>;
const sessions = new WeakMap<Db, Session>();
// the connection under each such transaction, for COPY
const clients = new WeakMap<Db, pg.PoolClient>();
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

// A parameter as a literal: COPY takes no parameters. Strings go through pg's escapeLiteral;
// arrays become array literals; numbers and booleans as written.
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return pg.escapeLiteral(
      `{${value.map((v: unknown) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`,
    );
  if (typeof value === 'object') return pg.escapeLiteral(JSON.stringify(value));
  return pg.escapeLiteral(String(value));
}

// Streams the rows of `statement` as CSV written by PostgreSQL (`COPY … TO STDOUT`, no header,
// one line per row ending in LF) on the connection of a request's or a job step's transaction:
// the tenant context and row-level security apply as to every statement in it.
export function copyCsvOut(db: Db, statement: SQL): CopyToStreamQuery {
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

// A request's transaction in a workspace: BEGIN and the tenant entry go to PostgreSQL as one
// simple-protocol message (one round trip instead of two; both ids are checked uuids, so they
// are literals), then `fn` runs in the transaction (a Drizzle transaction: nested
// transactions are savepoints), then COMMIT — or ROLLBACK when `fn` throws. `fn` receives no
// membership when the user is not an active member; RLS is forced on every tenant table and
// app.tenant_id is set before anything else runs, as with enterTenant.
export async function inTenantTransaction<T>(
  database: Database,
  tenantId: string,
  userId: string,
  fn: (tx: Db, membership: Membership | undefined) => Promise<T>,
  opts: { readOnly?: boolean } = {},
): Promise<T> {
  if (!ID.test(tenantId) || !ID.test(userId)) throw new Error('tenant and user ids must be uuids');
  const client = await database.app.connect();
  let broken: Error | undefined;
  let released = false;
  try {
    const results = (await client.query(
      `begin${opts.readOnly ? ' read only' : ''}; select ${ENTER_COLUMNS} from atrium_enter_tenant('${tenantId}'::uuid, '${userId}'::uuid)`,
    )) as unknown as pg.QueryResult<EnterRow>[];
    const session: Session = new NodePgSession(client, dialect, undefined);
    const tx: Db = new NodePgTransaction(dialect, session, undefined);
    sessions.set(tx, session);
    clients.set(tx, client);
    const result = await fn(tx, membershipOf(results[1]?.rows[0]));
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

export function forgetUser(userId: string): void {
  for (const [key, entry] of userCache) if (entry.user.id === userId) userCache.delete(key);
}

// Maps a verified token to a user: the embedded provider's subject is the user id; any other
// issuer goes through user_identities (filled at first sign-in through /auth).
export async function resolveUser(db: Db, claims: TokenClaims, embeddedIssuer: string | undefined): Promise<AuthUser | undefined> {
  const key = `${claims.issuer} ${claims.subject}`;
  const cached = userCache.get(key);
  if (cached && Date.now() - cached.at < USER_CACHE_MS) return cached.user;
  // the embedded provider's subjects are user ids; anything else names no user (401, not a cast error)
  if (claims.issuer === embeddedIssuer && !UUID.test(claims.subject)) return undefined;
  const res =
    claims.issuer === embeddedIssuer
      ? await db.execute<AuthUser>(sql`select id, email, name from users where id = ${claims.subject}::uuid`)
      : await db.execute<AuthUser>(sql`
          select u.id, u.email, u.name from users u
          where u.id = atrium_user_for_identity(${claims.issuer}, ${claims.subject})`);
  const user = res.rows[0];
  if (user) userCache.set(key, { user, at: Date.now() });
  return user;
}
