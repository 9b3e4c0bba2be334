import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// A day of this month as YYYY-MM-DD (the calendar opens on today's month).
const dayOfThisMonth = (day: number) => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

// The task calendar (issue 20): a project's tasks by day; dragging a task to another day moves
// its dates; my task calendar shows what is assigned to me across projects.
test('a task is rescheduled by dragging it on the project calendar, and shows on my calendar', async ({ workspace }) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string; assignee: { id: string } }>(
    '/api/v1/projects',
    { name: 'Fair', code: 'FAIR' },
    { status: 201 },
  );
  const task = await api.post<{ id: string }>(
    '/api/v1/tasks',
    {
      name: 'Book the stand',
      projectId: project.id,
      assigneeId: project.assignee.id,
      startDate: dayOfThisMonth(10),
      dueDate: dayOfThisMonth(11),
    },
    { status: 201 },
  );
  await page.goto(`/projects/${project.id}?tab=calendar`);
  const calendar = page.getByRole('region', { name: 'Tasks of Fair by day' });
  const event = calendar.locator('.rbc-event', { hasText: 'FAIR-1 Book the stand' });
  await expect(event).toBeVisible();
  await expectAccessible(page, 'project calendar');

  // drag it onto the 18th: both dates move by the same days
  const target = calendar.locator('.rbc-date-cell', { hasText: /^18$/ }).first();
  await event.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('the 18th is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 12, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText(`Book the stand now due ${dayOfThisMonth(19)}`)).toBeVisible();
  const moved = await api.get<{ startDate: string; dueDate: string }>(`/api/v1/tasks/${task.id}`);
  expect(moved).toMatchObject({ startDate: dayOfThisMonth(18), dueDate: dayOfThisMonth(19) });

  // my task calendar, reached from the task list
  await page.goto('/tasks?v=');
  await page.getByRole('button', { name: 'My task calendar' }).click();
  await expect(page.getByRole('heading', { name: 'My task calendar', level: 1 })).toBeVisible();
  await expect(page.locator('.rbc-event', { hasText: 'FAIR-1 Book the stand' })).toBeVisible();
  await page.getByRole('button', { name: 'Work week' }).click();
  await expect(page.getByRole('button', { name: 'Work week' })).toHaveClass(/rbc-active/);
});
