import { expect, test, type Page } from '../support/signed-in.fixture';
import { EntityPages, pickRecord } from '../pages/entity.pages';
import { ContactSettingsPage } from '../pages/contacts.pages';
import { expectAccessible } from '../pages/shell.pages';

// Organizations are built only from the entity engine: list, record page, hierarchy, the
// contacts relation, references picked by title, record types with their own fields.
test.describe.serial('organizations on the entity engine', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let orgs: EntityPages;
  let contacts: EntityPages;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    orgs = new EntityPages(page, '/organizations', 'Organizations', 'Organization');
    contacts = new EntityPages(page, '/contacts', 'Contacts', 'Contact');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('an organization with a child, shown as a tree', async () => {
    await orgs.openList();
    await expect(page.getByText('No organizations yet')).toBeVisible();
    await orgs.create({ Name: 'Acme Holding', Website: 'https://acme.example.com' });
    await expect(page.locator('.record-header').getByText(/^ORG-1$/)).toBeVisible();

    await orgs.tab('Hierarchy');
    await page.getByRole('button', { name: 'Add a child organization' }).click();
    const dialog = orgs.createDialog();
    // the parent is filled in already
    await expect(dialog.getByText('Acme Holding')).toBeVisible();
    await orgs.fillAndSave(dialog, { Name: 'Acme Labs' });
    await expect(orgs.heading('Acme Labs')).toBeVisible();
    await expect(page.locator('.record-header').getByText(/^ORG-2$/)).toBeVisible();
    await expect(orgs.form().getByText('Acme Holding')).toBeVisible();

    await orgs.tab('Hierarchy');
    const tree = page.getByRole('tree');
    await expect(tree.getByRole('link', { name: 'Acme Holding' })).toBeVisible();
    await expect(tree.getByText('Acme Labs')).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'organization hierarchy');

    // the parent cannot be deleted while it has a child
    await tree.getByRole('link', { name: 'Acme Holding' }).click();
    await expect(orgs.heading('Acme Holding')).toBeVisible();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete “Acme Holding”?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Other records still point at this one; change them first')).toBeVisible();
  });

  test('a contact in the child organization, chosen with the picker, shows on its Contacts tab', async () => {
    await contacts.openList();
    await contacts.create({ 'First name': 'Grace', 'Last name': 'Hopper' }, { Organization: 'Acme Labs' });
    await expect(contacts.heading('Grace Hopper')).toBeVisible();
    const link = contacts.form().getByText('Acme Labs');
    await expect(link).toBeVisible();

    await orgs.openList();
    await expect(page.getByRole('row', { name: /Acme Labs/ }).getByRole('link', { name: 'Acme Holding' })).toBeVisible();
    await page.getByRole('link', { name: 'Acme Labs', exact: true }).click();
    await orgs.tab('Contacts');
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
    await expectAccessible(page, 'organization contacts');

    // the contacts list searches by the organization's name
    await contacts.openList();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('acme labs');
    await expect(page.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('nobody here');
    await expect(page.getByText('No contacts match “nobody here”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();
  });

  test('a field of a contact type appears only for contacts of that type', async () => {
    const settings = new ContactSettingsPage(page);
    await settings.open();
    await page.getByRole('tab', { name: 'Types' }).click();
    await page.getByRole('button', { name: 'Add type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add type' });
    await dialog.getByLabel('Name').fill('Supplier');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('listitem').filter({ hasText: 'Supplier' }).getByRole('button', { name: 'Fields' }).click();
    await expect(page.getByRole('heading', { name: 'Fields of Supplier' })).toBeVisible();
    await settings.addField({ kind: 'Single line', label: 'Supplier number' });
    await settings.save();

    await contacts.openList();
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await expect(contacts.heading('Grace Hopper')).toBeVisible();
    const form = contacts.form();
    await expect(form.getByLabel('Supplier number')).toHaveCount(0);
    await pickRecord(page, form.getByLabel('Type', { exact: true }), 'Supplier');
    await expect(form.getByLabel('Supplier number')).toBeVisible();
    await form.getByLabel('Supplier number').fill('S-42');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact saved')).toBeVisible();
    await page.reload();
    await expect(contacts.form().getByLabel('Supplier number')).toHaveValue('S-42');
    await expectAccessible(page, 'contact with a type');
  });
});
