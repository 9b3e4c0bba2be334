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

  // a work-in-progress limit of 1 on "In progress": a second card there makes the column warn
  await page.goto(`/projects/${projectId}?tab=stages`);
  const stagesTab = page.getByRole('tabpanel', { name: 'Task stages' });
  await stagesTab.getByRole('button', { name: 'Edit In progress' }).click();
  const stageDialog = page.getByRole('dialog');
  await stageDialog.getByLabel('Work-in-progress limit').fill('1');
  await stageDialog.getByRole('button', { name: 'Save' }).click();
  await expect(stageDialog).toBeHidden();
  await page.goBack();
  await expect(doing.getByText('limit 1')).toBeVisible();
  await todo.getByText('Order the desks').dragTo(doing);
  await expect(doing.getByText('over the limit of 1')).toBeVisible();
  await expect(doing).toHaveAccessibleName('In progress (2)');

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

// Linked tasks (Pro: Plan.LinkTasks): a person links two tasks on a task's Links tab, sees the link
// from the other side, and a link that would make a task wait for itself is refused with the cycle.
test('tasks are linked on their Links tab, and a cycle is refused with its tasks named', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Launch', code: 'LCH' }, { status: 201 });
  const design = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Design', projectId: project.id }, { status: 201 });
  const build = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Build', projectId: project.id }, { status: 201 });
  const qa = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Test', projectId: project.id }, { status: 201 });

  await page.goto(`/tasks/${design.id}?tab=links`);
  const tab = page.getByRole('tabpanel', { name: 'Links' });
  await expect(tab.getByText('No linked tasks')).toBeVisible();
  await tab.getByLabel('Task to link').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Build' }).click();
  await tab.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(tab.getByRole('link', { name: 'LCH-2 Build' })).toBeVisible();

  // from Build: Design blocks it; linking them again is refused as a repeat
  await tab.getByRole('link', { name: 'LCH-2 Build' }).click();
  await page.getByRole('tab', { name: 'Links' }).click();
  const other = page.getByRole('tabpanel', { name: 'Links' });
  await expect(other.getByText('Is blocked by')).toBeVisible();
  await expect(other.getByRole('link', { name: 'LCH-1 Design' })).toBeVisible();
  const pick = async (title: string) => {
    await other.getByLabel('Task to link').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: title }).click();
    await other.getByRole('button', { name: 'Link', exact: true }).click();
  };
  await pick('Design');
  await expect(other.getByRole('alert')).toHaveText('These two tasks are already linked');
  // Build blocks Test; Test blocking Design would close a circle
  await api.post(`/api/v1/tasks/${build.id}/links`, { taskId: qa.id, kind: 'blocks' }, { status: 201 });
  await page.goto(`/tasks/${qa.id}?tab=links`);
  await pick('Design');
  await expect(other.getByRole('alert')).toContainText('wait for itself');
  await expect(other.getByRole('alert')).toContainText('LCH-1');
  await expectAccessible(page, 'task links');
});

// A schedule's next occurrences, in its own zone, across the change to summer time in Berlin.
test('a schedule lists its next occurrences in its time zone', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Office', code: 'OFF' }, { status: 201 });
  const schedule = await api.post<{ id: string }>(
    '/api/v1/task-schedules',
    {
      name: 'Water the plants',
      projectId: project.id,
      rule: 'FREQ=WEEKLY;BYDAY=MO',
      startsAt: '2030-03-18T09:00',
      timeZone: 'Europe/Berlin',
    },
    { status: 201 },
  );
  await page.goto(`/task-schedules/${schedule.id}?tab=upcoming`);
  const tab = page.getByRole('tabpanel', { name: 'Next occurrences' });
  await expect(tab.getByText('Times in Europe/Berlin')).toBeVisible();
  // Monday 18 March 2030 and the Mondays after it, 09:00 in Berlin before and after the change on 31 March
  await expect(tab.locator('time').first()).toHaveAttribute('datetime', '2030-03-18T08:00:00.000Z');
  await expect(tab.locator('time').nth(2)).toHaveAttribute('datetime', '2030-04-01T07:00:00.000Z');
  await expect(tab.locator('time').first()).toContainText('9:00');
});

// The dashboard's "My tasks" and "My projects": what is assigned to me, overdue marked.
test('the dashboard shows my open tasks, overdue ones marked, and my projects', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string; assignee: { id: string } }>(
    '/api/v1/projects',
    { name: 'Garden', code: 'GRD' },
    { status: 201 },
  );
  const me = project.assignee.id;
  await api.post(
    '/api/v1/tasks',
    { name: 'Mow the lawn', projectId: project.id, assigneeId: me, dueDate: '2020-06-01', priority: 'High' },
    { status: 201 },
  );
  await api.post('/api/v1/tasks', { name: 'Plant tulips', projectId: project.id, assigneeId: me, dueDate: '2099-10-01' }, { status: 201 });
  await page.goto('/dashboard');
  const tasks = page.locator('.dashboard-widget', { has: page.getByRole('heading', { name: 'My tasks' }) });
  await expect(tasks.getByRole('link', { name: 'GRD-1 Mow the lawn' })).toBeVisible();
  await expect(tasks.getByText(/^Overdue since/)).toHaveCount(1);
  await expect(tasks.getByText('High')).toBeVisible();
  const projects = page.locator('.dashboard-widget', { has: page.getByRole('heading', { name: 'My projects' }) });
  await expect(projects.getByText('2 open tasks, 2 yours')).toBeVisible();
  await tasks.getByRole('link', { name: 'GRD-1 Mow the lawn' }).click();
  await expect(page.getByRole('heading', { name: 'Mow the lawn', level: 1 })).toBeVisible();
});

