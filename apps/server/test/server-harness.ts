import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/platform/config';
import { startServer, type RunningServer } from '../src/server';
import { TEMPLATE_DB } from './harness';

import { freePort } from '../src/platform/free-port';

export { freePort };
export { firstLink, formAction, TestBrowser, type BrowserResponse } from './test-browser';

export type TestServer = {
  url: string;
  config: Config;
  server: RunningServer;
  sql: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;
  stop: () => Promise<void>;
};

// A real listening Atrium (what `npm start` runs) on a free port, on a fresh database cloned
// from the migrated template: for flows that need HTTP, such as the OIDC redirects.
export async function startTestServer(env: NodeJS.ProcessEnv = {}, opts: { port?: number } = {}): Promise<TestServer> {
  const adminUrl = inject('pgAdminUrl');
  const dbName = `atrium_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-server-test-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, RATE_LIMIT_AUTH: '1000', ...env },
    { port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}` },
  );
  const server = await startServer(config);
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  // pool.end() resolves before PostgreSQL has seen its clients leave: the DROP … WITH (FORCE)
  // at the end may cut one still saying goodbye, whose error would otherwise be thrown as
  // uncaught in whichever test file runs next (the external-PostgreSQL CI runs of 8a33e78, d6745a4)
  pool.on('error', () => {});
  return {
    url: config.publicUrl,
    config,
    server,
    sql: async (text, params = []) => (await pool.query(text, params)).rows,
    stop: async () => {
      await server.stop();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client(adminUrl);
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    },
  };
}
