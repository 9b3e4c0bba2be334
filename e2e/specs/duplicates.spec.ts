import { expect, test, type Page } from '../support/signed-in.fixture';
import { NotesPanel } from '../pages/records.pages';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Duplicates and merge (issue 12, decision 026): the create dialog warns about a contact that
// already has the e-mail, and the new record can be merged into the existing one.
test.describe.serial('duplicates and merge', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let ada: { id: string };

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    const api = await signedInApi(page);
    ada = await api.createContact({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', jobTitle: 'Analyst' });
    await api.post(
      '/api/v1/core/notes',
      { entityKind: 'Contact', entityId: ada.id, body: '<p>Wrote the first program</p>' },
      { status: 201 },
    );
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('creating a contact with an e-mail that exists warns and links to the existing one', async () => {
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'New contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill('Augusta');
    await dialog.getByLabel('Last name').fill('King');
    await dialog.getByLabel('E-mail').fill('ADA@example.org');
    const warning = dialog.getByRole('status').filter({ hasText: 'This contact may already exist' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/contacts/${ada.id}`);
    await expect(warning).toContainText('same E-mail');
    await expectAccessible(page, 'create dialog with a duplicate warning');
    // a different address: the warning goes
    await dialog.getByLabel('E-mail').fill('augusta@example.org');
    await expect(warning).toHaveCount(0);
    await dialog.getByLabel('E-mail').fill('ada@example.org');
    await expect(dialog.getByRole('status').filter({ hasText: 'This contact may already exist' })).toBeVisible();
    // saving anyway is allowed
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Augusta King', level: 1 })).toBeVisible();
  });

  test('the new record is merged into the existing one, choosing per field', async () => {
    const warning = page.getByRole('status').filter({ hasText: 'This contact may already exist' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge into Augusta King' });
    await expect(dialog.getByText('The notes, documents, tags, links and history of Ada Lovelace move here')).toBeVisible();
    // first and last name and job title differ; the e-mail is the same and not asked about
    await expect(dialog.getByRole('radiogroup')).toHaveCount(3);
    await dialog.getByRole('radiogroup', { name: 'Value of First name to keep' }).getByRole('radio', { name: 'Ada' }).check();
    // the empty job title takes the other's value unless told otherwise
    await expect(
      dialog.getByRole('radiogroup', { name: 'Value of Job title to keep' }).getByRole('radio', { name: 'Analyst' }),
    ).toBeChecked();
    await expectAccessible(page, 'merge dialog');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText('Ada Lovelace merged into this record')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ada King', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Job title')).toHaveValue('Analyst');
    // the other's note is here now, and the history says what happened
    await expect(new NotesPanel(page).note('Wrote the first program')).toBeVisible();
    await expect(page.getByText('merged Ada Lovelace into this record')).toBeVisible();
    // the other record is archived and points here
    await page.goto(`/contacts/${ada.id}`);
    await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('merged this record into Ada King')).toBeVisible();
  });

  // issue 26 item 5: a similar name warns as it is typed; the list finds its duplicates
  test('a similar name warns in the create dialog, and the list finds and merges its duplicates', async () => {
    const api = await signedInApi(page);
    await api.createContact({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' });
    await api.createContact({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 212 555 0100' });
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'New contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill('Hoper');
    const warning = dialog.getByRole('status').filter({ hasText: 'This contact may already exist' });
    await expect(warning).toContainText('similar name');
    await expect(warning.getByRole('link', { name: 'Grace Hopper' })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Find duplicates' }).click();
    const drawer = page.getByRole('dialog', { name: 'Possible duplicates' });
    const group = drawer.getByRole('listitem').filter({ hasText: 'Same name: grace hopper' });
    await expect(group).toContainText('2 records');
    await expectAccessible(page, 'possible duplicates');
    await group.getByRole('button', { name: 'Merge the first two' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge into Grace Hopper' });
    await merge.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText('Grace Hopper merged into this record')).toBeVisible();
    await expect(drawer.getByRole('listitem').filter({ hasText: 'Same name: grace hopper' })).toHaveCount(0);
  });
});
