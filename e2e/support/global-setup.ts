import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { freePort } from '../../apps/server/src/platform/free-port';
import { startFakeOpenAi } from './fake-openai';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Atrium exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Atrium did not become ready at ${url} within ${timeoutMs} ms`);
}

// Starts Atrium the way `npm start` does (the built dist/main.js; tsx on the sources when there is
// no build) with a fresh data directory, so the embedded PostgreSQL starts empty, and stops
// exactly that process at the end.
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  // mkdtemp makes it 0700; as root the embedded PostgreSQL runs as `postgres` and must get in
  chmodSync(dataDir, 0o755);
  const dist = path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const [command, args] = existsSync(dist)
    ? [process.execPath, [dist]]
    : [process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')]];
  // the embedded defaults, whatever the developer's shell has set
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SMTP_URL'].includes(key),
    ),
  );
  // the AI prompt talks to a local OpenAI-compatible server (issue 14)
  const ai = await startFakeOpenAi();
  const pgPort = await freePort();
  // the test database itself, for the few specs that let time pass (support/database.ts); the
  // workers are started after this and inherit it
  process.env.E2E_DATABASE_URL = `postgres://postgres:${encodeURIComponent(process.env.EMBEDDED_PG_PASSWORD ?? 'atrium')}@127.0.0.1:${pgPort}/atrium`;
  // the inbound SMTP listener (helpdesk mail): the specs send to it with nodemailer
  process.env.E2E_SMTP_INBOUND_PORT = String(await freePort());
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      AI_BASE_URL: ai.url,
      AI_MODEL: 'atrium-e2e',
      SMTP_INBOUND_PORT: process.env.E2E_SMTP_INBOUND_PORT,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForReady(baseUrl, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    await ai.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGTERM lets the server stop its embedded PostgreSQL cleanly
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    await ai.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
