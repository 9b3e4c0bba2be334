import { expect, test, type Page } from '../support/signed-in.fixture';
import { GlobalSearchDialog } from '../pages/search.pages';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Ctrl/Cmd+K (issue 12, decision 027): one search over every kind the user may see, driven
// from the keyboard; before typing it lists the records opened last.
test.describe.serial('global search', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let grace: { id: string };
  let org: { id: string };

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    grace = await api.createContact({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' });
    await api.createContact({ firstName: 'Hopper', lastName: 'Jones', email: 'jones@example.org' });
    org = await api.post<{ id: string }>('/api/v1/organizations', { name: 'Hopper Logistics' }, { status: 201 });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('Ctrl+K finds records of every kind; arrow keys and Enter open one', async () => {
    await page.goto('/dashboard');
    const search = new GlobalSearchDialog(page);
    await search.openWithKeyboard();
    await expect(search.dialog).toContainText('Records you open appear here');
    await search.input.fill('h');
    await expect(search.dialog.getByRole('status')).toHaveText('Type at least 2 characters.');
    await search.input.fill('hopper');
    await expect(search.group('Contacts').getByRole('option')).toHaveCount(2);
    await expect(search.group('Organizations').getByRole('option', { name: 'Hopper Logistics' })).toBeVisible();
    // titles starting with the word come first; the second line shows the e-mail
    await expect(search.group('Contacts').getByRole('option').first()).toContainText('Hopper Jones');
    await expect(search.option(/Grace Hopper/)).toContainText('grace@navy.example');
    await expectAccessible(page, 'global search dialog');

    // the first row is active; the arrows walk the rows in order, across the groups
    const rows = (await search.results.getByRole('option').allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    expect(await search.activeOption()).toBe(rows[0]);
    await page.keyboard.press('ArrowUp');
    expect(await search.activeOption()).toBe(rows.at(-1));
    const target = rows.findIndex((r) => r.includes('Grace Hopper'));
    for (let i = 0; i <= target; i += 1) await page.keyboard.press('ArrowDown');
    expect(await search.activeOption()).toContain('Grace Hopper');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/contacts/${grace.id}$`));
    await expect(search.dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  });

  test('the records opened last are offered before typing; nothing found says so; Escape closes', async () => {
    await page.goto(`/organizations/${org.id}`);
    await expect(page.getByRole('heading', { name: 'Hopper Logistics' })).toBeVisible();
    const search = new GlobalSearchDialog(page);
    await search.openWithButton();
    const recent = search.group('Recently opened').getByRole('option');
    await expect(recent).toHaveCount(2);
    await expect(recent.first()).toContainText('Hopper Logistics');
    await expect(recent.nth(1)).toContainText('Grace Hopper');
    await search.input.fill('zebra crossing');
    await expect(search.dialog.getByRole('status')).toHaveText('Nothing matches “zebra crossing”.');
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();

    // on a phone: a tap opens the dialog, a tap on a row opens the record (the every-page test
    // checks the 390 px layout of the top bar)
    await page.setViewportSize({ width: 390, height: 844 });
    await search.openWithButton();
    await search.input.fill('grace');
    await search.option(/Grace Hopper/).click();
    await expect(page).toHaveURL(new RegExp(`/contacts/${grace.id}$`));
  });
});
