import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// The browser benchmark of floor maps (issue 21), run by `npm run bench:web`, not by `npm test`:
// speed is measured and printed, never asserted. A floor with 1,000 placed resources, from a
// click on the location's Floor maps tab to every shape on the live map's canvas (the Konva chunk,
// the map, its states, its plan and the drawing included; target: first paint < 500 ms), then
// the frame rate while the plan is panned by dragging it, on the live map and in the editor
// (target: 60 fps).

const PAN_MS = 2_000;

// where a point of the plan (image pixels) is on the page
const planPointOnPage = (page: Page, at: { x: number; y: number }) =>
  page.evaluate((at) => {
    type Stage = {
      getLayers: () => { getAbsoluteTransform: () => { point: (p: { x: number; y: number }) => { x: number; y: number } } }[];
      container: () => HTMLElement;
    };
    const stage = (window as unknown as { Konva: { stages: Stage[] } }).Konva.stages.at(-1);
    const plan = stage?.getLayers()[0];
    if (!stage || !plan) throw new Error('no floor plan on the page');
    const p = plan.getAbsoluteTransform().point(at);
    const box = stage.container().getBoundingClientRect();
    return { x: box.x + p.x, y: box.y + p.y };
  }, at);

// One wheel step (zoom in) on the plan: the time from the wheel event to the frame after React
// has the new zoom (the canvas's data-zoom), then the same back out.
async function zoomStep(page: Page, what: string) {
  const ms = await page.evaluate(async () => {
    const canvas = document.querySelector('.floor-plan-canvas');
    const content = canvas?.querySelector('.konvajs-content');
    if (!canvas || !content) throw new Error('no floor plan on the page');
    const box = content.getBoundingClientRect();
    const step = async (deltaY: number) => {
      const before = canvas.getAttribute('data-zoom');
      const t0 = performance.now();
      content.dispatchEvent(
        new WheelEvent('wheel', { deltaY, clientX: box.x + box.width / 2, clientY: box.y + 20, bubbles: true, cancelable: true }),
      );
      await new Promise<void>((done) => {
        const check = () => (canvas.getAttribute('data-zoom') !== before ? requestAnimationFrame(() => done()) : setTimeout(check, 0));
        check();
      });
      return performance.now() - t0;
    };
    return [await step(-100), await step(100)];
  });
  console.log(`zooming the ${what} one wheel step in and out: ${ms.map((m) => `${Math.round(m)} ms`).join(', ')} to the next frame`);
}

