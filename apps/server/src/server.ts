import { buildApp, type App } from './app';
import type { Config } from './platform/config';
import type { Database } from './platform/database';
import { migrateDatabase, openDatabase, resolveDatabaseUrl } from './platform/database';

export type RunningServer = { app: App; url: string; database: Database; stop: () => Promise<void> };

// Starts everything `npm start` starts: database (embedded unless DATABASE_URL), migrations,
// identity provider and HTTP server. e2e tests use this too.
// `beforeListen` lets a test add to the app (a test job type) before it starts.
export async function startServer(config: Config, opts: { beforeListen?: (app: App) => void } = {}): Promise<RunningServer> {
  const t0 = Date.now();
  const log = (line: string) => {
    if (config.logLevel === 'debug' || config.logLevel === 'trace') process.stdout.write(`[postgres] ${line}\n`);
  };
  const pg = await resolveDatabaseUrl(config, log);
  let stopped = false;
  try {
    await migrateDatabase(pg.url, config.migrationsDir);
    const database = openDatabase(pg.url);
    const app = await buildApp(config, database);
    opts.beforeListen?.(app);
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ ms: Date.now() - t0, url: config.publicUrl, role: config.role }, 'Atrium is ready');
    return {
      app,
      url: config.publicUrl,
      database,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        // A keep-alive connection that is busy when closing starts would stay open after its
        // answer until the keep-alive timeout (72 s), holding the close: each is closed as soon as
        // it is idle. A request that still comes in on one is answered 503 with Connection: close.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await database.close();
        await pg.stop();
      },
    };
  } catch (err) {
    await pg.stop().catch(() => {});
    throw err;
  }
}
