// One Atrium process as `npm start` runs it, plus the test job type: the multi-process test
// starts API and worker nodes from this file (ATRIUM_ROLE, PORT, DATABASE_URL from the env).
import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { defineTestJobs } from './test-jobs';

const server = await startServer(loadConfig(), { beforeListen: defineTestJobs });
process.on('SIGTERM', () => {
  server
    .stop()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
});
