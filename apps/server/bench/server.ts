import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { installTrace, resetTrace, traceReport } from './trace';

// The API under test, in its own process so that the load generator does not share its event
// loop. Reads DATABASE_URL, PORT, PUBLIC_URL and LOG_LEVEL from the environment like `npm start`.
const tracing = Boolean(process.env.BENCH_TRACE);
const server = await startServer(loadConfig(process.env), tracing ? { beforeListen: (app) => installTrace(app) } : {});
process.send?.('ready');
process.on('message', (m: { trace?: 'reset' | 'report'; heap?: true }) => {
  if (m.trace === 'reset') resetTrace();
  if (m.trace === 'report') process.send?.({ report: traceReport() });
  // the live heap: after a full collection (the bench starts this process with --expose-gc)
  if (m.heap) {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ heap: process.memoryUsage() });
  }
});
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
