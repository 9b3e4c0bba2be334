import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from './config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { installJobQueue } from './jobs/job-queue';

export const APP_ROLE = 'atrium_app';
// the identity module's role: the only one that reads the identity schema (db/security.sql)
export const IDENTITY_ROLE = 'atrium_identity';

export type Db = NodePgDatabase;
export type Database = {
  url: string;
  // owner connection: migrations and the few global reads the app role may not do
  admin: pg.Pool;
  // everything a request does runs here, as APP_ROLE (no superuser, no BYPASSRLS)
  app: pg.Pool;
  db: Db;
  // sign-in, sessions and the embedded provider, as IDENTITY_ROLE
  identity: pg.Pool;
  identityDb: Db;
  close: () => Promise<void>;
};

// Without this, timestamptz and int8 come back in ways that differ by driver setting.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric columns (money, decimals) are bounded so that a double holds them exactly (decision 024)
pg.types.setTypeParser(1700, (v) => Number(v));

export async function resolveDatabaseUrl(config: Config, log: (line: string) => void): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const server = await startEmbeddedPostgres({
    dir: config.embeddedPg.dir,
    port: config.embeddedPg.port,
    password: config.embeddedPg.password,
    log,
  });
  const admin = new pg.Client(server.url('postgres'));
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'atrium'`);
  if (exists.rowCount === 0) await admin.query('create database atrium');
  await admin.end();
  return { url: server.url('atrium'), stop: async () => stopWhenAlone(server.url('postgres'), server.stop) };
}

// A pool's end() resolves once its clients are let go, not once PostgreSQL has seen them leave:
// stopped at that moment, the embedded cluster would cut a connection still saying goodbye,
// and its client would report it (the job queue's did, now and then, on SIGTERM). The cluster
// stops once the server's own connections are gone, or after ten seconds (on a loaded machine a
// pool's last goodbye has taken longer than two).
async function stopWhenAlone(adminUrl: string, stop: () => Promise<void>): Promise<void> {
  const admin = new pg.Client(adminUrl);
  admin.on('error', () => {});
  try {
    await admin.connect();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      if ((res.rows[0]?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch {
    // the cluster is stopped below whatever this look found
  } finally {
    await admin.end().catch(() => {});
  }
  await stop();
}

export function openDatabase(url: string, poolSize = 10): Database {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  // The role is a startup option: no statement on any app connection ever runs as the owner.
  const app = new pg.Pool({ connectionString: url, max: poolSize, options: `-c role=${APP_ROLE}` });
  const identity = new pg.Pool({ connectionString: url, max: 3, options: `-c role=${IDENTITY_ROLE}` });
  // A connection dropped by the server (restart, failover, shutdown) must not crash the process:
  // an idle one is the pool's 'error', one checked out but between queries (a transaction
  // waiting on the application) is its own client's 'error', which node would throw with no
  // listener. The pool replaces an idle one; a checked-out one fails its next query and is
  // dropped when released.
  for (const pool of [admin, app, identity]) {
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  const db = drizzle({ client: app });
  return {
    url,
    admin,
    app,
    db,
    identity,
    identityDb: drizzle({ client: identity }),
    close: async () => {
      await Promise.all([admin.end(), app.end(), identity.end()]);
    },
  };
}

export async function migrateDatabase(url: string, migrationsDir: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    // one migrator at a time when several nodes start together
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    await applySecurity(client, migrationsDir);
    // pg-boss's own schema (pgboss), installed and upgraded by pg-boss itself
    await installJobQueue(url);
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    await client.end();
  }
}

// security.sql (roles, grants, forced RLS and its policy on every tenant table) is applied once
// per version of it and of the migrations, not on every start: its ALTER TABLEs take each
// table's strongest lock, and a node joining a running cluster deadlocked against an import
// writing contacts (40P01). A deadlock on a first application is retried: the script is one
// implicit transaction, undone whole.
async function applySecurity(client: pg.Client, migrationsDir: string): Promise<void> {
  const script = readFileSync(path.join(migrationsDir, '..', 'security.sql'), 'utf8');
  const journal = readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8');
  const stamp = createHash('sha256').update(script).update(journal).digest('hex');
  await client.query(`create table if not exists drizzle.atrium_security_applied (
    stamp text primary key, applied_at timestamptz not null default now())`);
  const done = await client.query(`select 1 from drizzle.atrium_security_applied where stamp = $1`, [stamp]);
  if ((done.rowCount ?? 0) > 0) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(script);
      break;
    } catch (err) {
      if (attempt >= 5 || (err as { code?: string }).code !== '40P01') throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  await client.query(`insert into drizzle.atrium_security_applied (stamp) values ($1) on conflict do nothing`, [stamp]);
}

export async function migrationsApplied(pool: pg.Pool, migrationsDir: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const res = await pool.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (res.rows[0]?.n ?? 0) >= journal.entries.length;
}
