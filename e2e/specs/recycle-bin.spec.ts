import { expect, test, type Page } from '../support/signed-in.fixture';
import { ContactsListPage } from '../pages/contacts.pages';
import { signedInApi } from '../support/signed-in-api';

// Deleting moves records to the kind's recycle bin (issue 26 item 7, decision 086): the toast says
// what happened and undoes it; the bin, from the list's menu, restores or deletes permanently.
test.describe.serial('the recycle bin', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let list: ContactsListPage;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    for (const [firstName, lastName] of [
      ['Ada', 'Lovelace'],
      ['Alan', 'Turing'],
      ['Grace', 'Hopper'],
    ])
      await api.createContact({ firstName, lastName });
    list = new ContactsListPage(page);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  const toast = () => page.locator('.ant-message');
  const deleteSelected = async (dialogTitle: string) => {
    await page.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await expect(dialog.getByText('moves to the recycle bin')).toBeVisible();
    // a click during the dialog's opening animation can be lost under load: click until it closes
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Delete' }).click({ timeout: 2_000 });
      await expect(dialog).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  };
  const openBin = async () => {
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Recycle bin' }).click();
    const bin = page.getByRole('dialog', { name: 'Recycle bin' });
    await expect(bin).toBeVisible();
    return bin;
  };

  test('a bulk delete says what moved to the recycle bin, and Undo brings the records back', async () => {
    await list.open();
    await expect.poll(() => list.names()).toHaveLength(3);
    await list.select('Ada Lovelace');
    await list.select('Alan Turing');
    await deleteSelected('Delete 2 contacts?');
    await expect(toast().getByText('2 contacts moved to the recycle bin')).toBeVisible();
    await expect.poll(async () => (await list.names()).sort()).toEqual(['Grace Hopper']);

    await toast().getByRole('button', { name: 'Undo' }).click();
    await expect(toast().getByText('2 contacts restored')).toBeVisible();
    await expect.poll(async () => (await list.names()).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
  });

  test('the recycle bin lists a deleted record with when and by whom, and restores it', async () => {
    await list.select('Grace Hopper');
    await deleteSelected('Delete 1 contact?');
    await expect(toast().getByText('1 contact moved to the recycle bin')).toBeVisible();
    await expect.poll(async () => (await list.names()).sort()).toEqual(['Ada Lovelace', 'Alan Turing']);

    const bin = await openBin();
    const row = bin.getByRole('row', { name: /Grace Hopper/ });
    await expect(row).toBeVisible();
    await expect(bin.getByRole('columnheader', { name: 'Deleted by' })).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText(/\d{4}/);
    await expect(row.getByRole('cell').nth(3)).not.toHaveText('—');
    await row.getByRole('checkbox').check();
    await bin.getByRole('button', { name: 'Restore' }).click();
    await expect(toast().getByText('1 contact restored')).toBeVisible();
    await expect(bin.getByText('The recycle bin is empty')).toBeVisible();
    await bin.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await list.names()).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
  });

  test('delete permanently asks first and removes the record from the bin; the bin fits a phone', async () => {
    await list.select('Alan Turing');
    await deleteSelected('Delete 1 contact?');
    await expect.poll(async () => (await list.names()).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);

    const bin = await openBin();
    const row = bin.getByRole('row', { name: /Alan Turing/ });
    await row.getByRole('checkbox').check();
    await bin.getByRole('button', { name: 'Delete permanently' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 1 contact permanently?' });
    await expect(confirm.getByText('This cannot be undone')).toBeVisible();
    await expect(async () => {
      if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Delete permanently' }).click({ timeout: 2_000 });
      await expect(confirm).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(toast().getByText('1 contact deleted permanently')).toBeVisible();
    await expect(bin.getByText('The recycle bin is empty')).toBeVisible();
    await expect(row).toHaveCount(0);
    await bin.getByRole('button', { name: 'Close' }).click();
    const api = await signedInApi(page);
    const inBin = await api.get<{ total: number }>('/api/v1/contacts/recycle-bin?page=1&pageSize=25');
    expect(inBin.total).toBe(0);

    // at 390 px the bin takes the screen's width and its actions stay reachable
    await page.setViewportSize({ width: 390, height: 844 });
    const small = await openBin();
    const box = await small.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await expect(small.getByRole('button', { name: 'Restore' })).toBeInViewport();
    await expect(small.getByText('The recycle bin is empty')).toBeVisible();
  });
});
