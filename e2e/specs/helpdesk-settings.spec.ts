import { expect, test, type Page } from '../support/signed-in.fixture';
import { RequestPage } from '../pages/helpdesk.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 23, decision 094 round six: a helpdesk's settings tab — its own request stages (a stage
// added, reordered and a request moved into it from the request's page; the stage renamed and
// deleted, its request sent to another stage first) and its members (Helpdesk Pro's roles: a member added, given another
// role, removed after a confirmation).
test.describe.serial('helpdesk settings', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let helpdeskId: string;
  let request: { id: string; subject: string };
  let api: Awaited<ReturnType<typeof signedInApi>>;

  test.beforeAll(async ({ signedIn }) => {
    const { page: p, tenantId } = await signedIn.workspace();
    page = p;
    api = await signedInApi(page, tenantId);
    helpdeskId = (await api.post<{ id: string }>('/api/v1/helpdesks', { name: 'Customer support', code: 'HELP' })).id;
    request = await api.post('/api/v1/requests', { subject: 'Invoice missing', helpdeskId, requesterEmail: 'ada@example.com' });
  });
  test.afterAll(async () => page?.context().close());

  test('a stage added to the helpdesk takes a request; deleting it moves the request first', async () => {
    await page.goto(`/helpdesks/${helpdeskId}?tab=settings`);
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    const stages = settings.getByRole('list', { name: /^Stages of/ });
    await expect(stages.getByText('Resolved', { exact: true })).toBeVisible();
    await settings.getByRole('button', { name: 'Add stage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add stage' });
    await dialog.getByLabel('Stage name').fill('Escalated');
    await dialog.getByLabel('Stage type').click();
    await chooseOption(page, 'In progress');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(stages.getByText('Escalated', { exact: true })).toBeVisible();
    await expectAccessible(page, 'helpdesk settings');
    // reordered from the keyboard: before Resolved, and it stays there
    await stages.getByRole('button', { name: 'Move Escalated' }).press('ArrowUp');
    await expect(stages.getByRole('listitem').nth(3)).toContainText('Escalated');
    await page.reload();
    await expect(stages.getByRole('listitem').nth(3)).toContainText('Escalated');

    // the request's page offers its helpdesk's stages, the new one among them
    const r = new RequestPage(page);
    await r.open(request.id, request.subject);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Discard changes' }) });
    await form.getByLabel('Stage', { exact: true }).click();
    await chooseOption(page, 'Escalated');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Request saved').first()).toBeVisible();
    await page.reload();
    await expect(form.getByText('Escalated', { exact: true })).toBeVisible();

    // renamed; then deleting it asks first, then where its request goes
    await page.goto(`/helpdesks/${helpdeskId}?tab=settings`);
    await settings.getByRole('button', { name: 'Edit Escalated' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit stage' });
    await edit.getByLabel('Stage name').fill('With IT');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(stages.getByText('With IT', { exact: true })).toBeVisible();
    await settings.getByRole('button', { name: 'Delete stage With IT' }).click();
    await page.getByRole('dialog', { name: 'Delete the stage With IT?' }).getByRole('button', { name: 'Delete' }).click();
    const move = page.getByRole('dialog', { name: 'Records are in With IT' });
    await move.getByLabel('Move them to').click();
    await chooseOption(page, 'Open');
    await move.getByRole('button', { name: 'Move and delete' }).click();
    await expect(move).toBeHidden();
    await expect(stages.getByText('With IT', { exact: true })).toHaveCount(0);
    await r.open(request.id, request.subject);
    await expect(form.getByText('Open', { exact: true })).toBeVisible();
  });

  test('a member added to the helpdesk with a role, given another, removed after confirming', async () => {
    await page.goto(`/helpdesks/${helpdeskId}?tab=settings`);
    const members = page.getByRole('tabpanel', { name: 'Settings' }).getByRole('region', { name: 'Members' });
    await expect(members.getByText('Helpdesk roles are part of Helpdesk Pro.', { exact: false })).toBeVisible();
    await api.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' });
    await page.reload();
    await members.getByRole('combobox', { name: 'Member' }).click();
    const name = (await page.getByRole('option').first().getAttribute('aria-label')) ?? '';
    await chooseOption(page, name);
    await members.getByRole('combobox', { name: 'Helpdesk role' }).click();
    await chooseOption(page, 'Agent');
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('Member added')).toBeVisible();
    const row = members.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'helpdesk members');

    await row.getByRole('combobox', { name: `Helpdesk role of ${name}` }).click();
    await chooseOption(page, 'Supervisor');
    await expect(page.getByText('Helpdesk role changed')).toBeVisible();

    await row.getByRole('button', { name: `Remove ${name} from the helpdesk` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Remove ${name} from the helpdesk` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(members.getByText('No members yet')).toBeVisible();

    // at 390 px the members' actions are on screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await members.getByRole('button', { name: 'Add member' }).scrollIntoViewIfNeeded();
    await expect(members.getByRole('button', { name: 'Add member' })).toBeInViewport();
  });
});
