import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './database';
import { attachTransaction, dialect, literal, type Session } from './tenant-statements';

// Reads in one message (decision 082): a read-only request by a member seen before sends each
// statement with the tenant entry in one simple-protocol message, on the membership this
// process remembers (tenancy.ts), and its answer stands only once the entry read in the same
// message confirms that membership.

// The row atrium_enter_tenant answers, its columns as text (tenancy.ts: ENTER_COLUMNS): a
// membership read afresh, or one with no membership (tenant_user_id null) confirming the
// membership the entry was sent with.
export type EnterRow = {
  tenant_user_id: string | null;
  role_name: string | null;
  permissions: string | null;
  plans: string | null;
  definitions_version: number | string;
  membership_version: number | string;
};

// The membership remembered for a workspace user (tenancy.ts), with the workspace's membership
// version it was read under: the guess a read sends its statements with (readInOneMessage).
// Never trusted: every answer built on it stands only once the entry read in the same message
// has confirmed that version, and the definitions version the guess carries (the caches of
// custom fields and workflows the handler used key on it).
// (the membership is tenancy.ts' Membership; generic here so this file needs little of it)
export type Seen<M extends { definitionsVersion: number }> = { version: number; membership: M };

// The enter row of a message's results, whichever row mode the statement asked for.
export function enterRowOf(result: pg.QueryResult | undefined): EnterRow | undefined {
  const row = result?.rows[0] as EnterRow | unknown[] | undefined;
  if (!Array.isArray(row)) return row;
  const [tenant_user_id, role_name, permissions, plans, definitions_version, membership_version] = row as [
    string | null,
    string | null,
    string | null,
    string | null,
    string,
    string,
  ];
  return { tenant_user_id, role_name, permissions, plans, definitions_version, membership_version };
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
function preparedSet(client: pg.PoolClient): Set<string> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  return prepared;
}

// The tenant entry as statements of a simple-protocol message (tenancy.ts): an EXECUTE of a
// statement prepared once per connection — planned once, not on every request — preceded by
// its PREPARE the first time on a connection. A message that fails after its PREPARE may or
// may not have prepared it: its connection is dropped (prepared statements outlive a rollback).
export type TenantEntry = { name: string; prepare: string; execute: string };
export function entryStatements(client: pg.PoolClient, entry: TenantEntry): string[] {
  const prepared = preparedSet(client);
  if (prepared.has(entry.name)) return [entry.execute];
  prepared.add(entry.name);
  return [entry.prepare, entry.execute];
}

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
    private readonly enter: TenantEntry,
    private readonly guess: Seen<{ definitionsVersion: number }>,
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
    if (
      row &&
      row.tenant_user_id === null &&
      Number(row.membership_version) === this.guess.version &&
      Number(row.definitions_version) === this.guess.membership.definitionsVersion
    ) {
      this.confirmed = true;
      return;
    }
    this.stale = true;
    this.onStale(row);
    throw new ReadAgain();
  }

  // (a newline before each separator: a statement ending in a line comment ends there)
  private message(config: QueryConfig, values: readonly unknown[]): { text: string; at: number; enterAt: number; count: number } {
    if (!READ_STATEMENT.test(config.text)) this.abandon();
    let args: string;
    try {
      args = values.length > 0 ? `(${values.map(literal).join(', ')})` : '';
    } catch {
      this.abandon();
    }
    const parts = ['begin read only', ...entryStatements(this.client, this.enter)];
    const enterAt = parts.length - 1;
    // a statement Drizzle names (executePrepared) is prepared once per connection, under its
    // name + "_m" (SQL PREPARE shares the namespace of the extended protocol's statements); any
    // other is prepared, run and deallocated in its message
    const name = config.name ? pg.escapeIdentifier(`${config.name}_m`) : 'atrium_m_once';
    const prepared = preparedSet(this.client);
    // (a connection whose message fails is dropped: the set never outlives what it names)
    if (!prepared.has(name)) parts.push(`prepare ${name} as ${config.text}`);
    if (config.name) prepared.add(name);
    parts.push(`execute ${name}${args}`);
    const at = parts.length - 1;
    if (!config.name) parts.push(`deallocate ${name}`);
    parts.push('commit');
    return { text: parts.join('\n;\n'), at, enterAt, count: parts.length };
  }

  async query(config: string | QueryConfig, values?: readonly unknown[]): Promise<pg.QueryResult> {
    if (!this.standing) throw new ReadAgain();
    const c = typeof config === 'string' ? { text: config } : config;
    const { text, at, enterAt, count } = this.message(c, values ?? []);
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
    this.check(enterRowOf(results[enterAt]));
    return result;
  }
}

// A read-only request with a remembered membership: the handler runs on that guess, each of its
// statements goes with the tenant entry in one message (above), and its answer — a value or an
// error — stands once a message (or, if it sent none, one entry) has confirmed the guess.
// Undefined when it does not stand: the caller runs the request again the classic way.
export async function readInOneMessage<T, M extends { definitionsVersion: number }>(
  database: Database,
  enter: TenantEntry,
  guess: Seen<M>,
  onStale: (row: EnterRow | undefined) => void,
  fn: (tx: Db, membership: M | undefined) => Promise<T>,
): Promise<{ value: T } | { error: unknown } | undefined> {
  const client = await database.app.connect();
  const reader = new OneMessageReader(client, enter, guess, onStale);
  // Drizzle's session over the reader: the same type parsing, mapping and errors as elsewhere
  const session: Session = new NodePgSession(reader as unknown as pg.PoolClient, dialect, undefined);
  const tx: Db = new NodePgTransaction(dialect, session, undefined);
  attachTransaction(tx, session, { reader });
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await fn(tx, guess.membership) };
  } catch (error) {
    outcome = { error };
  }
  if (reader.standing && !reader.confirmed) {
    try {
      const statements = entryStatements(client, enter);
      const results = (await client.query(statements.join(';\n'))) as unknown as pg.QueryResult<EnterRow> | pg.QueryResult<EnterRow>[];
      reader.check((Array.isArray(results) ? results[results.length - 1] : results)?.rows[0]);
    } catch (e) {
      if (!(e instanceof ReadAgain)) reader.broken = e instanceof Error ? e : new Error(String(e));
    }
  }
  client.release(reader.broken);
  return reader.standing && reader.confirmed ? outcome : undefined;
}
