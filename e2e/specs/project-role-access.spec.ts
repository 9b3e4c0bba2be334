import { acceptInOwnBrowser, inviteOutsider } from '../pages/invitation.pages';
import { AppShell, expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

const tasksOf = (projectId: string, board = false) =>
  `/tasks?v=${board ? '&m=board' : ''}&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: projectId }]))}`;

// Project roles on the web (issue 20, the engine's roleScope): a colleague whose workspace role
// has no Project permission, made a member of one project, reaches Projects and Tasks from the
// navigation and sees that project and its tasks only; the project's pages offer what their
// project role allows there — a reader gets no create, edit, delete or board moves, a worker gets
// them on the project's task list, board and task page but not on the workspace's task list.
test('a member who sees one project through a project role: navigation, only that project and its tasks, actions by the project role', async ({
  workspace,
  browser,
}) => {
  test.setTimeout(180_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const { colleague, tenantUserId: invitedId } = await inviteOutsider(api, 'Rita Reader');

  const apollo = await api.post<{ id: string }>('/api/v1/projects', { name: 'Apollo', code: 'APO' }, { status: 201 });
  const borealis = await api.post<{ id: string }>('/api/v1/projects', { name: 'Borealis', code: 'BOR' }, { status: 201 });
  const launch = await api.post<{ id: string }>(
    '/api/v1/tasks',
    { name: 'Apollo launch checklist', projectId: apollo.id },
    { status: 201 },
  );
  await api.post('/api/v1/tasks', { name: 'Borealis survey', projectId: borealis.id }, { status: 201 });
  const reader = await api.post<{ id: string }>(`/api/v1/projects/${apollo.id}/roles`, {
    name: 'Reader',
    permissions: ['Project.ViewProjects'],
  });
  const worker = await api.post<{ id: string }>(`/api/v1/projects/${apollo.id}/roles`, {
    name: 'Worker',
    permissions: ['Project.ViewProjects', 'Project.CreateTasks', 'Project.ManageTasks', 'Project.DeleteTasks'],
  });

  const { context, page: other } = await acceptInOwnBrowser(browser, colleague);
  const nav = new AppShell(other).nav();
  // no project role yet: no Projects in the navigation, and the page is refused
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveCount(0);
  await other.goto('/projects');
  await expect(other.getByRole('heading', { name: 'Access denied' })).toBeVisible();

  // a reader in Apollo: Projects and Tasks open, with Apollo and its task only
  await api.post(`/api/v1/projects/${apollo.id}/members`, { tenantUserId: invitedId, roleId: reader.id }, { status: 201 });
  await other.goto('/dashboard');
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await nav.getByRole('link', { name: 'Projects' }).click();
  await other.waitForURL((u) => u.pathname === '/projects');
  const rows = other.getByRole('main');
  await expect(rows.getByRole('link', { name: 'Apollo', exact: true })).toBeVisible();
  await expect(rows.getByRole('link', { name: 'Borealis', exact: true })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'New project' })).toHaveCount(0);
  await expectAccessible(other, 'projects through a project role');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await other.waitForURL((u) => u.pathname === '/tasks');
  await expect(rows.getByRole('link', { name: 'Apollo launch checklist' })).toBeVisible();
  await expect(rows.getByRole('link', { name: 'Borealis survey' })).toHaveCount(0);
  // the project's task list and board: read only
  await other.goto(`/projects/${apollo.id}?tab=tasks`);
  await other.getByRole('button', { name: 'Open the board' }).click();
  const board = other.getByRole('list', { name: 'Tasks by stage' });
  await expect(board.getByRole('link', { name: 'Apollo launch checklist' })).toBeVisible();
  await expect(other.getByText('On a card: arrow keys go to the next card, Enter opens it')).toBeVisible();
  await expect(board.getByRole('combobox', { name: /Move Apollo launch checklist/ })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'New task' })).toHaveCount(0);
  await other.goto(`/tasks/${launch.id}`);
  await expect(other.getByRole('heading', { name: 'Apollo launch checklist' })).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Title' })).toBeDisabled();
  await expect(other.getByRole('button', { name: 'More actions' })).toHaveCount(0);

  // a worker in Apollo: create, edit, delete and moves on Apollo's pages
  await api.put(`/api/v1/projects/${apollo.id}/members/${invitedId}`, { roleId: worker.id });
  await other.goto(tasksOf(apollo.id, true));
  await expect(board.getByRole('combobox', { name: /Move Apollo launch checklist/ })).toBeVisible();
  await expect(other.getByRole('button', { name: 'New task' })).toBeVisible();
  await other.goto(`/tasks/${launch.id}`);
  await expect(other.getByRole('textbox', { name: 'Title' })).toBeEnabled();
  await other.getByRole('button', { name: 'More actions' }).click();
  await expect(other.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await other.keyboard.press('Escape');
  // the workspace's own task list is not Apollo's: no create there
  await other.goto('/tasks');
  await expect(other.getByRole('link', { name: 'Apollo launch checklist' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'New task' })).toHaveCount(0);
  await other.goto(tasksOf(apollo.id));
  await expect(other.getByRole('button', { name: 'New task' })).toBeVisible();
  await context.close();
});
