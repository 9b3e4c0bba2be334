import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT, loadConfig } from './platform/config';
import { freePort } from './platform/free-port';
import { processEnded } from './platform/embedded-postgres';
import { startServer } from './server';

// The README's first command in miniature: embedded PostgreSQL in a fresh data directory,
// migrations, identity provider and HTTP server; then a restart on the existing directory.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('server lifecycle on the embedded defaults', () => {
  it('starts on a fresh data directory, becomes ready, stops, and starts again on the same data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-lifecycle-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMBEDDED_PG_PORT: String(await freePort()) } as NodeJS.ProcessEnv;
    const t0 = Date.now();
    const first = await startServer(loadConfig(env, { port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}` }));
    const fresh = Date.now() - t0;
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    await first.stop();
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const t1 = Date.now();
    const second = await startServer(loadConfig(env, { port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}` }));
    const existing = Date.now() - t1;
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    await second.stop();
    console.log(`startup: fresh data directory ${fresh} ms, existing ${existing} ms`);
  }, 120_000);

  it('picks another port for PostgreSQL when the configured one is busy', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-busy-'));
    dirs.push(dataDir);
    const net = await import('node:net');
    const busy = net.createServer();
    const busyPort = await freePort();
    await new Promise<void>((resolve) => busy.listen(busyPort, '127.0.0.1', resolve));
    try {
      const port = await freePort();
      const server = await startServer(
        loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMBEDDED_PG_PORT: String(busyPort) } as NodeJS.ProcessEnv, {
          port,
          host: '127.0.0.1',
          publicUrl: `http://127.0.0.1:${port}`,
        }),
      );
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      // the answer's body says why, should it ever not be ready
      expect(ready.status, await ready.text()).toBe(200);
      await server.stop();
    } finally {
      busy.close();
    }
  }, 120_000);

  it('shuts down cleanly on SIGTERM, stopping the embedded PostgreSQL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-sigterm-'));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Atrium is ready')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    // in order: the HTTP server and the job queue close before the database stops (nothing of the
    // server's own saw its connections cut), then the embedded PostgreSQL
    expect(output).toContain('shutting down');
    expect(output).not.toMatch(/terminating connection|job queue error|Connection terminated/);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    // its process gone (or a zombie its new parent has yet to reap: pg_ctl started it detached)
    await expect.poll(() => processEnded(pid)).toBe(true);
  }, 120_000);
});
