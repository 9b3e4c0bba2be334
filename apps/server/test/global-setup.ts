import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { SERVER_ROOT } from '../src/platform/config';
import { migrateDatabase } from '../src/platform/database';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { freePort } from '../src/platform/free-port';

export const TEMPLATE_DB = 'atrium_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// One PostgreSQL server for the run (embedded, or TEST_DATABASE_URL for the external run) and
// one migrated template database that every test file clones.
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-pg-'));
    // a free port: other runs on this machine may hold any fixed one
    const server = await startEmbeddedPostgres({ dir, port: await freePort(), password: 'test' });
    adminUrl = server.url('postgres');
    stop = server.stop;
  }
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'atrium_test_%'`);
  for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  await migrateDatabase(withDatabase(adminUrl, TEMPLATE_DB), path.join(SERVER_ROOT, 'src/db/migrations'));
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
