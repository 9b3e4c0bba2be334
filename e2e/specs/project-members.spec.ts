import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// A project's Members tab (Plan.Roles): without Projects Pro it says which plan has roles; with it
// a role is made with Project permissions, a member added with it, given another role, and
// removed after a confirmation; the tab works at 390 px.
test('project roles and members: upgrade message, add a role and a member, change the role, remove after confirming', async ({
  workspace,
}) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Harbour bridge', code: 'HB' }, { status: 201 });

  await page.goto(`/projects/${project.id}?tab=members`);
  await expect(page.getByText('Project roles are part of Projects Pro.', { exact: false })).toBeVisible();

  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  await page.reload();
  const tab = page.getByRole('tabpanel', { name: 'Members' });
  await expect(tab.getByText('Add a project role first; every member holds one.')).toBeVisible();

  // a role: a name and Project permissions
  await tab.getByRole('button', { name: 'Add role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByLabel('Name').fill('Developer');
  await dialog.getByRole('checkbox', { name: 'Manage tasks' }).check();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();
  const roles = tab.getByRole('region', { name: 'Project roles' });
  await expect(roles.getByRole('row', { name: /Developer/ })).toContainText('Manage tasks');
  // a second role, and a duplicate name refused next to the field
  await tab.getByRole('button', { name: 'Add role' }).click();
  await page.getByRole('dialog', { name: 'Add role' }).getByLabel('Name').fill('developer');
  await page.getByRole('dialog', { name: 'Add role' }).getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('dialog', { name: 'Add role' }).getByText('This is named more than once')).toBeVisible();
  await page.getByRole('dialog', { name: 'Add role' }).getByLabel('Name').fill('Lead');
  await page.getByRole('dialog', { name: 'Add role' }).getByRole('checkbox', { name: 'Manage projects' }).check();
  await page.getByRole('dialog', { name: 'Add role' }).getByRole('button', { name: 'Save role' }).click();
  await expect(roles.getByRole('row', { name: /Lead/ })).toBeVisible();

  // a member: a workspace user with a role
  const members = tab.getByRole('region', { name: 'Members' });
  await members.getByRole('combobox', { name: 'Member' }).click();
  const name = (await page.getByRole('option').first().getAttribute('aria-label')) ?? '';
  await chooseOption(page, name);
  await members.getByRole('combobox', { name: 'Project role' }).click();
  await chooseOption(page, 'Developer');
  await members.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('Member added')).toBeVisible();
  const row = members.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'project members');

  // another role for them
  await row.getByRole('combobox', { name: `Project role of ${name}` }).click();
  await chooseOption(page, 'Lead');
  await expect(page.getByText('Project role changed')).toBeVisible();
  await expect(roles.getByRole('row', { name: /Lead/ })).toContainText('1');

  // removed after a confirmation; cancelling keeps them
  await row.getByRole('button', { name: `Remove ${name} from the project` }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Remove ${name} from the project` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed')).toBeVisible();
  await expect(members.getByText('No members yet')).toBeVisible();

  // at 390 px the tab is reachable and its actions on screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Section' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Add member' })).toBeInViewport();
});

// A project template's Roles tab (Plan.Roles): without Projects Pro it names the plan; with it a
// role is added, edited and deleted after a confirmation, and a project made from the template
// starts with the template's roles.
test('template roles: upgrade message, add and edit a role, delete after confirming, a new project starts with them', async ({
  workspace,
}) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const template = await api.post<{ id: string }>('/api/v1/project-templates', { name: 'Bridge works' }, { status: 201 });

  await page.goto(`/project-templates/${template.id}?tab=roles`);
  await expect(page.getByText('Project roles are part of Projects Pro.', { exact: false })).toBeVisible();

  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  await page.reload();
  const tab = page.getByRole('tabpanel', { name: 'Roles' });
  await expect(tab.getByText('A project made from this template starts with these roles.')).toBeVisible();
  const roles = tab.getByRole('region', { name: 'Project roles' });
  await expect(roles.getByText('No project roles yet')).toBeVisible();

  for (const [name, permission] of [
    ['Engineer', 'Manage tasks'],
    ['Visitor', 'View projects'],
  ] as const) {
    await tab.getByRole('button', { name: 'Add role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('checkbox', { name: permission, exact: true }).check();
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(roles.getByRole('row', { name: new RegExp(name) })).toContainText(permission);
  }
  await expectAccessible(page, 'template roles');

  // edited: another permission
  await roles.getByRole('button', { name: 'Edit the role Engineer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the role Engineer' });
  await edit.getByRole('checkbox', { name: 'Create tasks', exact: true }).check();
  await edit.getByRole('button', { name: 'Save role' }).click();
  await expect(roles.getByRole('row', { name: /Engineer/ })).toContainText('Create tasks');

  // deleted after a confirmation; cancelling keeps it
  await roles.getByRole('button', { name: 'Delete the role Visitor' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(roles.getByRole('row', { name: /Visitor/ })).toBeVisible();
  await roles.getByRole('button', { name: 'Delete the role Visitor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Role deleted')).toBeVisible();
  await expect(roles.getByRole('row', { name: /Visitor/ })).toHaveCount(0);

  // a project made from the template starts with its roles
  const project = await api.post<{ id: string }>(
    '/api/v1/projects',
    { name: 'Second bridge', code: 'SB', projectTemplateId: template.id },
    { status: 201 },
  );
  await page.goto(`/projects/${project.id}?tab=members`);
  const projectRoles = page.getByRole('tabpanel', { name: 'Members' }).getByRole('region', { name: 'Project roles' });
  await expect(projectRoles.getByRole('row', { name: /Engineer/ })).toContainText('Create tasks');
  await expect(projectRoles.getByRole('row', { name: /Visitor/ })).toHaveCount(0);

  // at 390 px the template's roles and their actions are on screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/project-templates/${template.id}?tab=roles`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Add role' })).toBeInViewport();
  await expect(page.getByRole('main').getByRole('button', { name: 'Edit the role Engineer' })).toBeVisible();
});
