import type { Page } from '@playwright/test';
import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// The Gantt chart (decision 088): a project in Automatic mode where A blocks B; dragging A two
// days to the right moves B by the same two days, one Undo puts both back; arrow keys move and
// resize a bar; at 390 px the chart is a read-only table. How long 1,000 tasks take to draw is
// measured by the browser benchmark (e2e/bench/work.bench.ts, `npm run bench:web`).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_WIDTH = 32;

// a local calendar day `offset` days from today, as the API takes it and as a bar's label says it
function day(offset: number) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, label: `${d.getDate()} ${MONTHS[d.getMonth()]}` };
}
const barName = (number: string, title: string, start: number, due: number) =>
  `${number} ${title}, ${day(start).label} – ${day(due).label}`;

async function automaticProject(api: SignedInApi, code: string) {
  // links need Plan.LinkTasks, which the Projects Pro plan has
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  return api.post<{ id: string }>('/api/v1/projects', { name: `Launch ${code}`, code, schedulingMode: 'Automatic' }, { status: 201 });
}

const task = (api: SignedInApi, projectId: string, name: string, start: number, due: number) =>
  api.post<{ id: string; number: string }>(
    '/api/v1/tasks',
    { name, projectId, priority: 'High', startDate: day(start).iso, dueDate: day(due).iso },
    { status: 201 },
  );

async function dragBy(page: Page, name: string, days: number) {
  const box = await page.getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  const [x, y] = [box.x + 10, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + days * DAY_WIDTH, y, { steps: 8 });
  await page.mouse.up();
}

test('a blocked task follows its blocker on the chart, one Undo puts both back', async ({ workspace }) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await automaticProject(api, 'GNT');
  const a = await task(api, project.id, 'Design', 2, 4);
  const b = await task(api, project.id, 'Build', 6, 8);
  await api.post(`/api/v1/tasks/${a.id}/links`, { taskId: b.id, kind: 'blocks' }, { status: 201 });

  await page.goto(`/projects/${project.id}?tab=gantt`);
  const chart = page.getByRole('region', { name: 'Gantt chart' });
  await expect(chart.getByRole('button', { name: barName(a.number, 'Design', 2, 4) })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Scheduling' }).getByRole('radio', { name: 'Automatic' })).toBeChecked();
  await expectAccessible(page, 'project gantt');

  await dragBy(page, barName(a.number, 'Design', 2, 4), 2);
  await expect(page.getByText(`Moved ${a.number}; 1 task followed`)).toBeVisible();
  await expect(chart.getByRole('button', { name: barName(a.number, 'Design', 4, 6) })).toBeVisible();
  await expect(chart.getByRole('button', { name: barName(b.number, 'Build', 8, 10) })).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Move of ${a.number} undone`)).toBeVisible();
  await expect(chart.getByRole('button', { name: barName(a.number, 'Design', 2, 4) })).toBeVisible();
  await expect(chart.getByRole('button', { name: barName(b.number, 'Build', 6, 8) })).toBeVisible();

  // keyboard: ArrowRight moves a day, Shift+ArrowRight makes it a day longer; B follows both
  await chart.getByRole('button', { name: barName(a.number, 'Design', 2, 4) }).press('ArrowRight');
  await expect(chart.getByRole('button', { name: barName(b.number, 'Build', 7, 9) })).toBeVisible();
  await chart.getByRole('button', { name: barName(a.number, 'Design', 3, 5) }).press('Shift+ArrowRight');
  await expect(chart.getByRole('button', { name: barName(a.number, 'Design', 3, 6) })).toBeVisible();
  await expect(chart.getByRole('button', { name: barName(b.number, 'Build', 8, 10) })).toBeVisible();

  // on a phone: the tasks with their dates, nothing to drag
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: a.number, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Build' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gantt chart' })).toHaveCount(0);
});
