import { ContactsListPage } from '../pages/contacts.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 26 polish: with every row of the page selected, the list offers every record the search
// matches ("Select all 30 matching"), and a bulk action then acts on all of them; "Clear
// selection" lets go of them again.
test('selecting a page offers all matching records, and a bulk delete takes them all', async ({ workspace }) => {
  test.setTimeout(150_000);
  const { page } = workspace;
  const api = await signedInApi(page);
  for (let i = 1; i <= 30; i++) await api.createContact({ firstName: 'Sam', lastName: `Matching ${String(i).padStart(2, '0')}` });
  for (const lastName of ['Other', 'Elsewhere']) await api.createContact({ firstName: 'Kim', lastName });

  const list = new ContactsListPage(page);
  await list.open();
  await expect(list.row('Kim Elsewhere')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Matching');
  await expect(list.row('Kim Elsewhere')).toHaveCount(0);
  await expect(list.row('Sam Matching 25')).toBeVisible();
  await expect.poll(() => list.names()).toHaveLength(25);
  const main = page.locator('#main-content');
  const selectPage = () => list.table().getByRole('columnheader').getByRole('checkbox').check();

  await selectPage();
  await expect(main.getByText('25 selected')).toBeVisible();
  await main.getByRole('button', { name: 'Select all 30 matching' }).click();
  await expect(main.getByText('30 selected')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Select all/ })).toHaveCount(0);
  await main.getByRole('button', { name: 'Clear selection' }).click();
  await expect(main.getByText(/\d+ selected/)).toHaveCount(0);
  await expect(list.table().getByRole('checkbox', { checked: true })).toHaveCount(0);

  await selectPage();
  await main.getByRole('button', { name: 'Select all 30 matching' }).click();
  await expect(main.getByText('30 selected')).toBeVisible();
  await main.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 30 contacts?' });
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Delete' }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.ant-message').getByText('30 contacts moved to the recycle bin')).toBeVisible({ timeout: 60_000 });

  // the records that did not match are untouched
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
  await expect.poll(async () => (await list.names()).sort()).toEqual(['Kim Elsewhere', 'Kim Other']);
});
