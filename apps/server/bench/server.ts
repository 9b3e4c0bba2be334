import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { installTrace, resetTrace, traceReport } from './trace';

// The API under test, in its own process so that the load generator does not share its event
// loop. Reads DATABASE_URL, PORT, PUBLIC_URL and LOG_LEVEL from the environment like `npm start`.
const tracing = Boolean(process.env.BENCH_TRACE);
const server = await startServer(loadConfig(process.env), tracing ? { beforeListen: (app) => installTrace(app) } : {});
process.send?.('ready');
process.on('message', (m: { trace?: 'reset' | 'report' }) => {
  if (m.trace === 'reset') resetTrace();
  if (m.trace === 'report') process.send?.({ report: traceReport() });
});
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
