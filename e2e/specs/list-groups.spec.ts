import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

type Task = { id: string; version: number };
type Workflow = { isDefault: boolean; stages: { id: string; name: string }[] };

// Issue 20, task groups: any list grouped by one of its fields (g= in the address). The task list
// of a project by stage (board order) and by assignee (by name, the unassigned last): a header
// per group with its count, a button that folds it (by mouse and by keyboard), each open group
// listing its own tasks; at 390 px too.
test('the task list grouped by stage and by assignee, a group folded and unfolded', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string; assignee: { id: string } }>(
    '/api/v1/projects',
    { name: 'Groups', code: 'GRP' },
    { status: 201 },
  );
  const me = project.assignee.id;
  const make = (name: string, assigneeId?: string) =>
    api.post<Task>('/api/v1/tasks', { name, projectId: project.id, ...(assigneeId ? { assigneeId } : {}) }, { status: 201 });
  await make('Sand the floor', me);
  await make('Oil the floor', me);
  await make('Order the oil');
  const moving = await make('Measure the room', me);
  const [workflow] = await api.get<Workflow[]>(`/api/v1/core/workflows?entity=Task&scopeId=${project.id}`);
  const inProgress = workflow?.stages.find((s) => s.name === 'In progress');
  await api.put(
    `/api/v1/tasks/${moving.id}/board-position`,
    { workflowStage: inProgress?.id },
    { headers: { 'if-match': `"${moving.version}"` } },
  );

  await page.goto(`/tasks?v=&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: project.id }]))}`);
  await expect(page.getByRole('link', { name: 'Sand the floor' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await chooseOption(page, 'Group by Stage');
  await expect(page).toHaveURL(/[?&]g=workflowStage/);

  // the stages in board order, each with its count, open
  const todo = page.getByRole('button', { name: 'To do 3 items' });
  const doing = page.getByRole('button', { name: 'In progress 1 item' });
  await expect(todo).toHaveAttribute('aria-expanded', 'true');
  await expect(doing).toHaveAttribute('aria-expanded', 'true');
  const headers = page.locator('.list-group-header');
  await expect(headers).toHaveText(['To do3 items', 'In progress1 item']);
  const todoGroup = page.getByRole('region', { name: 'To do 3 items' });
  const doingGroup = page.getByRole('region', { name: 'In progress 1 item' });
  await expect(todoGroup.getByRole('link', { name: 'Order the oil' })).toBeVisible();
  await expect(todoGroup.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(doingGroup.getByRole('link', { name: 'Measure the room' })).toBeVisible();
  await expect(doingGroup.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expectAccessible(page, 'task list grouped by stage');

  // fold and unfold: by mouse, then by keyboard
  await todo.click();
  await expect(todo).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Order the oil' })).toBeHidden();
  await expect(doingGroup.getByRole('link', { name: 'Measure the room' })).toBeVisible();
  await todo.focus();
  await page.keyboard.press('Enter');
  await expect(todo).toHaveAttribute('aria-expanded', 'true');
  await expect(todoGroup.getByRole('link', { name: 'Order the oil' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(todo).toHaveAttribute('aria-expanded', 'false');

  // by assignee: my tasks under my name, the unassigned one last
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await chooseOption(page, 'Group by Assignee');
  await expect(page).toHaveURL(/[?&]g=assigneeId/);
  await expect(headers).toHaveCount(2);
  await expect(headers.first()).toHaveText(/3 items$/);
  await expect(headers.last()).toHaveText('No Assignee1 item');
  const unassigned = page.getByRole('region', { name: 'No Assignee 1 item' });
  await expect(unassigned.getByRole('link', { name: 'Order the oil' })).toBeVisible();
  await expect(unassigned.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // a reload keeps the grouping (it is in the address); at 390 px the headers fit the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'No Assignee 1 item' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'task list grouped by assignee at 390 px');

  // no grouping: the plain table again (on a desktop, where the choice sits in the toolbar)
  await page.setViewportSize({ width: 1280, height: 800 });
  const groupBy = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Group by' }) });
  await groupBy.hover();
  await groupBy.locator('.ant-select-clear').click();
  await expect(page).not.toHaveURL(/[?&]g=/);
  await expect(headers).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Order the oil' })).toBeVisible();
});
