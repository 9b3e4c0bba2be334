import type { Page } from '@playwright/test';
import { expect, test, type SignedIn } from '../support/signed-in.fixture';
import { automaticProject, task } from '../pages/projects.pages';
import { databaseSql } from '../support/database';
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
        // when it went out on a connection: a request waits for one of HTTP/1.1's six per host
        sent: Math.round((e as PerformanceResourceTiming).requestStart),
        to: Math.round((e as PerformanceResourceTiming).responseEnd),
        kB: Math.round((e as PerformanceResourceTiming).encodedBodySize / 1024),
      }));
    return { document: nav ? Math.round(nav.responseEnd) : -1, domReady: nav ? Math.round(nav.domContentLoadedEventEnd) : -1, resources };
  });
  return (
    `start-up from navigation: document ${steps.document} ms, DOM ready ${steps.domReady} ms; ` +
    steps.resources.map((r) => `${r.what} ${r.from}–${r.to}${r.sent - r.from > 5 ? ` (sent at ${r.sent})` : ''} (${r.kB} kB)`).join('; ')
  );
}

// Opens a project's Gantt tab by navigation and reads, from the app's own mark and the network's
// resource timing, when the chart's data arrived and when its bars were painted.
async function openGantt(page: Page, projectId: string, timeout = 30_000): Promise<{ dataEnd: number; painted: number; kB: number }> {
  await page.goto(`/projects/${projectId}?tab=gantt`);
  await expect(page.getByRole('region', { name: 'Gantt chart' }).getByRole('button').first()).toBeVisible({ timeout });
  return page.evaluate(() => {
    const data = performance
      .getEntriesByType('resource')
      .find((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.name.endsWith('/gantt'));
    return {
      painted: Math.round(performance.getEntriesByName('gantt-painted')[0]?.startTime ?? -1),
      dataEnd: Math.round(data?.responseEnd ?? -1),
      kB: Math.round((data?.encodedBodySize ?? 0) / 1024),
    };
  });
}

// A first visit fetches every script of the page (over HTTP/1.1's six connections per host on
// this bench); a returning visit, the usual case, finds them in the browser's cache (hashed
// assets are immutable) and fetches only the document and the calls.
const timing = (t: { dataEnd: number; painted: number }) =>
  `navigation → data ${t.dataEnd} ms, → last bar painted ${t.painted} ms (chart alone ${t.painted - t.dataEnd} ms)`;

test('1,000 tasks: time from navigation to the bars on screen', async ({ workspace, signedIn }) => {
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

  const first = await openGantt(page, project.id);
  const bars = await page.locator('.gantt-bar').count();
  console.log(`gantt perf: ${COUNT} tasks, ${bars} bars in the DOM; first visit: ${timing(first)}`);
  console.log(`gantt perf: ${await startUp(page)}`);
  const firsts = await firstVisits(signedIn, tenantId, (fresh) => openGantt(fresh, project.id));
  console.log(`gantt perf: first visits, navigation → last bar painted: ${spread(firsts.map((v) => v.painted))}`);
  // one returning visit is one sample of a noisy figure (the same build measured 460–650 ms on a
  // shared machine): several, with their median and range
  const visits: Awaited<ReturnType<typeof openGantt>>[] = [];
  for (let i = 0; i < RETURNING_VISITS; i++) visits.push(await openGantt(page, project.id));
  const last = visits[visits.length - 1];
  if (last) console.log(`gantt perf: returning visit (scripts cached), the last of ${RETURNING_VISITS}: ${timing(last)}`);
  console.log(`gantt perf: returning visits, navigation → last bar painted: ${spread(visits.map((v) => v.painted))}`);
  console.log(`gantt perf: returning visit ${await startUp(page)}`);
  expect(first.painted, 'the chart marks when its bars are painted').toBeGreaterThan(0);
  for (const visit of visits) expect(visit.painted, 'the chart marks when its bars are painted').toBeGreaterThan(0);
});

const RETURNING_VISITS = 7;
const FIRST_VISITS = 5;

// BENCH_LATENCY_MS=40: the first visits over a network with that round trip (Chromium's own
// emulation, per request; HTTP/1.1's six connections per host still apply), as a user far from
// the server meets it: the count of requests weighs there (decision 099, round five).
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);

// A first visit is one sample as well: several, each in a new browser context (an empty cache).
async function firstVisits<T>(signedIn: SignedIn, tenantId: string, visit: (page: Page) => Promise<T>): Promise<T[]> {
  const samples: T[] = [];
  if (LATENCY_MS > 0) console.log(`first visits with ${LATENCY_MS} ms of network latency per request`);
  for (let i = 0; i < FIRST_VISITS; i++) {
    const { context, page } = await signedIn.open(tenantId);
    try {
      if (LATENCY_MS > 0) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: LATENCY_MS,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      samples.push(await visit(page));
    } finally {
      await context.close();
    }
  }
  return samples;
}

// "median 482 ms (min 431, max 560; 7 visits)"
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? -1;
  return `median ${median} ms (min ${sorted[0] ?? -1}, max ${sorted[sorted.length - 1] ?? -1}; ${sorted.length} visits: ${sorted.join(', ')})`;
}

