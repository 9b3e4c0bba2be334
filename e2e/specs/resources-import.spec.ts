import { ImportWizardPage } from '../pages/import-export.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 21: the asset catalogue filled from a spreadsheet — 1,000 desks imported from a CSV
// through the import wizard of the Resources list, their type and location found by name.
test('import 1,000 resources from a CSV, their type and location found by name', async ({ signedIn }) => {
  test.setTimeout(180_000);
  const { page, tenantId } = await signedIn.workspace();
  const api = await signedInApi(page, tenantId);
  await api.post('/api/v1/locations', { name: 'Dock office', timeZone: 'Europe/Berlin' }, { status: 201 });
  await api.post('/api/v1/resource-types', { name: 'Hot desk', bookableMode: 'Bookable' }, { status: 201 });
  const rows = Array.from({ length: 1000 }, (_, i) => `Desk D-${String(i + 1).padStart(4, '0')};Hot desk;Dock office;1`);
  const wizard = new ImportWizardPage(page, '/resources');
  await wizard.openFromList();
  await wizard.upload('desks.csv', `Name;Resource type;Location;Capacity\n${rows.join('\n')}\n`);
  await expect(wizard.fieldFor('Name')).toContainText('Name');
  await expect(wizard.fieldFor('Resource type')).toContainText('Type');
  await expect(wizard.fieldFor('Location')).toContainText('Location');
  await expect(await wizard.check()).toContainText('1000 rows: 1000 new, 0 to update, 0 with errors');
  await wizard.start();
  await wizard.waitDone();
  await expect(page.getByText('1000 created, 0 updated, 0 rejected')).toBeVisible();

  await page.goto('/resources');
  await page.getByRole('searchbox').first().fill('D-0999');
  const row = page.getByRole('row', { name: /Desk D-0999/ });
  await expect(row).toContainText('Hot desk');
  await expect(row).toContainText('Dock office');
});
