import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in.fixture';
import { automaticProject, task } from '../pages/projects.pages';
import { signedInApi } from '../support/signed-in-api';

// The browser benchmark of work management (issue 20), run by `npm run bench:web`, not by
// `npm test`: speed is measured and printed, never asserted. A project of 1,000 dated tasks
// from navigation to the Gantt bars on screen (target: the chart alone < 500 ms), and a board of
// 2,000 tasks from navigation to the last card painted (target: < 1 s). Both figures are read
// from the app's own performance marks and the network's resource timings.

// The app's start-up before a page's data, from navigation (ms): the document, every script and
// every API call, in the order they started — where the time before the chart or board goes.
async function startUp(page: Page): Promise<string> {
  const steps = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.+\.(js|css)|\/api\/|\/auth\//.test(e.name))
      .map((e) => ({
        what: new URL(e.name).pathname.replace(/^\/assets\//, '').replace(/[0-9a-f-]{36}/g, ':id'),
        from: Math.round(e.startTime),
        to: Math.round((e as PerformanceResourceTiming).responseEnd),
        kB: Math.round((e as PerformanceResourceTiming).encodedBodySize / 1024),
      }));
    return { document: nav ? Math.round(nav.responseEnd) : -1, domReady: nav ? Math.round(nav.domContentLoadedEventEnd) : -1, resources };
  });
  return (
    `start-up from navigation: document ${steps.document} ms, DOM ready ${steps.domReady} ms; ` +
    steps.resources.map((r) => `${r.what} ${r.from}–${r.to} (${r.kB} kB)`).join('; ')
  );
}

test('1,000 tasks: time from navigation to the bars on screen', async ({ workspace }) => {
  test.setTimeout(600_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await automaticProject(api, 'PRF');
  const created = Date.now();
  const COUNT = 1000;
  const BATCH = 25;
  for (let i = 0; i < COUNT; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, COUNT - i) }, (_, j) =>
        task(api, project.id, `Step ${i + j + 1}`, (i + j) % 60, ((i + j) % 60) + 3),
      ),
    );
  }
  const creation = Date.now() - created;
  console.log(`gantt perf: ${COUNT} tasks created in ${creation} ms`);

  await page.goto(`/projects/${project.id}?tab=gantt`);
  await expect(page.getByRole('region', { name: 'Gantt chart' }).getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  // navigation → the chart's data arrived (the app's start-up, the record and the request) and
  // → the frame with the bars (building rows and painting them)
  const { painted, dataEnd } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('gantt-painted')[0]?.startTime ?? -1,
    dataEnd:
      performance
        .getEntriesByType('resource')
        .find((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.name.endsWith('/gantt'))
        ?.responseEnd ?? -1,
  }));
  const bars = await page.locator('.gantt-bar').count();
  console.log(
    `gantt perf: ${COUNT} tasks, ${bars} bars in the DOM; navigation → data ${Math.round(dataEnd)} ms, → last bar painted ${Math.round(painted)} ms (chart alone ${Math.round(painted - dataEnd)} ms)`,
  );
  console.log(`gantt perf: ${await startUp(page)}`);
  // the target is 500 ms for the chart alone; the app's own start-up before it (session,
  // workspace, record page) is printed beside it
  expect(painted, 'the chart marks when its bars are painted').toBeGreaterThan(0);
});

// Issue 20: a project board of 2,000 tasks (500 in each of its four stages): how long from
// navigation until every column's cards (50 a column, the count of all) are painted.
test('2,000 tasks: time from navigation to the last board card painted', async ({ workspace }) => {
  test.setTimeout(600_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Board load', code: 'BRD' }, { status: 201 });
  const [workflow] = await api.get<{ stages: { id: string }[] }[]>(`/api/v1/core/workflows?entity=Task&scopeId=${project.id}`);
  const stages = (workflow?.stages ?? []).map((s) => s.id);
  const created = Date.now();
  const COUNT = 2000;
  const BATCH = 25;
  for (let i = 0; i < COUNT; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, COUNT - i) }, (_, j) =>
        api.post(
          '/api/v1/tasks',
          { name: `Card ${i + j + 1}`, projectId: project.id, workflowStage: stages[(i + j) % stages.length] },
          { status: 201 },
        ),
      ),
    );
  }
  console.log(`board perf: ${COUNT} tasks created in ${Date.now() - created} ms`);

  await page.goto(`/tasks?v=&m=board&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: project.id }]))}`);
  const board = page.getByRole('list', { name: 'Tasks by stage' });
  await expect(board.getByRole('listitem', { name: /^To do/ })).toHaveAccessibleName('To do (500)', { timeout: 30_000 });
  await expect(page.locator('[data-card-id]')).toHaveCount(200);
  const { painted, dataEnd } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('board-painted')[0]?.startTime ?? -1,
    dataEnd: Math.max(
      -1,
      ...performance
        .getEntriesByType('resource')
        .filter(
          (entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.name.endsWith('/tasks/list'),
        )
        .map((entry) => entry.responseEnd),
    ),
  }));
  console.log(`board perf: ${await startUp(page)}`);
  console.log(
    `board perf: ${COUNT} tasks, 200 cards in the DOM; navigation → last column's data ${Math.round(dataEnd)} ms, → last card painted ${Math.round(painted)} ms (board alone ${Math.round(painted - dataEnd)} ms)`,
  );
  // the target is 1 s from navigation (docs/benchmarks.md keeps the figures)
  expect(painted, 'the board marks when its cards are painted').toBeGreaterThan(0);
});
