import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { DESKTOP, PHONE } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// A record page's sections across the phone width: on a desktop a row of tabs, on a phone a list
// to choose from; only the bar changes, so an unsaved edit in the section shown survives a tablet
// turned or a window narrowed, and the section chosen on the phone is the one in the address.
test('a record page keeps an unsaved edit when the window narrows, and its sections are chosen from a list on a phone', async ({
  workspace,
}) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const org = await api.post<{ id: string }>('/api/v1/organizations', { name: 'Northwind Traders' }, { status: 201 });
  await page.setViewportSize(DESKTOP);
  await page.goto(`/organizations/${org.id}`);
  await expect(page.getByRole('heading', { name: 'Northwind Traders', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Details', exact: true })).toHaveAttribute('aria-selected', 'true');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Discard changes' }) });
  await form.getByLabel('Website', { exact: true }).fill('https://northwind.example');

  await page.setViewportSize(PHONE);
  const sections = page.getByRole('combobox', { name: 'Section' });
  await expect(sections).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Details', exact: true })).toHaveCount(0);
  // the edit is still there, unsaved
  await expect(form.getByLabel('Website', { exact: true })).toHaveValue('https://northwind.example');
  await expectAccessible(page, 'record page sections at 390 px');

  // another section from the list (after leaving the edit), in the address; back on a desktop,
  // its tab is the one selected
  await sections.click();
  await chooseOption(page, 'Contacts');
  // the unsaved edit is not dropped without asking
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/[?&]tab=contacts/);
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('tab', { name: 'Contacts', exact: true })).toHaveAttribute('aria-selected', 'true');
});
