import { seedDemoWorkspace } from './demo/demo-workspace';
import { loadConfig } from './platform/config';
import { takeSignalsFromEmbeddedPostgres } from './platform/embedded-postgres';
import { startServer } from './server';

const config = loadConfig();
const server = await startServer(config).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// `npm run demo`: the same server, with a demo workspace made on first start (decision 029)
if (process.argv.includes('--demo')) {
  try {
    const demo = await seedDemoWorkspace(server.app, server.database, config);
    process.stdout.write(
      `\nDemo workspace "${demo.workspace}" ${demo.created ? 'created' : 'already there'}.\n` +
        `Open ${server.url} and sign in as ${demo.email} with the password ${demo.password}\n\n`,
    );
  } catch (err) {
    console.error(err);
    await server.stop();
    process.exit(1);
  }
}

// The server closes in its own order on SIGINT, SIGTERM and SIGHUP: HTTP and the job queue first
// (a job hands its slice back), then the pools, then the embedded PostgreSQL if there is one.
takeSignalsFromEmbeddedPostgres();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  });
}