// Drags the plan back and forth for PAN_MS (a press on its empty top margin, so the stage moves,
// not a desk) and counts the frames the page drew meanwhile (requestAnimationFrame): frames per
// second, the 95th percentile and the longest time between two frames, and the frames dropped
// (a gap of n frame times drops n − 1 at 60 Hz).
async function panFrames(page: Page, what: string) {
  const from = await planPointOnPage(page, { x: 1000, y: 8 });
  await page.mouse.move(from.x, from.y);
  await page.evaluate(() => {
    const w = window as unknown as { panFrames: number[]; panning: boolean };
    w.panFrames = [];
    w.panning = true;
    const tick = (t: number) => {
      w.panFrames.push(t);
      if (w.panning) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.down();
  const start = Date.now();
  let moves = 0;
  while (Date.now() - start < PAN_MS) {
    // pointer events one after the other (each waits for the page to take it); 200 px each way
    const dx = 200 * Math.sin((moves / 50) * Math.PI);
    await page.mouse.move(from.x + dx, from.y + 20 * Math.sin((moves / 25) * Math.PI));
    moves += 1;
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { panFrames: number[]; panning: boolean };
    w.panning = false;
    return w.panFrames;
  });
  const gaps = frames
    .slice(1)
    .map((t, i) => t - (frames[i] as number))
    .sort((a, b) => a - b);
  const seconds = ((frames.at(-1) ?? 0) - (frames[0] ?? 0)) / 1000;
  const fps = (frames.length - 1) / seconds;
  const p95 = gaps[Math.floor(gaps.length * 0.95)] ?? 0;
  const dropped = gaps.reduce((n, g) => n + Math.max(0, Math.round(g / (1000 / 60)) - 1), 0);
  const moved = await page.evaluate(
    () => (window as unknown as { Konva: { stages: { x: () => number }[] } }).Konva.stages.at(-1)?.x() ?? 0,
  );
  console.log(
    `panning the ${what}, 1,000 shapes: ${fps.toFixed(1)} fps over ${seconds.toFixed(1)} s (${moves} pointer moves), ` +
      `frame time p95 ${p95.toFixed(1)} ms, longest ${(gaps.at(-1) ?? 0).toFixed(1)} ms, ${dropped} frames dropped; the stage ended ${Math.round(moved)} px along`,
  );
}

test('1,000 placed resources: time from opening the Floor maps tab to every shape drawn', async ({ workspace }) => {
  test.setTimeout(300_000);
  const api = await signedInApi(workspace.page, workspace.tenantId);
  const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Big floor', timeZone: 'Europe/Berlin' }, { status: 201 });
  const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
  const made: string[] = [];
  for (let batch = 0; batch < 50; batch++) {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post<{ id: string }>(
          '/api/v1/resources',
          { name: `Desk ${String(batch * 20 + i + 1).padStart(4, '0')}`, resourceTypeId: type.id, locationId: location.id },
          { status: 201 },
        ),
      ),
    );
    made.push(...ids.map((r) => r.id));
  }
  const map = await api.post<{ id: string }>(
    '/api/v1/floor-maps',
    { locationId: location.id, name: 'Hall', level: 'Hall' },
    { status: 201 },
  );
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><rect width="2000" height="1000" fill="#fff"/></svg>';
  const session = (await (await workspace.page.request.get('/auth/session')).json()) as { accessToken: string };
  const upload = await workspace.page.request.put(`/api/v1/floor-maps/${map.id}/image`, {
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': workspace.tenantId },
    multipart: { file: { name: 'hall.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) } },
  });
  expect(upload.status()).toBe(200);
  const version = ((await upload.json()) as { version: number }).version;
  const placements = made.map((resourceId, i) => ({
    resourceId,
    shape: { kind: 'rect', x: 20 + (i % 40) * 49, y: 20 + Math.floor(i / 40) * 38, width: 40, height: 30 },
    rotation: 0,
    label: null,
  }));
  await api.put(
    `/api/v1/floor-maps/${map.id}`,
    { name: 'Hall', level: 'Hall', levelOrder: 0, placements },
    { headers: { 'if-match': `"${version}"` } },
  );

  const page = workspace.page;
  await page.goto(`/locations/${location.id}`);
  const tab = page.getByRole('tab', { name: 'Floor maps' });
  await tab.waitFor();
  const clickedAt = await page.evaluate(() => performance.now());
  const started = Date.now();
  await tab.click();
  await expect
    .poll(() => page.evaluate(() => Number(document.querySelector('.floor-plan-canvas [data-drawn]')?.getAttribute('data-drawn') ?? 0)), {
      timeout: 30_000,
      intervals: [25],
    })
    .toBe(1000);
  const ms = Date.now() - started;
  const drawnAt = await page.evaluate(() => performance.now());
  // the network's share: the map's, its states' and its plan's responses, from the tab's click
  const data = await page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/v1\/floor-maps\//.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  );
  console.log(
    `floor map, 1,000 shapes: ${ms} ms from opening the tab to every shape drawn (last floor-map response at ${Math.round(data)} ms of the page)`,
  );
  // where the time goes: each script chunk and call fetched after the click, and the floor maps'
  // own ones from before it (the page preloads them: negative), from the click (ms), and the
  // rest (parsing, React, Konva drawing) up to the last shape
  const waterfall = await page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e.startTime >= from - 5 || /floor-maps/.test(e.name)) && /\/assets\/.+\.js|\/api\/v1\//.test(e.name))
        .map((e) => ({
          what: new URL(e.name).pathname.replace(/^\/assets\//, '').replace(/[0-9a-f-]{36}/g, ':id'),
          from: Math.round(e.startTime - from),
          to: Math.round((e as PerformanceResourceTiming).responseEnd - from),
          kB: Math.round((e as PerformanceResourceTiming).encodedBodySize / 1024),
        })),
    clickedAt,
  );
  const lastResponse = Math.max(0, ...waterfall.map((w) => w.to));
  console.log(
    `waterfall from the click (ms): ${waterfall.map((w) => `${w.what} ${w.from}–${w.to} (${w.kB} kB)`).join('; ')}; ` +
      `last response at ${lastResponse} ms, every shape drawn at ${Math.round(drawnAt - clickedAt)} ms (about ${Math.round(drawnAt - clickedAt - lastResponse)} ms of parsing, React and drawing after the last response, poll granularity 25 ms)`,
  );

  // panning: the live map, then the editor (its thousand desks are nodes that can be dragged)
  await panFrames(page, 'live map');
  await zoomStep(page, 'live map');
  await page.getByText('Edit', { exact: true }).click();
  await expect(page.getByRole('application', { name: 'Floor plan Hall' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Selected: Desk 1000' })).toBeVisible({ timeout: 60_000 });
  await panFrames(page, 'editor');
  await zoomStep(page, 'editor');
});
