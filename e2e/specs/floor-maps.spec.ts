import type { Page } from '@playwright/test';
import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// Floor maps (issue 21, decision 092): a plan uploaded on the location's Floor maps tab, a desk
// placed from the side list, dragged and turned, saved and still there after a reload; and the
// live map, where a laptop checked out in another browser changes colour without a reload.
const LIVE_MS = 5_000;
const PLAN = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect x="10" y="10" width="780" height="480" fill="#fff" stroke="#333" stroke-width="4"/>
  <line x1="400" y1="10" x2="400" y2="490" stroke="#333" stroke-width="2"/>
</svg>`;

type Seed = { locationId: string; desk: string; laptop: string };

async function seed(api: SignedInApi): Promise<Seed> {
  const location = await api.post<{ id: string }>(
    '/api/v1/locations',
    { name: 'Harbour office', timeZone: 'Europe/Berlin' },
    { status: 201 },
  );
  const deskType = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
  const laptopType = await api.post<{ id: string }>(
    '/api/v1/resource-types',
    { name: 'Laptop', bookableMode: 'Assignable' },
    { status: 201 },
  );
  const make = async (name: string, resourceTypeId: string) =>
    (await api.post<{ id: string }>('/api/v1/resources', { name, resourceTypeId, locationId: location.id }, { status: 201 })).id;
  return { locationId: location.id, desk: await make('Desk 1', deskType.id), laptop: await make('Laptop 1', laptopType.id) };
}

// The live map draws every shape with one Konva shape named "placements" (decision 092); its
// `looks` attribute holds the fill and outline each resource is drawn with.
type LiveShape = {
  getAttr: (name: 'looks') => Record<string, { fill: string }> | undefined;
  getAbsoluteTransform: () => { point: (p: { x: number; y: number }) => { x: number; y: number } };
};
type LiveStage = { findOne: (s: string) => LiveShape | undefined; container: () => HTMLElement };

// where a point of the plan (image pixels) is on the page, to click a shape on the canvas
const planPointOnPage = (page: Page, at: { x: number; y: number }) =>
  page.evaluate((at) => {
    const konva = (window as unknown as { Konva?: { stages: LiveStage[] } }).Konva;
    const stage = konva?.stages.find((s) => s.findOne('.placements'));
    const shape = stage?.findOne('.placements');
    if (!stage || !shape) return null;
    const p = shape.getAbsoluteTransform().point(at);
    const box = stage.container().getBoundingClientRect();
    return { x: box.x + p.x, y: box.y + p.y };
  }, at);

// a zone where the local time is between 01:00 and 22:00 now (one of UTC and Tokyo always is)
const zoneAwayFromMidnight = (): string =>
  ['UTC', 'Asia/Tokyo'].find((timeZone) => {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    return hour >= 1 && hour < 22;
  }) ?? 'UTC';

// the fill a resource's shape is drawn with on the live map
const fillOf = (page: Page, resourceId: string) =>
  page.evaluate((id) => {
    const konva = (window as unknown as { Konva?: { stages: LiveStage[] } }).Konva;
    return konva?.stages.map((s) => s.findOne('.placements')?.getAttr('looks')?.[id]?.fill).find(Boolean) ?? null;
  }, resourceId);

// A one-page PDF written by hand (400 × 200 pt, a black frame 20 pt in, 4 pt wide), with its
// cross-reference table counted out, as a plan drawn in a PDF would come; or one whose page tree
// is empty, or one protected by a password (the standard security handler with made-up keys:
// the empty password does not open it).
function handWrittenPdf({ pages = true, encrypted = false } = {}): Buffer {
  const content = '0 0 0 RG 4 w 20 20 360 160 re S';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    pages ? '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' : '<< /Type /Pages /Kids [] /Count 0 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  if (encrypted) objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`);
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypted ? ` /Encrypt 5 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]` : ''} >>\n` +
    `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// the colour of the plan as drawn on the editor's canvas at a point of the plan (image pixels)
