import { expectAccessible } from '../pages/shell.pages';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Opportunities on a board (issue 13, decision 083): a column per stage of the pipeline with its
// count and the sum of expected value; a card dragged to another stage moves the totals, and a
// second browser sees the move without reloading; cards keep the order people give them.
test.describe.serial('opportunities board', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let tenantId = '';
  let contosoId = '';

  const openBoard = async (p: Page) => {
    await p.goto('/opportunities?v=');
    await p.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
    return p.getByRole('list', { name: 'Opportunities by stage' });
  };

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const post = (path: string, data: unknown) => api.post<{ id: string; stages?: { id: string }[] }>(path, data, { status: 201 });
    const sales = await post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Sales', isDefault: true });
    const [qualification, proposal] = sales.stages ?? [];
    const contoso = await post('/api/v1/organizations', { name: 'Contoso' });
    contosoId = contoso.id;
    await post('/api/v1/opportunities', {
      name: 'Contoso desks',
      organizationId: contoso.id,
      expectedValue: 1000,
      estimatedCloseDate: '2026-12-15',
      workflowStage: qualification?.id,
    });
    await post('/api/v1/opportunities', { name: 'Fabrikam signage', expectedValue: 2500, workflowStage: qualification?.id });
    await post('/api/v1/opportunities', { name: 'Litware rooms', expectedValue: 400, workflowStage: proposal?.id });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('dragging a card moves it and its value to the other column, in every open browser', async ({ signedIn }) => {
    const board = await openBoard(page);
    const qualification = board.getByRole('listitem', { name: /^Qualification/ });
    const proposal = board.getByRole('listitem', { name: /^Proposal/ });
    await expect(qualification).toHaveAccessibleName('Qualification (2)');
    await expect(qualification.getByLabel(/^Total /)).toHaveText(/3,500\.00/);
    await expect(proposal.getByLabel(/^Total /)).toHaveText(/400\.00/);
    await expectAccessible(page, 'opportunities board');

    // a colleague (the same account in another browser) watches the board
    const { page: other } = await signedIn.open(tenantId);
    const watched = await openBoard(other);
    await expect(other.getByRole('banner')).toBeVisible();
    await expect(watched.getByRole('listitem', { name: /^Proposal/ }).getByLabel(/^Total /)).toHaveText(/400\.00/);

    await qualification.getByText('Fabrikam signage').dragTo(proposal);
    await expect(page.getByText('Fabrikam signage moved to Proposal').last()).toBeVisible();
    await expect(proposal).toHaveAccessibleName('Proposal (2)');
    await expect(proposal.getByLabel(/^Total /)).toHaveText(/2,900\.00/);
    await expect(qualification.getByLabel(/^Total /)).toHaveText(/1,000\.00/);

    const seen = watched.getByRole('listitem', { name: /^Proposal/ });
    await expect(seen).toHaveAccessibleName('Proposal (2)');
    await expect(seen.getByText('Fabrikam signage')).toBeVisible();
    await expect(seen.getByLabel(/^Total /)).toHaveText(/2,900\.00/);

    // within a column: a card dropped on another goes above it; the keyboard moves it back down
    const order = () => proposal.locator('.board-card a').allInnerTexts();
    await proposal.getByText('Litware rooms').dragTo(proposal.getByText('Fabrikam signage'));
    await expect(page.getByText('Litware rooms moved').last()).toBeVisible();
    await expect.poll(order).toEqual(['Litware rooms', 'Fabrikam signage']);
    await proposal.getByRole('button', { name: 'Move Litware rooms down' }).click();
    await expect.poll(order).toEqual(['Fabrikam signage', 'Litware rooms']);
    await expect.poll(() => seen.locator('.board-card a').allInnerTexts()).toEqual(['Fabrikam signage', 'Litware rooms']);
    await other.context().close();
  });

  test('an organization shows its opportunities', async () => {
    await page.goto(`/organizations/${contosoId}?tab=opportunities`);
    const tab = page.getByRole('tabpanel', { name: 'Opportunities' });
    await expect(tab.getByRole('link', { name: 'Contoso desks' })).toBeVisible();
    await expect(tab.getByRole('row', { name: /Contoso desks/ })).toContainText('1,000.00');
    await tab.getByRole('link', { name: 'Contoso desks' }).click();
    await expect(page.getByRole('heading', { name: 'Contoso desks', level: 1 })).toBeVisible();
  });
});

