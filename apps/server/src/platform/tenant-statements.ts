import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { Db } from './database';

// Statements that need the connection under a request's transaction (tenancy.ts) rather than
// Drizzle's transaction object: named prepared statements and COPY.
export const dialect = new PgDialect();
// the session under each request transaction, for statements run as prepared ones
export type Session = NodePgSession<Record<string, never>, Record<string, never>>;
const sessions = new WeakMap<Db, Session>();
// the connection under each such transaction, for COPY
const clients = new WeakMap<Db, pg.PoolClient>();
// the reader under each one-message read (one-message-read.ts), which COPY abandons
const readers = new WeakMap<Db, { abandon(): never }>();
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 500;

// A transaction opened by tenancy.ts on a pooled connection, or by a one-message read on its
// reader: the statements below find its session (and connection) through it.
export function attachTransaction(tx: Db, session: Session, under: { client: pg.PoolClient } | { reader: { abandon(): never } }): void {
  sessions.set(tx, session);
  if ('client' in under) clients.set(tx, under.client);
  else readers.set(tx, under.reader);
}

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
export function literal(value: unknown): string {
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
export function copyCsvOut(db: Db, statement: SQL, delimiter: ',' | ';' | '\t' = ','): CopyToStreamQuery {
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
  return client.query(copyTo(`copy (${text}) to stdout with (format csv, delimiter ${literal(delimiter)})`));
}
