import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Work management (issue 20): a project made from a template starts with the template's task
// stages; its tasks are numbered with its code and its board shows its own stages, where a task
// is dragged to the next stage.
test('a project from a template: its stages, numbered tasks and its own board', async ({ workspace }) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const template = await api.post<{ id: string }>('/api/v1/project-templates', { name: 'Office move' }, { status: 201 });
  const [flow] = await api.get<{ id: string }[]>(`/api/v1/core/workflows?entity=Task&scopeId=${template.id}`);
  await api.post('/api/v1/core/workflow-stages', { workflowId: flow?.id, name: 'Signed off', stageType: 'Closed' }, { status: 201 });

  // a person makes the project with the New dialog, from the template
  await page.goto('/projects?v=');
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name', { exact: true }).fill('Move to Berlin');
  await dialog.getByLabel('Code', { exact: true }).fill('BER');
  await dialog.getByLabel('Template', { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Office move' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Move to Berlin', level: 1 })).toBeVisible();
  const projectId = page.url().split('/').at(-1)?.split('?')[0] ?? '';

  await page.getByRole('tab', { name: 'Task stages' }).click();
  const stages = page.getByRole('tabpanel', { name: 'Task stages' });
  await expect(stages.getByText('Signed off')).toBeVisible();

  for (const name of ['Sign the lease', 'Order the desks'])
    await api.post('/api/v1/tasks', { name, projectId, priority: 'High', estimateHours: 3 }, { status: 201 });
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByText('2 tasks')).toBeVisible();
  await page.getByRole('button', { name: 'Open the board' }).click();
  const board = page.getByRole('list', { name: 'Tasks by stage' });
  for (const stage of ['To do', 'In progress', 'In review', 'Done', 'Signed off'])
    await expect(board.getByRole('listitem', { name: new RegExp(`^${stage}`) })).toBeVisible();
  const todo = board.getByRole('listitem', { name: /^To do/ });
  const doing = board.getByRole('listitem', { name: /^In progress/ });
  await expect(todo).toHaveAccessibleName('To do (2)');
  await expect(todo.getByLabel(/^Total /)).toHaveText(/6/);
  await expectAccessible(page, 'project board');

  await todo.getByText('Sign the lease').dragTo(doing);
  await expect(page.getByText('Sign the lease moved to In progress').last()).toBeVisible();
  await expect(doing).toHaveAccessibleName('In progress (1)');

  // the task list shows the keys the project's code gives
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Table').click();
  await expect(page.getByRole('cell', { name: 'BER-1' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BER-2' })).toBeVisible();
});

test('the task board asks for a project first, at 390 px too', async ({ workspace }) => {
  const { page } = workspace;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tasks?v=&m=board');
  await expect(page.getByText('Filter the list by Project (equals) to see its board')).toBeVisible();
});
