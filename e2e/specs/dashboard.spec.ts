import { expect, test, type Page } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Dashboard widgets (issue 13, decision 037): the user's open deals by stage and the pipeline by
// close month from real opportunities; widgets chosen and ordered in a dialog, kept after a reload.
test.describe.serial('dashboard widgets', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    const post = (path: string, data: unknown) => api.post<{ stages?: { id: string }[] }>(path, data);
    const sales = await post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Sales', isDefault: true });
    const first = sales.stages?.[0]?.id;
    await post('/api/v1/opportunities', {
      name: 'Northwind rooms',
      expectedValue: 1200,
      estimatedCloseDate: '2027-03-10',
      workflowStage: first,
    });
    await post('/api/v1/opportunities', {
      name: 'Tailspin desks',
      expectedValue: 800,
      estimatedCloseDate: '2027-03-20',
      workflowStage: first,
    });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('shows my open deals and the pipeline by month, and keeps the widgets I choose in my order', async () => {
    await page.goto('/dashboard');
    const open = page.locator('.dashboard-widget').filter({ has: page.getByRole('heading', { name: 'My open opportunities' }) });
    await expect(open.getByText('2 deals')).toBeVisible();
    await expect(open).toContainText('2,000.00');
    const chart = page.getByRole('list', { name: 'Pipeline value by close month' });
    await expect(chart.getByRole('listitem')).toHaveCount(1);
    await expect(chart).toContainText('Mar 2027');
    await expectAccessible(page, 'dashboard with widgets');

    // leave out "Recently changed", put "My teams" first
    await page.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize your dashboard' });
    await dialog.getByRole('checkbox', { name: 'Recently changed' }).uncheck();
    for (let i = 0; i < 2; i += 1) await dialog.getByRole('button', { name: 'Move My teams up' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();

    await page.reload();
    const headings = page.locator('.dashboard-widget .card-heading');
    await expect(headings).toHaveText([
      'My teams',
      'My open opportunities',
      'Pipeline value by close month',
      'My tasks',
      'My projects',
      'My task calendar',
      'My resources',
      'My calendar',
    ]);
  });
});

// Issue 26 polish: the first card reflects what the workspace holds (it says "nothing yet" only
// when the user sees nothing in it).
test('the first card says what the workspace holds, kind by kind, each a link to its list', async ({ workspace }) => {
  const { page } = workspace;
  await page.goto('/dashboard');
  const holds = page.getByRole('list', { name: 'What this workspace holds' });
  // a new workspace holds its default team, and no contacts yet
  await expect(holds.getByRole('link', { name: '1 Teams' })).toBeVisible();
  await expect(holds.getByRole('link', { name: /Contacts/ })).toHaveCount(0);
  const api = await signedInApi(page);
  for (const firstName of ['Ada', 'Alan']) await api.createContact({ firstName, lastName: 'Example' });
  await page.reload();
  await expect(holds.getByRole('link', { name: '2 Contacts' })).toBeVisible();
  await holds.getByRole('link', { name: '2 Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
});
