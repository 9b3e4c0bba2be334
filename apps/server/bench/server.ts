import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';

// The API under test, in its own process so that the load generator does not share its event
// loop. Reads DATABASE_URL, PORT and PUBLIC_URL from the environment like `npm start`.
const server = await startServer(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
process.send?.('ready');
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