// Issue 20: 5,000 tasks with 5,000 "blocks" links (a chain through them all, and one more) in one
// project — target: the bars and arrows on screen < 1.5 s from navigation.
test('5,000 tasks and 5,000 links: time from navigation to the bars on screen', async ({ workspace }) => {
  test.setTimeout(900_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const project = await api.post<{ id: string }>(
    '/api/v1/projects',
    { name: 'Big plan', code: 'BIG', schedulingMode: 'Manual' },
    { status: 201 },
  );
  const COUNT = 5000;
  const created = Date.now();
  // one task through the API, the other 4,999 and the links as copies of it in SQL (through the
  // API the links alone took four minutes: the bench measures the chart, not the seeding)
  const first = await task(api, project.id, 'Step 1', 0, 2);
  const columns = (
    await databaseSql(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'tasks' and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((r) => String(r.column_name));
  const copied: Record<string, string> = {
    id: 'gen_random_uuid()',
    number: `'BIG-' || n`,
    name: `'Step ' || n`,
    start_date: 'current_date + (n % 90)',
    due_date: 'current_date + (n % 90) + 2',
    board_rank: 'n',
  };
  await databaseSql(
    `insert into tasks (${columns.map((c) => `"${c}"`).join(', ')})
      select ${columns.map((c) => copied[c] ?? `t."${c}"`).join(', ')} from tasks t, generate_series(2, ${COUNT}) n where t.id = $1`,
    [first.id],
  );
  // a chain through them all (BIG-1 blocks BIG-2 …) and BIG-1 blocks BIG-3
  await databaseSql(
    `insert into task_links (tenant_id, from_task_id, to_task_id, kind)
      select a.tenant_id, a.id, b.id, 'blocks' from tasks a join tasks b on b.tenant_id = a.tenant_id and b.project_id = a.project_id
        and (substr(b.number, 5)::int = substr(a.number, 5)::int + 1 or (a.number = 'BIG-1' and b.number = 'BIG-3'))
      where a.project_id = $1`,
    [project.id],
  );
  const links = await databaseSql(
    `select count(*)::int as n from task_links l join tasks t on t.id = l.from_task_id where t.project_id = $1`,
    [project.id],
  );
  const linkCount = Number(links[0]?.n ?? 0);
  console.log(`gantt 5k perf: ${COUNT} tasks and ${linkCount} links created in ${Date.now() - created} ms`);

  const t0 = Date.now();
  const answer = await api.send('GET', `/api/v1/projects/${project.id}/gantt`);
  console.log(
    `gantt 5k perf: the chart's call answers ${answer.status()} (${Math.round((await answer.body()).length / 1024)} kB) in ${Date.now() - t0} ms`,
  );
  let cold: Awaited<ReturnType<typeof openGantt>>;
  try {
    cold = await openGantt(page, project.id, 60_000);
  } catch (error) {
    console.log(`gantt 5k perf: no bars; the page says: ${(await page.locator('main').innerText()).slice(0, 2000)}`);
    throw error;
  }
  console.log(`gantt 5k perf: ${COUNT} tasks, ${linkCount} links (${cold.kB} kB); first visit: ${timing(cold)}`);
  const again = await openGantt(page, project.id, 60_000);
  console.log(`gantt 5k perf: returning visit (scripts cached): ${timing(again)}`);
  expect(cold.painted, 'the chart marks when its bars are painted').toBeGreaterThan(0);
  expect(again.painted, 'the chart marks when its bars are painted').toBeGreaterThan(0);
});

// Issue 20: a project board of 2,000 tasks (500 in each of its four stages): how long from
// navigation until every column's cards (50 a column, the count of all) are painted.
test('2,000 tasks: time from navigation to the last board card painted', async ({ workspace, signedIn }) => {
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

  const first = await openBoard(page, project.id);
  console.log(`board perf: ${await startUp(page)}`);
  console.log(`board perf: ${COUNT} tasks, 200 cards in the DOM; first visit: ${boardTiming(first)}`);
  const firsts = await firstVisits(signedIn, tenantId, (fresh) => openBoard(fresh, project.id));
  console.log(`board perf: first visits, navigation → last card painted: ${spread(firsts.map((v) => v.painted))}`);
  const visits: Awaited<ReturnType<typeof openBoard>>[] = [];
  for (let i = 0; i < RETURNING_VISITS; i++) visits.push(await openBoard(page, project.id));
  const last = visits[visits.length - 1];
  if (last) console.log(`board perf: returning visit (scripts cached), the last of ${RETURNING_VISITS}: ${boardTiming(last)}`);
  console.log(`board perf: returning visits, navigation → last card painted: ${spread(visits.map((v) => v.painted))}`);
  // the target is 1 s from navigation (docs/benchmarks.md keeps the figures)
  for (const visit of [first, ...visits]) expect(visit.painted, 'the board marks when its cards are painted').toBeGreaterThan(0);
});

// Opens a project's board by navigation and reads when the last column's cards arrived and when
// they were painted (the board's own mark).
async function openBoard(page: Page, projectId: string): Promise<{ dataEnd: number; painted: number }> {
  await page.goto(`/tasks?v=&m=board&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: projectId }]))}`);
  const board = page.getByRole('list', { name: 'Tasks by stage' });
  await expect(board.getByRole('listitem', { name: /^To do/ })).toHaveAccessibleName('To do (500)', { timeout: 30_000 });
  await expect(page.locator('[data-card-id]')).toHaveCount(200);
  return page.evaluate(() => ({
    painted: Math.round(performance.getEntriesByName('board-painted')[0]?.startTime ?? -1),
    dataEnd: Math.round(
      Math.max(
        -1,
        ...performance
          .getEntriesByType('resource')
          .filter(
            (entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.name.endsWith('/tasks/list'),
          )
          .map((entry) => entry.responseEnd),
      ),
    ),
  }));
}

const boardTiming = (t: { dataEnd: number; painted: number }) =>
  `navigation → last column's data ${t.dataEnd} ms, → last card painted ${t.painted} ms`;
