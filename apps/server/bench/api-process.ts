import { randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { API_AUDIENCE } from '../src/identity/keys';
import { SERVER_ROOT } from '../src/platform/config';
import { migrateDatabase } from '../src/platform/database';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { freePort } from '../src/platform/free-port';

export type Answer = { status: number; text: string; etag: string };
export type Api = {
  child: ChildProcess;
  publicUrl: string;
  headers: Record<string, string>;
  request: (method: string, url: string, body?: unknown, extra?: Record<string, string>) => Promise<Answer>;
};

// The API in its own process (bench/server.ts), with a token of the workspace's admin signed by
// the server's own key; requests one at a time over one keep-alive connection.
export async function startApi(
  dir: string,
  url: string,
  db: pg.Client,
  tenant: { id: string; userId: string },
  traced: boolean,
): Promise<Api> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const child = fork(path.join(SERVER_ROOT, 'bench/server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...(traced ? { BENCH_TRACE: '1' } : {}),
    },
    stdio: ['ignore', openSync(path.join(dir, 'server.log'), 'a'), 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const token = await adminToken(db, publicUrl, tenant.userId);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenant.id, 'content-type': 'application/json' };
  const request = (method: string, to: string, body?: unknown, extra: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${publicUrl}${to}`, { method, agent, headers: { ...headers, ...extra } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), etag: String(res.headers.etag ?? '') }),
        );
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  child.once('exit', () => agent.destroy());
  return { child, publicUrl, headers, request };
}

// An access token for a user of the bench, signed with the server's own active key as its
// identity provider would sign one, under a signed-in session (its sid is checked on every
// request, as a real token's is).
export async function adminToken(db: pg.Client, publicUrl: string, userId: string): Promise<string> {
  const [key] = (await db.query<{ jwk: { kid: string } }>('select jwk from identity.idp_keys where active limit 1')).rows;
  if (!key) throw new Error('no signing key');
  const sid = `bench-${randomUUID()}`;
  await db.query(
    `insert into identity.auth_sessions (id, user_id, data, expires_at, sid) values ($1, $2, '{}', now() + interval '1 day', $1)`,
    [sid, userId],
  );
  return new SignJWT({ scope: 'openid profile email', sid })
    .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${publicUrl}/idp`)
    .setAudience(API_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(key.jwk, 'RS256'));
}

export async function stopApi(api: Api | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  await new Promise((r) => api.child.once('exit', r));
}

// A call the seed depends on: anything but the expected status stops the bench.
export async function must(api: Api, method: string, url: string, body: unknown, status = 200): Promise<Record<string, unknown>> {
  const res = await api.request(method, url, body);
  if (res.status !== status) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text || '{}') as Record<string, unknown>;
}

// A bench's own embedded PostgreSQL in `dir`: the database `atrium`, migrated, and one direct
// connection to it as the owner (the server stops under it at the end: not an error).
export async function benchDatabase(dir: string): Promise<{
  pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  url: string;
  db: pg.Client;
  pgVersion: string;
}> {
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), password: 'bench' });
  const admin = new pg.Client(pgServer.url('postgres'));
  await admin.connect();
  await admin.query('create database atrium');
  await admin.end();
  const url = pgServer.url('atrium');
  await migrateDatabase(url, path.join(SERVER_ROOT, 'src/db/migrations'));
  const db = new pg.Client(url);
  db.on('error', () => {});
  await db.connect();
  const pgVersion = (await db.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
  return { pgServer, url, db, pgVersion };
}

export type BenchRun = Awaited<ReturnType<typeof benchDatabase>> & {
  dir: string;
  started: number;
  // the API in its own process for the workspace; stopped at the end of the run (or before, by stopApi)
  api: (tenant: { id: string; userId: string }, traced?: boolean) => Promise<Api>;
};

// One bench's run (bench/*.ts): its own embedded PostgreSQL in a temporary directory for `body`;
// at the end every API process it started is stopped, `finish` runs, the cluster stops and the
// directory goes. An error is printed and sets the exit code.
export async function benchRun(
  name: string,
  body: (run: BenchRun) => Promise<void>,
  finish?: (dir: string) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), `atrium-bench-${name}-`));
  const database = await benchDatabase(dir);
  const apis: Api[] = [];
  const api = async (tenant: { id: string; userId: string }, traced = false) => {
    const started = await startApi(dir, database.url, database.db, tenant, traced);
    apis.push(started);
    return started;
  };
  try {
    await body({ ...database, dir, started, api });
  } catch (e) {
    process.exitCode = 1;
    console.error(e);
  } finally {
    for (const a of apis) await stopApi(a);
    await finish?.(dir);
    await database.pgServer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
