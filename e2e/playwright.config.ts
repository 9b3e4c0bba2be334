import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// One free port for the run, chosen here so that the runner, the global setup and the workers
// (which inherit the environment) all agree on the base URL.
// The config must know it synchronously, so the platform's helper runs in a child process.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '-e',
    "import('../apps/server/src/platform/free-port.ts').then((m) => m.freePort()).then((p) => process.stdout.write(String(p)))",
  ],
  { cwd: import.meta.dirname },
).toString();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // two spec files at a time, the tests of one file in order (decision 080): each worker signs up
  // its own shared account and every spec works in workspaces of its own; E2E_WORKERS=1 runs
  // them one after another
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // .ci/run sums the JSON report into its closing line
  reporter: process.env.ATRIUM_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.ATRIUM_REPORT_DIR}/playwright.json` }]]
    : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    // the browser asks for reduced motion, which the app honours (antd's motion off): a dialog or
    // a dropdown is there at once, and no click lands on a button still zooming in (decision 081)
    reducedMotion: 'reduce',
    // an action that cannot happen (a covered button, an element that never comes) fails with the
    // locator and the reason instead of running into the test's timeout
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // a failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of
    // the end; the trace's screencast is left out: it costs a third of the suite's time (decision 080)
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        // Debian's Chromium; Playwright's own browser download is never used
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
