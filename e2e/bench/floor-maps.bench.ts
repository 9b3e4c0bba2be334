import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// The browser benchmark of floor maps (issue 21), run by `npm run bench:web`, not by `npm test`:
// speed is measured and printed, never asserted. A floor with 1,000 placed resources, from a
// click on the location's Floor maps tab to every shape on the live map's canvas (the Konva chunk,
// the map, its states, its plan and the drawing included; target: first paint < 500 ms).

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
});