const planPixel = (page: Page, at: { x: number; y: number }) =>
  page.evaluate((at) => {
    type Layer = {
      getAbsoluteTransform: () => { point: (p: { x: number; y: number }) => { x: number; y: number } };
      getCanvas: () => { _canvas: HTMLCanvasElement; getPixelRatio: () => number };
    };
    const stage = (window as unknown as { Konva: { stages: { getLayers: () => Layer[] }[] } }).Konva.stages.at(-1);
    const plan = stage?.getLayers()[0];
    if (!plan) return null;
    const p = plan.getAbsoluteTransform().point(at);
    const canvas = plan.getCanvas();
    const ratio = canvas.getPixelRatio();
    const [r = 0, g = 0, b = 0] =
      canvas._canvas.getContext('2d')?.getImageData(Math.round(p.x * ratio), Math.round(p.y * ratio), 1, 1).data ?? [];
    return { r, g, b };
  }, at);

test.describe.serial('floor maps', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let tenantId: string;
  let ids: Seed;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    ids = await seed(await signedInApi(page, tenantId));
  });

  test('upload a plan, place a desk, move and turn it, undo and redo, save, and find it so after a reload', async () => {
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    await expect(page.getByText('This location has no floor maps yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add floor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add floor' });
    await dialog.getByLabel('Name').fill('Ground floor');
    await dialog.getByLabel('Level', { exact: true }).fill('Ground floor');
    await dialog.getByRole('button', { name: 'Add floor' }).click();
    await expect(dialog).toBeHidden();

    await page
      .locator('.floor-map-editor input[type=file]')
      .setInputFiles({ name: 'plan.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(PLAN) });
    await expect(page.getByText('Plan uploaded')).toBeVisible();
    const canvas = page.getByRole('application', { name: 'Floor plan Ground floor' });
    await expect(canvas.locator('canvas').first()).toBeVisible();

    await page.getByRole('button', { name: 'Place on the map: Desk 1' }).click();
    const x = page.getByLabel('X', { exact: true });
    const rotation = page.getByLabel('Rotation (°)');
    const startX = Number(await x.inputValue());
    expect(startX).toBeGreaterThan(300);

    // drag the desk (placed in the middle of the plan, which sits in the middle of the canvas) to the right
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the canvas has no box');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 40, cy + 5, { steps: 8 });
    await page.mouse.move(cx + 80, cy + 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await x.inputValue())).toBeGreaterThan(startX + 40);
    const movedX = Number(await x.inputValue());

    await rotation.fill('90');
    await rotation.press('Tab');
    await expect(rotation).toHaveValue('90');
    // undo the turn and bring it back, by keyboard on the plan
    await canvas.focus();
    await page.keyboard.press('Control+z');
    await expect(rotation).toHaveValue('0');
    await page.keyboard.press('Control+Shift+z');
    await expect(rotation).toHaveValue('90');

    await page.getByRole('button', { name: 'Save floor map' }).click();
    await expect(page.getByText('Floor map saved')).toBeVisible();
    await expectAccessible(page, 'floor map editor');

    await page.reload();
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    // the live map lists the desk with its state
    await expect(page.locator('.floor-map-states').getByRole('link', { name: 'Desk 1' })).toBeVisible();
    await page.getByText('Edit', { exact: true }).click();
    await page.getByRole('button', { name: 'Selected: Desk 1' }).click();
    await expect(page.getByLabel('Rotation (°)')).toHaveValue('90');
    await expect(page.getByLabel('X', { exact: true })).toHaveValue(String(movedX));
  });

  test('saving over a change made meanwhile says so and offers a reload', async () => {
    const api = await signedInApi(page, tenantId);
    const floor = (await api.get<{ data: { id: string }[] }>(`/api/v1/locations/${ids.locationId}/floor-maps`)).data[0]!;
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    await page.getByText('Edit', { exact: true }).click();
    await page.getByRole('button', { name: 'Selected: Desk 1' }).click();
    const rotation = page.getByLabel('Rotation (°)');
    await rotation.fill('45');
    await rotation.press('Tab');
    // someone else saves the floor (renamed) before this editor does
    const current = await api.get<{ version: number; placements: unknown[] }>(`/api/v1/floor-maps/${floor.id}`);
    await api.put(
      `/api/v1/floor-maps/${floor.id}`,
      { name: 'Ground floor', level: 'Ground floor', levelOrder: 0, placements: current.placements },
      { headers: { 'if-match': `"${current.version}"` } },
    );
    await page.getByRole('button', { name: 'Save floor map' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this floor map' });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect(conflict).toBeHidden();
    await page.getByRole('button', { name: 'Selected: Desk 1' }).click();
    await expect(page.getByLabel('Rotation (°)')).toHaveValue('90');
  });

  test('the live map colours a laptop checked out in another browser, without a reload', async ({ signedIn }) => {
    const api = await signedInApi(page, tenantId);
    const floors = await api.get<{ data: { id: string; version: number }[] }>(`/api/v1/locations/${ids.locationId}/floor-maps`);
    const floor = floors.data[0]!;
    const current = await api.get<{ version: number; placements: unknown[] }>(`/api/v1/floor-maps/${floor.id}`);
    await api.put(
      `/api/v1/floor-maps/${floor.id}`,
      {
        name: 'Ground floor',
        level: 'Ground floor',
        levelOrder: 0,
        placements: [
          ...current.placements,
          { resourceId: ids.laptop, shape: { kind: 'rect', x: 100, y: 100, width: 60, height: 40 }, rotation: 0, label: null },
        ],
      },
      { headers: { 'if-match': `"${current.version}"` } },
    );

    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    const laptopRow = page.locator('.floor-map-states .ant-list-item').filter({ hasText: 'Laptop 1' });
    await expect(laptopRow.getByText('Free')).toBeVisible();
    await expect.poll(() => fillOf(page, ids.laptop)).toContain('82, 196, 26');

    const { page: other, context } = await signedIn.open(tenantId);
    await other.goto(`/resources/${ids.laptop}`);
    await other.getByRole('button', { name: 'Check out' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Check out' }).click();
    await expect(other.getByText('Checked out', { exact: true })).toBeVisible();
    await context.close();

    await expect(laptopRow.getByText('Checked out')).toBeVisible({ timeout: LIVE_MS });
    await expect.poll(() => fillOf(page, ids.laptop), { timeout: LIVE_MS }).toContain('250, 140, 22');
    await expectAccessible(page, 'live floor map');
  });

  test('at 390 px the live map scales to the width and lists every resource', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    const map = page.getByRole('img', { name: 'Floor plan Ground floor' });
    await expect(map).toBeVisible();
    const box = await map.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(390);
    await expect(page.locator('.floor-map-states').getByRole('link')).toHaveCount(2);
  });

  test('several shapes chosen with Shift+click line up by their left edges', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    await page.getByText('Edit', { exact: true }).click();
    await page.getByRole('button', { name: 'Selected: Desk 1' }).click();
    const rotation = page.getByLabel('Rotation (°)');
    await rotation.fill('0');
    await rotation.press('Tab');
    await page.getByRole('button', { name: 'Selected: Laptop 1' }).click({ modifiers: ['Shift'] });
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Align left edges' }).click();
    await page.getByRole('button', { name: 'Selected: Desk 1' }).click();
    await expect(page.getByLabel('X', { exact: true })).toHaveValue('100');
    await page.getByRole('button', { name: 'Save floor map' }).click();
    await expect(page.getByText('Floor map saved')).toBeVisible();
  });

  test("a resource's page links to the floor it is on, which opens at that floor", async () => {
    await page.goto(`/resources/${ids.desk}`);
    await page.getByRole('link', { name: 'Ground floor' }).click();
    await expect(page).toHaveURL(new RegExp(`/locations/${ids.locationId}\\?tab=floor-maps`));
    await expect(page.getByRole('img', { name: 'Floor plan Ground floor' })).toBeVisible();
    await expect(page.locator('.floor-map-states').getByRole('link', { name: 'Desk 1' })).toBeVisible();
  });

  // issue 22: a QR code per resource, a printable sheet per floor, the code opens the check-in
  test("print the floor's check-in QR codes; a desk's code checks in to my booking of it", async () => {
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    await page.getByRole('button', { name: 'Check-in QR codes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in QR codes: Ground floor' })).toBeVisible();
    const code = page.getByRole('img', { name: 'Check-in QR code of Desk 1' });
    await expect(code).toBeVisible();
    const url = (await code.getAttribute('data-url')) ?? '';
    expect(url).toMatch(new RegExp(`/check-in/${ids.desk}$`));
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expectAccessible(page, 'check-in QR codes of a floor');

    // my booking of the desk from the coming quarter hour: its check-in is open now
    const quarter = 15 * 60_000;
    if (Math.ceil(Date.now() / quarter) * quarter - Date.now() < 10_000) await page.waitForTimeout(11_000);
    const start = Math.ceil(Date.now() / quarter) * quarter;
    const api = await signedInApi(page, tenantId);
    await api.post(
      '/api/v1/bookings',
      { resourceId: ids.desk, start: new Date(start).toISOString(), end: new Date(start + quarter).toISOString(), invite: false },
      { status: 201 },
    );
    await page.goto(new URL(url).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Check in at Desk 1' })).toBeVisible();
    await expect(page.getByText(/^Your booking: /)).toBeVisible();
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByText('Checked in', { exact: true })).toBeVisible();
    await expect(page.getByText(/^You are checked in since /)).toBeVisible();
    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await expect(page.getByText('Checked out', { exact: true })).toBeVisible();
    await expect(page.getByText(/^You have no booking of Desk 1 now\./)).toBeVisible();
  });

  // issue 22: bookings tell the live map (through the composition root) what is booked now
  test('a desk booked in another browser turns "booked" on the live map, and free again when cancelled', async ({ signedIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    const deskRow = page.locator('.floor-map-states .ant-list-item').filter({ hasText: 'Desk 1' });
    await expect(deskRow.getByText('Free', { exact: true })).toBeVisible();
    await expect.poll(() => fillOf(page, ids.desk)).toContain('82, 196, 26');

    // the next quarter hour: its check-in window is open now, so the map shows it booked
    const quarter = 15 * 60_000;
    const start = Math.ceil((Date.now() + 1_000) / quarter) * quarter;
    const { page: other, context } = await signedIn.open(tenantId);
    await other.goto('/dashboard');
    const otherApi = await signedInApi(other, tenantId);
    const booking = await otherApi.post<{ id: string }>(
      '/api/v1/bookings',
      { resourceId: ids.desk, start: new Date(start).toISOString(), end: new Date(start + 4 * quarter).toISOString() },
      { status: 201 },
    );

    await expect(deskRow.getByText('Booked', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(deskRow.getByText(/^booked by .+ until /)).toBeVisible();
    await expect.poll(() => fillOf(page, ids.desk), { timeout: LIVE_MS }).toContain('22, 119, 255');
    await expect(page.getByRole('group', { name: 'Legend' }).getByText('Checked in')).toBeVisible();

    await otherApi.post(`/api/v1/bookings/${booking.id}/cancel`, {}, { status: 200 });
    await context.close();
    await expect(deskRow.getByText('Free', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect.poll(() => fillOf(page, ids.desk), { timeout: LIVE_MS }).toContain('82, 196, 26');
  });

  test('book a free desk from the live map and see it turn booked', async ({ signedIn }) => {
    // The dialog books the first free time of Today, and the map shows the desk booked once
    // that time's check-in window is open (15 minutes before). Late in the evening Today has no
    // free hour left and the first time offered is tomorrow's — so this browser keeps a zone
    // where it is neither late nor just after midnight.
    const { page, context } = await signedIn.open(tenantId, { timezoneId: zoneAwayFromMidnight() });
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    const deskRow = page.locator('.floor-map-states .ant-list-item').filter({ hasText: 'Desk 1' });
    await expect(deskRow.getByText('Free', { exact: true })).toBeVisible();
    // a click on the desk on the plan chooses it and offers "Book"
    const api = await signedInApi(page, tenantId);
    const floor = (await api.get<{ data: { id: string }[] }>(`/api/v1/locations/${ids.locationId}/floor-maps`)).data[0]!;
    const map = await api.get<{ placements: { resourceId: string; shape: { x: number; y: number; width: number; height: number } }[] }>(
      `/api/v1/floor-maps/${floor.id}`,
    );
    const desk = map.placements.find((p) => p.resourceId === ids.desk)!.shape;
    await expect.poll(() => fillOf(page, ids.desk)).toContain('82, 196, 26');
    const at = (await planPointOnPage(page, { x: desk.x + desk.width / 2, y: desk.y + desk.height / 2 }))!;
    await page.mouse.click(at.x, at.y);
    const chosen = page.getByRole('region', { name: 'Chosen on the map: Desk 1' });
    await expect(chosen.getByText('Free', { exact: true })).toBeVisible();
    await chosen.getByRole('button', { name: 'Book Desk 1' }).click();

    const dialog = page.getByRole('dialog', { name: 'Book Desk 1' });
    await dialog.getByLabel('Day').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('Today', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Find times' }).click();
    await dialog
      .getByRole('button', { name: /^Book Desk 1 at / })
      .first()
      .click();
    await expect(page.getByText('Desk 1 is booked for you')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect(deskRow.getByText('Booked', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(chosen.getByText('Booked', { exact: true })).toBeVisible();
    await expect(chosen.getByRole('button', { name: 'Book Desk 1' })).toHaveCount(0);
    await expect.poll(() => fillOf(page, ids.desk), { timeout: LIVE_MS }).toContain('22, 119, 255');
    await expectAccessible(page, 'live floor map with a booked desk');

    // booked: "free places near" it instead — the floor's own, nearest first, no location to pick
    await chosen.getByRole('button', { name: 'Free places near Desk 1' }).click();
    const near = page.getByRole('dialog', { name: 'Free places near Desk 1' });
    await expect(near.getByLabel('Location')).toBeHidden();
    await near.getByRole('button', { name: 'Find times' }).click();
    const slots = near.getByRole('region', { name: 'Free times' });
    await expect(slots.getByRole('button', { name: / at / }).first()).toBeVisible();
    await near.getByRole('button', { name: 'Close' }).click();
    await context.close();
  });

  // decision 092: a PDF's first page becomes the plan, drawn in the browser and uploaded as a PNG
  test('a PDF plan: a broken, an empty or a protected one is refused next to the upload, a good one becomes the plan from its first page', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/locations/${ids.locationId}`);
    await page.getByRole('tab', { name: 'Floor maps' }).click();
    await page.getByRole('button', { name: 'Add floor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add floor' });
    await dialog.getByLabel('Name').fill('Upper floor');
    await dialog.getByLabel('Level', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Add floor' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Upload the plan image of this floor to place its resources.')).toBeVisible();
    const file = page.locator('.floor-map-editor input[type=file]');

    await file.setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nthis is no PDF at all') });
    await expect(page.getByRole('alert').filter({ hasText: 'This file could not be read as a PDF' })).toBeVisible();
    await file.setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: handWrittenPdf({ pages: false }) });
    await expect(page.getByRole('alert').filter({ hasText: 'This PDF has no page to use as a plan.' })).toBeVisible();
    await file.setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: handWrittenPdf({ encrypted: true }) });
    await expect(page.getByRole('alert').filter({ hasText: 'This PDF is protected with a password.' })).toBeVisible();

    await file.setInputFiles({ name: 'upper.pdf', mimeType: 'application/pdf', buffer: handWrittenPdf() });
    await expect(page.getByText('Plan uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'This PDF is protected with a password.' })).toBeHidden();
    const canvas = page.getByRole('application', { name: 'Floor plan Upper floor' });
    await expect(canvas.locator('canvas').first()).toBeVisible();

    // stored as a PNG of the page at 300 dpi: 400 × 200 pt → 1,666 × 833 px
    const api = await signedInApi(page, tenantId);
    const floors = await api.get<{ data: { id: string; name: string }[] }>(`/api/v1/locations/${ids.locationId}/floor-maps`);
    const upper = floors.data.find((f) => f.name === 'Upper floor')!;
    const stored = await api.get<{ image: { contentType: string; width: number; height: number } }>(`/api/v1/floor-maps/${upper.id}`);
    expect(stored.image).toMatchObject({ contentType: 'image/png', width: 1666, height: 833 });
    // the page's black frame is on the canvas (its left edge, 20 pt in), white paper inside it
    const scale = 300 / 72;
    await expect.poll(async () => (await planPixel(page, { x: 20 * scale, y: 100 * scale }))?.r ?? 255).toBeLessThan(80);
    expect((await planPixel(page, { x: 200 * scale, y: 100 * scale }))?.r).toBeGreaterThan(200);
    await expectAccessible(page, 'floor map editor with a PDF plan');
  });
});