// Issue 26: a new workspace has a sales pipeline from the first minute — the board shows its
// stages, and a deal made with the New dialog lands in the first one.
test('a new workspace’s board shows the default sales pipeline, and a new deal lands in its first stage', async ({ workspace }) => {
  const { page } = workspace;
  await page.goto('/opportunities?v=');
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
  const board = page.getByRole('list', { name: 'Opportunities by stage' });
  for (const stage of ['Qualification', 'Proposal', 'Negotiation', 'Won', 'Lost'])
    await expect(board.getByRole('listitem', { name: new RegExp(`^${stage}`) })).toBeVisible();
  await expect(page.getByText('Create a workflow in the settings to see the board')).toHaveCount(0);
  await page.getByRole('button', { name: 'New opportunity' }).click();
  const dialog = page.getByRole('dialog', { name: 'New opportunity' });
  await dialog.getByLabel('Name', { exact: true }).fill('First deal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'First deal', level: 1 })).toBeVisible();
  await page.goto('/opportunities?v=');
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
  await expect(board.getByRole('listitem', { name: /^Qualification/ })).toHaveAccessibleName('Qualification (1)');
  await expect(board.getByRole('listitem', { name: /^Qualification/ }).getByText('First deal')).toBeVisible();
});

// Issue 26 polish: a deal moved to Won or Lost asks why; the outcome and the reason stay on it,
// and moving it back into an open stage clears the outcome.
test('moving a deal to Won asks for the reason and keeps it; Cancel leaves the card where it was', async ({ workspace }) => {
  const { page } = workspace;
  const api = await signedInApi(page);
  const deal = await api.post<{ id: string }>('/api/v1/opportunities', { name: 'Tailspin lobby', expectedValue: 900 }, { status: 201 });
  await page.goto('/opportunities?v=');
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
  const board = page.getByRole('list', { name: 'Opportunities by stage' });
  const won = board.getByRole('listitem', { name: /^Won/ });
  const card = board.getByRole('listitem', { name: /^Qualification/ }).getByText('Tailspin lobby');

  await card.dragTo(won);
  const dialog = page.getByRole('dialog', { name: 'Why was “Tailspin lobby” won?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(board.getByRole('listitem', { name: /^Qualification/ }).getByText('Tailspin lobby')).toBeVisible();
  await expect(won).toHaveAccessibleName('Won (0)');

  await card.dragTo(won);
  await dialog.getByLabel('Reason').fill('Best lead time for the screens');
  await dialog.getByRole('button', { name: 'Move to Won' }).click();
  await expect(won.getByText('Tailspin lobby')).toBeVisible();
  await expect
    .poll(async () => (await api.get<{ outcome: string | null; outcomeReason: string | null }>(`/api/v1/opportunities/${deal.id}`)).outcome)
    .toBe('Won');
  expect((await api.get<{ outcomeReason: string | null }>(`/api/v1/opportunities/${deal.id}`)).outcomeReason).toBe(
    'Best lead time for the screens',
  );

  // back into an open stage: no outcome any more, the reason kept for the record
  await won.getByText('Tailspin lobby').dragTo(board.getByRole('listitem', { name: /^Proposal/ }));
  await expect(board.getByRole('listitem', { name: /^Proposal/ }).getByText('Tailspin lobby')).toBeVisible();
  await expect.poll(async () => (await api.get<{ outcome: string | null }>(`/api/v1/opportunities/${deal.id}`)).outcome).toBeNull();
});

// Issue 26 polish: a card shows the customer, the owner and the close date, an overdue mark for a
// date past while the deal is open, and the five columns of the pipeline fit at 1440 px.
test('board cards show customer, owner and close date with an overdue mark; five columns fit at 1440 px', async ({ workspace }) => {
  const { page } = workspace;
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await signedInApi(page);
  const org = await api.post<{ id: string }>('/api/v1/organizations', { name: 'Northwind' }, { status: 201 });
  await api.post('/api/v1/opportunities', { name: 'Late deal', organizationId: org.id, estimatedCloseDate: '2020-01-15' }, { status: 201 });
  await api.post('/api/v1/opportunities', { name: 'Future deal', estimatedCloseDate: '2099-06-01' }, { status: 201 });
  await page.goto('/opportunities?v=');
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
  const board = page.getByRole('list', { name: 'Opportunities by stage' });
  const late = board.getByRole('group', { name: 'Late deal' });
  await expect(late).toContainText('Northwind');
  await expect(late).toContainText('15 Jan 2020');
  await expect(late).toContainText('Sasha Shared');
  await expect(late.getByText('Overdue')).toBeVisible();
  await expect(board.getByRole('group', { name: 'Future deal' }).getByText('Overdue')).toHaveCount(0);
  const fits = await page.locator('.board').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits, 'the five columns fit without scrolling sideways').toBe(true);
});
