import ExcelJS from 'exceljs';
import { downloaded, ImportWizardPage } from '../pages/import-export.pages';
import { newAccount, signedInWithWorkspace } from '../pages/shell.pages';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 26, round two, items 9 and 10: what a new CRM user met importing and exporting — the
// check names every error of a row in words, the done screen and the history agree, and files
// come out in the user's delimiter with phone numbers as typed.
test.describe.serial('import and export, round two', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    await api.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [
        {
          kind: 'dropdown',
          label: 'Customer tier',
          key: 'customerTier',
          options: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
        { kind: 'dateTime', label: 'Birthday', key: 'birthday', dataType: 'date' },
      ],
    });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the check names all three errors of a row in words, and the done screen shows the counts the history keeps (item 9)', async () => {
    const wizard = new ImportWizardPage(page, '/contacts');
    await wizard.openFromList();
    await wizard.upload(
      'customers.csv',
      'First name,E-mail,Customer tier,Birthday\nBob,not-an-email,Platinum,31.02.1990\nAda,ada@example.com,Gold,\n',
    );
    await expect(wizard.fieldFor('Customer tier')).toContainText('Customer tier');

    const summary = await wizard.check();
    await expect(summary).toContainText('2 rows: 1 new, 0 to update, 1 with errors');
    // all of the row's errors at once, each as the field's label and the rule's words
    const errors = page.getByRole('table', { name: 'Rows with errors (not imported)' });
    await expect(errors.getByRole('row', { name: '1 E-mail E-mail: Enter a valid e-mail address' })).toBeVisible();
    await expect(errors.getByRole('row', { name: '1 Customer tier Customer tier: Choose one of the options' })).toBeVisible();
    await expect(errors.getByRole('row', { name: '1 Birthday Birthday: Not a date in the chosen format.' })).toBeVisible();
    await expect(errors.getByText(/customFields|invalidOption/)).toHaveCount(0);

    // every count the done screen ever shows is recorded; on a slow connection the import's own
    // answer arrives well after the job's "Done"
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenCounts: string[] }).seenCounts = seen;
      new MutationObserver(() => {
        for (const m of document.body.innerText.match(/\d+ created, \d+ updated, \d+ rejected/g) ?? []) if (!seen.includes(m)) seen.push(m);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.route(/\/api\/v1\/core\/imports\/[0-9a-f-]{36}$/, async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue().catch(() => undefined);
    });
    await wizard.start();
    await wizard.waitDone();
    await expect(page.getByText('1 created, 0 updated, 1 rejected')).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await page.evaluate(() => (window as unknown as { seenCounts: string[] }).seenCounts)).toEqual([
      '1 created, 0 updated, 1 rejected',
    ]);

    // the rejected-rows file says the same, in words
    const rejected = await downloaded(page, () => page.getByRole('button', { name: 'Download rejected rows' }).click());
    expect(rejected.text).toContain('Customer tier: Choose one of the options');
    expect(rejected.text).not.toContain('customFields');

    await page.goto('/imports');
    await expect(page.getByRole('row', { name: /customers\.csv.*Done.*1 created, 0 updated, 1 rejected/ })).toBeVisible();
  });

  // polish: notes can be imported as a column
  test('a Notes column becomes a note on each imported contact', async () => {
    const wizard = new ImportWizardPage(page, '/contacts');
    await wizard.openFromList();
    await wizard.upload('with-notes.csv', 'First name,E-mail,Notes\nNora,nora@example.com,Met at the fair; wants a demo\n');
    await expect(wizard.fieldFor('Notes')).toContainText('Note (added to the record)');
    await wizard.check();
    await wizard.start();
    await wizard.waitDone();
    await expect(page.getByText('1 created, 0 updated, 0 rejected')).toBeVisible();
    const api = await signedInApi(page);
    const list = await api.post<{ data: { id: string }[] }>('/api/v1/contacts/list', { search: 'nora@example.com' });
    await page.goto(`/contacts/${list.data[0]?.id}`);
    await expect(page.getByText('Met at the fair; wants a demo').first()).toBeVisible();
  });
});

// item 10 in German: an account of its own, as it changes the user's language
test("a German user is told the check's errors in German (item 9), exports with semicolons by default, and phone numbers come out as typed in CSV and XLSX (item 10)", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await (await browser.newContext()).newPage();
  await signedInWithWorkspace(page, newAccount('Greta Export'));
  const api = await signedInApi(page);
  await api.put('/api/v1/core/profile', { name: 'Greta Export', timeZone: 'Europe/Berlin', culture: 'de-DE' });
  await api.createContact({ firstName: 'Hans', lastName: 'Müller, Jr.', phone: '+49 30 1234567' });

  // item 9 in German: the check words its errors in the user's language
  await page.goto('/contacts/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakte importieren' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'kunden.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Vorname;Nachname;Mail\nBob;Builder;keine-mail\n'),
  });
  await expect(page.getByRole('columnheader', { name: 'Spalte in der Datei' })).toBeVisible();
  await page.getByRole('button', { name: 'Datei prüfen' }).click();
  const errors = page.getByRole('table', { name: 'Zeilen mit Fehlern (werden nicht importiert)' });
  await expect(errors.getByRole('row', { name: '1 Mail E-Mail: Geben Sie eine gültige E-Mail-Adresse ein' })).toBeVisible();

  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Hans/ })).toBeVisible();
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await page.getByRole('menuitem', { name: 'Als CSV exportieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Als CSV exportieren' });
  // the separator German Excel reads, chosen for the user and shown
  await expect(dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Trennzeichen' }) })).toContainText(
    'Semikolon (;)',
  );
  const csv = await downloaded(page, () => dialog.getByRole('button', { name: 'Exportieren' }).click());
  const [header, row] = csv.text.split('\n');
  expect(header?.split(';')).toEqual(expect.arrayContaining(['Id', 'First name', 'Last name', 'Phone']));
  const cells = row?.split(';') ?? [];
  expect(cells).toContain('Müller, Jr.');
  // the phone number as typed, not behind a formula guard's apostrophe
  expect(cells).toContain('+49 30 1234567');

  await page.getByRole('button', { name: 'Exportieren' }).click();
  const xlsx = await downloaded(page, () => page.getByRole('menuitem', { name: 'Als Excel (XLSX) exportieren' }).click());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const values = ((book.worksheets[0]?.getRow(2).values ?? []) as unknown[]).filter((v) => v !== undefined);
  // a text cell, never a formula: no apostrophe in front
  expect(values).toContain('+49 30 1234567');
  await page.context().close();
});
