import { expect, test, type Page } from '@playwright/test';
import { downloaded, ImportWizardPage, memberJoins } from '../pages/import-export.pages';
import { chooseOption, expectAccessible, newAccount, signedInWithWorkspace } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 14 as a person does it: a CSV with a bad row imported, its rejected row fixed and
// imported again; the filtered list exported and re-imported onto the same records.
test.describe.serial('import and export', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let tenantId: string;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    ({ tenantId } = await signedInWithWorkspace(page, newAccount('Ines Import')));
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('imports a CSV with a mapping and a bad row, shows the progress, and the fixed row goes in on the second try', async () => {
    const wizard = new ImportWizardPage(page, '/contacts');
    await wizard.openFromList();
    // semicolons and German headers, as a spreadsheet in Germany saves them
    await wizard.upload(
      'people.csv',
      'Vorname;Nachname;Mail;Rolle\nAda;Lovelace;ada@example.com;Analyst\nBob;Builder;not-an-email;Builder\n',
    );
    await expect(wizard.fieldFor('Vorname')).toContainText('First name');
    await expect(wizard.fieldFor('Mail')).toContainText('E-mail');
    await expect(wizard.fieldFor('Rolle')).toContainText('Do not import');
    await wizard.map('Rolle', 'Job title');
    await expectAccessible(page, 'import wizard, mapping');

    const summary = await wizard.check();
    await expect(summary).toContainText('2 rows: 1 new, 0 to update, 1 with errors');
    await expect(page.getByRole('row', { name: '2 Mail E-mail: Enter a valid e-mail address' })).toBeVisible();
    await wizard.start();
    await expect(wizard.progress()).toBeVisible();
    await wizard.waitDone();
    await expect(page.getByText('1 created, 0 updated, 1 rejected')).toBeVisible();

    const rejected = await downloaded(page, () => page.getByRole('button', { name: 'Download rejected rows' }).click());
    expect(rejected.name).toBe('people-rejected.csv');
    const lines = rejected.text.trim().split('\r\n');
    // in the file's own separator (issue 26, item 10)
    expect(lines[0]).toBe('Vorname;Nachname;Mail;Rolle;Errors');
    expect(lines[1]).toMatch(/^Bob;Builder;not-an-email;Builder;Mail: /);

    // fixed in the file and uploaded again
    await page.getByRole('button', { name: 'Import another file' }).click();
    await wizard.upload('people-rejected.csv', rejected.text.replace('not-an-email', 'bob@example.com'));
    await wizard.map('Rolle', 'Job title');
    await expect(await wizard.check()).toContainText('1 rows: 1 new, 0 to update, 0 with errors');
    await wizard.start();
    await wizard.waitDone();

    await page.goto('/contacts');
    await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Bob Builder/ })).toContainText('bob@example.com');

    await page.goto('/imports');
    await expect(page.getByRole('heading', { level: 1, name: 'Import history' })).toBeVisible();
    await expect(page.getByRole('row', { name: /people-rejected\.csv.*Done.*1 created, 0 updated, 0 rejected/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /people\.csv.*Done.*1 created, 0 updated, 1 rejected/ })).toBeVisible();
    await expectAccessible(page, 'import history');
  });

  test('exports the filtered list and re-imports the file onto the same records', async () => {
    await signedInApi(page).then((api) => api.createContact({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }));
    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Lovelace');
    await expect(page.getByRole('row', { name: /Grace Hopper/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export as CSV' });
    await expect(dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Separator' }) })).toContainText(
      'Comma (,)',
    );
    const file = await downloaded(page, () => dialog.getByRole('button', { name: 'Export' }).click());
    expect(file.name).toMatch(/^contacts-.*\.csv$/);
    expect(file.text).toContain('Lovelace');
    expect(file.text).not.toContain('Hopper');

    const wizard = new ImportWizardPage(page, '/contacts');
    await wizard.openFromList();
    await wizard.upload(file.name, file.bytes);
    await expect(wizard.fieldFor('Id')).toContainText('Id');
    await page.getByRole('combobox', { name: 'Update existing records found by' }).click();
    await chooseOption(page, 'Id');
    await expect(await wizard.check()).toContainText('1 rows: 0 new, 1 to update, 0 with errors');
    await wizard.start();
    await wizard.waitDone();
    await expect(page.getByText('0 created, 1 updated, 0 rejected')).toBeVisible();

    await page.goto('/exports');
    await expect(page.getByRole('row', { name: /contacts-.*\.csv.*Done/ })).toBeVisible();
    await page.goto('/contacts');
    await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toHaveCount(1);
  });

  test("a viewer sees the workspace's imports and exports, but changes only their own", async ({ browser }) => {
    // members see only their own; the owner lets everybody see the contact imports and exports
    const colleague = await memberJoins(browser, page, tenantId, newAccount('Vera Viewer'), [
      'Contact.ViewContactImports',
      'Contact.ViewContactExports',
    ]);
    try {
      // the owner may undo and delete the import …
      await page.goto('/imports');
      const mine = page.getByRole('row', { name: /people\.csv.*Done/ });
      await expect(mine.getByRole('button', { name: 'Undo import' })).toBeVisible();
      await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();
      // … the viewer sees it and its rejected rows, nothing more
      await colleague.goto('/imports');
      const theirs = colleague.getByRole('row', { name: /people\.csv.*Done/ });
      await expect(theirs).toContainText('Ines Import');
      await expect(theirs.getByRole('button', { name: 'Download rejected rows' })).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await colleague.goto('/exports');
      const exported = colleague.getByRole('row', { name: /contacts-.*\.csv.*Done/ });
      await expect(exported.getByRole('button', { name: 'Download' })).toBeVisible();
      await expect(exported.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expectAccessible(colleague, 'import history, read only');
    } finally {
      await colleague.context().close();
    }
  });
});
