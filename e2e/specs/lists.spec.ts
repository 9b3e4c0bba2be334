import { oneRecordOfEveryKind } from '../pages/site-map.pages';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { ContactSettingsPage } from '../pages/contacts.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// What a CRM user expects of every list and record page, on the engine's generic pages.
test.describe.serial('lists and record pages', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    for (const [first, last, phone] of [
      ['Ada', 'Lovelace', '+44 1'],
      ['Alan', 'Turing', '+44 2'],
      ['Grace', 'Hopper', '+1 3'],
    ])
      await api.createContact({ firstName: first, lastName: last, phone });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  // A record page of every kind is opened in a browser of its own (a context each: a browser holds
  // only six connections per server, and every page keeps one open for live events); then all of
  // them stay idle through the same 10-second window, so the window is waited once, not once per
  // kind. Each page is visible, so a poll that pauses in hidden tabs would still be counted.
  test('an idle record page makes only a handful of requests, on every kind', async ({ signedIn }) => {
    const api = await signedInApi(page);
    const tenantId = await page.evaluate(() => window.localStorage.getItem('TENANT_ID') ?? '');
    const idle: { kind: string; page: Page; calls: number }[] = [];
    // every kind with pages (custom queries have none), four opened at a time: their settling
    // (network idle for half a second each) overlaps
    const records = await oneRecordOfEveryKind(api, 'Idle');
    for (let i = 0; i < records.length; i += 4) {
      const opened = records.slice(i, i + 4).map(async ({ definition: d, id }) => {
        const { page: recordPage } = await signedIn.open(tenantId);
        await recordPage.goto(`${d.web.path}/${id}`);
        await expect(recordPage.getByRole('heading', { level: 1 })).toBeVisible();
        await recordPage.waitForLoadState('networkidle');
        return { kind: d.kind, page: recordPage, calls: 0 };
      });
      idle.push(...(await Promise.all(opened)));
    }
    for (const entry of idle) {
      expect(await entry.page.evaluate(() => document.visibilityState), `${entry.kind} record page is visible`).toBe('visible');
      entry.page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) entry.calls += 1;
      });
    }
    await page.waitForTimeout(10_000);
    for (const entry of idle) {
      expect(entry.calls, `${entry.kind} record page, idle for 10 s`).toBeLessThanOrEqual(3);
      await entry.page.context().close();
    }
  });

  // an address edited or cut short by hand broke the whole page ("Internal server error") when
  // its filters or widths were not what the list writes there
  test('a list opened from a mangled address shows what it can read', async () => {
    const addresses: [string, string][] = [
      ['{}', 'null'],
      ['[null,7,"x"]', '[1]'],
      ['[{"field":"firstName","op":"eq","value":"Ada"},{"op":"eq"}]', '{"firstName":"wide","lastName":180}'],
    ];
    for (const [f, w] of addresses) {
      await page.goto(`/contacts?v=&f=${encodeURIComponent(f)}&w=${encodeURIComponent(w)}`);
      await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
      await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
    }
    // the one filter it could read is applied
    await expect(page.getByRole('row', { name: /Alan Turing/ })).toHaveCount(0);
    await page.goto(`/tasks?m=board&f=${encodeURIComponent('{}')}`);
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  });

  test('the list lives in the address, and saving a view keeps it', async () => {
    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('+44');
    await expect(page.getByRole('row', { name: /Grace Hopper/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('+44');
    // a link reproduces the list
    const link = page.url();
    const other = await page.context().newPage();
    await other.goto(link);
    await expect(other.getByRole('row', { name: /Alan Turing/ })).toBeVisible();
    await expect(other.getByRole('row', { name: /Grace Hopper/ })).toHaveCount(0);
    await other.close();

    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('UK numbers');
    await dialog.getByRole('checkbox', { name: 'Share with the workspace' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('View saved')).toBeVisible();
    // still the same list, now under the view's name
    await expect(page.locator('.list-toolbar').getByText('UK numbers')).toBeVisible();
    await expect(page.getByRole('row', { name: /Grace Hopper/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
  });

  test('a cell is edited in place, by mouse or keyboard', async () => {
    await page.goto('/contacts?v=');
    const row = page.getByRole('row', { name: /Ada Lovelace/ });
    await row.getByText('+44 1').dblclick();
    const input = row.getByRole('textbox', { name: 'Phone' });
    await input.fill('+44 100');
    await input.press('Enter');
    await expect(row.getByText('+44 100')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row', { name: /Ada Lovelace/ }).getByText('+44 100')).toBeVisible();

    // keyboard: move to the phone cell of the next row with the arrow keys and press Enter
    const first = page
      .getByRole('row', { name: /Ada Lovelace/ })
      .locator('[data-cell]')
      .first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const editor = page.getByRole('textbox', { name: 'Phone' });
    await expect(editor).toBeFocused();
    await editor.fill('+44 200');
    await editor.press('Enter');
    await expect(page.getByRole('row', { name: /Alan Turing/ }).getByText('+44 200')).toBeVisible();
    await expectAccessible(page, 'contacts list after inline editing');
  });

  test('bulk: change a field and add a tag on several records', async () => {
    await (await signedInApi(page)).send('POST', '/api/v1/core/tags', { name: 'Pioneer' });
    await page.goto('/contacts?v=');
    for (const name of ['Ada Lovelace', 'Grace Hopper'])
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: 'Change a field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change a field' });
    await dialog.getByLabel('Field').click();
    await chooseOption(page, 'Job title');
    await dialog.getByRole('textbox', { name: 'Job title' }).fill('Pioneer');
    await dialog.getByRole('button', { name: 'Apply to 2 records' }).click();
    await expect(page.getByText('2 records changed')).toBeVisible();

    await page.getByRole('button', { name: 'Add a tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add a tag' });
    await tagDialog.getByLabel('Tag').click();
    await chooseOption(page, 'Pioneer');
    await tagDialog.getByRole('button', { name: 'Apply to 2 records' }).click();
    await expect(page.getByText('2 records changed').last()).toBeVisible();

    await page.getByRole('button', { name: 'Columns' }).click();
    for (const column of ['Job title', 'Tags'])
      await page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name: column, exact: true }).check();
    await page.keyboard.press('Escape');
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row.getByText('Pioneer', { exact: true })).toHaveCount(2);
    }
    await expect(page.getByRole('row', { name: /Alan Turing/ }).getByText('Pioneer')).toHaveCount(0);
  });

  test('a board by stage: a card moves to another stage', async () => {
    // every workspace has its contact lifecycle from the first minute, and every contact a stage
    // (issue 26): Ada is a subscriber without anyone giving her a stage
    await page.goto('/contacts?v=');
    await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
    const board = page.getByRole('list', { name: 'Contacts by stage' });
    const column = (stage: string) => board.getByRole('listitem', { name: new RegExp(`^${stage} \\(`) });
    await expect(column('Subscriber').getByText('Ada Lovelace')).toBeVisible();
    await board.getByRole('combobox', { name: 'Move Ada Lovelace to' }).selectOption({ label: 'Lead' });
    await expect(column('Lead').getByText('Ada Lovelace')).toBeVisible();
    await expect(column('Subscriber').getByText('Ada Lovelace')).toHaveCount(0);
    await expectAccessible(page, 'contacts board');
  });

  test('a field key follows its label as it is typed', async () => {
    const settings = new ContactSettingsPage(page);
    await settings.open();
    const dialog = await settings.openNewField('Single line');
    await dialog.getByLabel('Label').pressSequentially('Customer number');
    await expect(dialog.getByLabel('Key')).toHaveValue('customerNumber');
    // a key typed by hand stays
    await dialog.getByLabel('Key').fill('custNo');
    await dialog.getByLabel('Label').pressSequentially(' 2');
    await expect(dialog.getByLabel('Key')).toHaveValue('custNo');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
