import { ImportWizardPage } from '../pages/import-export.pages';
import { WorkspaceSettingsPage } from '../pages/workspace-settings.pages';
import { databaseSql } from '../support/database';
import { expect, test } from '../support/signed-in.fixture';

// Issue 26 polish: a file uploaded to the import wizard and left there stays in the history as
// "Not started" — for a day. After that the workspace's clean-up removes it (and its file).
test('an upload left in the import wizard disappears from the history after a day', async ({ workspace }) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const wizard = new ImportWizardPage(page, '/contacts');
  await wizard.openFromList();
  await wizard.upload('left-behind.csv', 'First name;Last name\nAda;Lovelace\n');
  await wizard.openFromList();
  await wizard.upload('still-today.csv', 'First name;Last name\nGrace;Hopper\n');

  await page.goto('/imports');
  await expect(page.getByRole('row', { name: /left-behind\.csv.*Not started/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /still-today\.csv.*Not started/ })).toBeVisible();

  // a day and a minute pass for the first one
  await databaseSql(
    `update imports set created_at = now() - interval '1 day 1 minute', updated_at = now() - interval '1 day 1 minute'
     where tenant_id = $1 and file_name = 'left-behind.csv'`,
    [tenantId],
  );
  const settings = new WorkspaceSettingsPage(page);
  await settings.open();
  await settings.startCleanup();
  await expect(settings.status('Done')).toBeVisible({ timeout: 45_000 });

  await page.goto('/imports');
  await expect(page.getByRole('row', { name: /still-today\.csv.*Not started/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /left-behind\.csv/ })).toHaveCount(0);
});
