import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The browser benchmark (`npm run bench:web`): the same server and browser set-up as the browser
// suite, the measuring specs of ./bench, one at a time so that nothing else loads the machine.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: /.*\.bench\.ts/,
  workers: 1,
  reporter: [['list']],
  // no trace: recording one snapshots the page at every action (tens of ms inside the measurement)
  use: { ...base.use, trace: 'off', screenshot: 'off' },
  outputDir: '../test-results/e2e-bench',
});