// Dashboard.ViewMyTaskCalendar: my tasks due in the next 7 days by day, each a link to the task,
// and the way to the whole calendar; a task due later or someone else's is not there.
test('the dashboard’s task calendar lists my tasks due this week by day', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string; assignee: { id: string } }>(
    '/api/v1/projects',
    { name: 'Harbour', code: 'HBR' },
    { status: 201 },
  );
  const me = project.assignee.id;
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const task = (name: string, due: number, mine = true) =>
    api.post('/api/v1/tasks', { name, projectId: project.id, dueDate: day(due), ...(mine ? { assigneeId: me } : {}) }, { status: 201 });
  await task('Paint the hull', 0);
  await task('Check the ropes', 1);
  await task('Load the cargo', 3);
  await task('Sail away', 10);
  await task('Someone else’s job', 0, false);

  await page.goto('/dashboard');
  const widget = page.locator('.dashboard-widget', { has: page.getByRole('heading', { name: 'My task calendar' }) });
  const agenda = widget.getByRole('list', { name: 'My task calendar' });
  await expect(agenda.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(agenda.getByRole('heading', { level: 3 }).first()).toContainText('Today');
  await expect(agenda.getByRole('heading', { level: 3 }).nth(1)).toContainText('Tomorrow');
  await expect(agenda.getByRole('link')).toHaveText(['HBR-1 Paint the hull', 'HBR-2 Check the ropes', 'HBR-3 Load the cargo']);
  await expect(widget.getByText('Sail away')).toHaveCount(0);
  await expect(widget.getByText('Someone else’s job')).toHaveCount(0);
  await expectAccessible(page, 'dashboard with my task calendar');

  await agenda.getByRole('link', { name: 'HBR-2 Check the ropes' }).click();
  await expect(page.getByRole('heading', { name: 'Check the ropes', level: 1 })).toBeVisible();
  await page.goBack();
  await widget.getByRole('link', { name: 'Open my task calendar' }).click();
  await expect(page).toHaveURL(/\/tasks\/calendar$/);
  await expect(page.getByRole('heading', { name: 'My task calendar', level: 1 })).toBeVisible();
});

// A task's checklist: items typed and added with Enter, ticked, moved with the keyboard's
// buttons and removed after a confirmation; the progress says how many are done.
test('a task checklist is filled, ticked, reordered and trimmed', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Party', code: 'PTY' }, { status: 201 });
  const task = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Prepare the party', projectId: project.id }, { status: 201 });
  await page.goto(`/tasks/${task.id}?tab=checklist`);
  const tab = page.getByRole('tabpanel', { name: 'Checklist' });
  await expect(tab.getByText('No checklist items yet')).toBeVisible();
  const input = tab.getByLabel('New checklist item');
  for (const item of ['Buy balloons', 'Order the cake', 'Send invitations']) {
    await input.fill(item);
    await input.press('Enter');
    await expect(tab.getByRole('checkbox', { name: item })).toBeVisible();
  }
  // the tick is drawn when the list's cache takes it (a moment after the click on a busy machine)
  await tab.getByRole('checkbox', { name: 'Order the cake' }).click();
  await expect(tab.getByRole('checkbox', { name: 'Order the cake' })).toBeChecked();
  await expect(tab.getByText('1 of 3 done')).toBeVisible();
  await tab.getByRole('button', { name: 'Move Send invitations up' }).click();
  await expect.poll(() => tab.locator('.checklist-item').allInnerTexts()).toEqual(['Buy balloons', 'Send invitations', 'Order the cake']);
  await tab.getByRole('button', { name: 'Remove Buy balloons' }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(tab.getByText('1 of 2 done')).toBeVisible();
  await expectAccessible(page, 'task checklist');
  // at 390 px the items and their buttons fit
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Remove Order the cake' })).toBeInViewport();
});

// A project saved as a template: its stages go with it, and the template opens.
test('a project is saved as a template with its stages', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Trade fair', code: 'TFR' }, { status: 201 });
  const [flow] = await api.get<{ id: string }[]>(`/api/v1/core/workflows?entity=Task&scopeId=${project.id}`);
  await api.post('/api/v1/core/workflow-stages', { workflowId: flow?.id, name: 'Stand dismantled', stageType: 'Closed' }, { status: 201 });
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this project as a template' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Trade fair (template)');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Trade fair kit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Trade fair kit', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Task stages' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Task stages' }).getByText('Stand dismantled')).toBeVisible();
});

// The navigation groups each module's kinds under its heading.
test('the navigation lists customers and work under their own headings', async ({ workspace }) => {
  const { page } = workspace;
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByText('Customers', { exact: true })).toBeVisible();
  await expect(nav.getByText('Work', { exact: true })).toBeVisible();
  const links = await nav.getByRole('link').allInnerTexts();
  expect(links.indexOf('Projects')).toBeGreaterThan(links.indexOf('Teams'));
  expect(links.indexOf('Tasks')).toBeGreaterThan(links.indexOf('Projects'));
});
