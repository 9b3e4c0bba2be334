import { expect, test, type Page } from '@playwright/test';
import { ContactsListPage } from '../pages/contacts.pages';
import { FileFieldInput } from '../pages/new-user.pages';
import {
  AppShell,
  PlansPage,
  RolesPage,
  WorkspaceWizardPage,
  chooseOption,
  expectAccessible,
  expectNamedIconButtons,
  newAccount,
  signedInWithWorkspace,
} from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 12: what a new user met, defect by defect (5, 9, 10, 12, 13, 14, 15), in one workspace.
test.describe.serial('what a new user meets', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let contactId = '';

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signedInWithWorkspace(page, newAccount('Nina Newcomer'));
    const api = await signedInApi(page);
    await api.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [
        { kind: 'singleLine', label: 'Customer number', key: 'customerNumber', dataType: 'text', minCharacters: 3, maxCharacters: 10 },
        { kind: 'file', label: 'Contract', key: 'contract', dataType: 'file' },
      ],
    });
    contactId = (await (await signedInApi(page)).createContact({ firstName: 'Ada', lastName: 'Lovelace' })).id;
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  // defect 5
  test('the profile lists time zones and languages and saves them', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await page.getByLabel('Time zone').click();
    await page.getByLabel('Time zone').fill('Berlin');
    await chooseOption(page, '(UTC+01:00) Europe/Berlin');
    await page.getByLabel('Language and region').click();
    await page.getByLabel('Language and region').fill('en-GB');
    await chooseOption(page, 'British English (en-GB)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.locator('.ant-form-item', { hasText: 'Time zone' })).toContainText('Europe/Berlin');
    await expect(page.locator('.ant-form-item', { hasText: 'Language and region' })).toContainText('en-GB');
    await expectAccessible(page, 'profile');
  });

  // defect 9
  test('the workspace wizard validates on leaving a field and on submit, not while the user types', async () => {
    await page.goto('/workspaces/new');
    const wizard = new WorkspaceWizardPage(page);
    const address = page.getByLabel('Address');
    const errors = page.locator('.ant-form-item-explain-error');
    // typing the address first, then the name: no red message under a filled field
    for (const ch of 'acme-west') {
      await address.press(ch === '-' ? 'Minus' : ch);
      await expect(errors).toHaveCount(0);
    }
    await page.getByLabel('Workspace name').pressSequentially('Acme West', { delay: 20 });
    await expect(errors).toHaveCount(0);
    // emptying the name and writing it again while the address follows it
    await page.getByLabel('Workspace name').fill('');
    await page.getByLabel('Workspace name').pressSequentially('Acme', { delay: 20 });
    await expect(errors).toHaveCount(0);

    // an emptied address is named when the user leaves it, and the message goes as it is fixed
    await address.fill('');
    await address.press('Tab');
    await wizard.expectSlugMessage('Enter an address for the workspace');
    await address.pressSequentially('acme-east', { delay: 20 });
    await expect(page.getByText('Enter an address for the workspace')).toHaveCount(0);
    // submit checks every field
    await page.getByLabel('Workspace name').fill('');
    await wizard.create();
    await expect(page.locator('.ant-form-item', { hasText: 'Workspace name' }).locator('.ant-form-item-explain-error')).toBeVisible();
    await page.goto('/dashboard');
  });

  // defect 10: a file field uploads to a slot; the record's save registers it (decision 064)
  test('a file put in a file field stays out of Documents until the form is saved', async () => {
    const documents = async () => (await signedInApi(page)).documentNames('Contact', contactId);
    await page.goto(`/contacts/${contactId}`);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
    const field = new FileFieldInput(page, 'Contract');
    await field.upload('contract-draft.pdf', 'application/pdf', '%PDF-1.4\n% draft\n');
    await expect(field.file('contract-draft.pdf')).toBeVisible();
    // not saved: the file is nowhere in the record's documents…
    expect(await documents()).toEqual([]);
    // …and leaving the form unsaved leaves nothing behind
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(field.file('contract-draft.pdf')).toHaveCount(0);
    expect(await documents()).toEqual([]);

    // saved: the file is registered with the record and the field names it
    await field.upload('contract.pdf', 'application/pdf', '%PDF-1.4\n% signed\n');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Contact saved')).toBeVisible();
    await expect.poll(documents).toEqual(['contract.pdf']);
    await page.reload();
    await expect(field.file('contract.pdf')).toBeVisible();
    await expect(page.getByRole('button', { name: 'contract.pdf', exact: true })).toBeVisible();
  });

  // defect 14
  test('validation messages state the limit, and too-long text is refused on the field, never cut', async () => {
    await page.goto(`/contacts/${contactId}`);
    const input = page.getByLabel('Customer number');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await input.fill('K1');
    await save.click();
    await expect(page.getByText('At least 3 characters')).toBeVisible();
    await input.fill('K-1001-TOOLONG');
    // the input keeps every character the user typed
    await expect(input).toHaveValue('K-1001-TOOLONG');
    await save.click();
    await expect(page.getByText('At most 10 characters')).toBeVisible();
    const stored = await (await signedInApi(page)).getContact(contactId);
    expect((stored.customFields as Record<string, unknown> | undefined)?.customerNumber).toBeUndefined();

    // the server says the same, with the limit in the answer
    const api = await signedInApi(page);
    const res = await api.patch(`/api/v1/contacts/${contactId}`, stored.version, [
      { op: 'add', path: '/customFields/customerNumber', value: 'K-1001-TOOLONG' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'customFields.customerNumber', code: 'maxLength', max: 10 })]);
    await input.fill('K-1001');
    await save.click();
    await expect(page.getByText('Contact saved')).toBeVisible();
  });

  // defect 13: the same user in another tab is not "someone else"
  test('a save from another tab of the same user is announced as the user’s own', async () => {
    const other = await page.context().newPage();
    await other.goto(`/contacts/${contactId}`);
    await page.goto(`/contacts/${contactId}`);
    await expect(page.getByLabel('Job title')).toBeVisible();
    await page.getByLabel('Job title').fill('Countess');
    await other.getByLabel('Phone').fill('+44 20 7946 0000');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByText('Contact saved')).toBeVisible();
    await expect(page.getByText('You saved this contact in another tab while editing it here')).toBeVisible();
    await expect(page.getByText(/Someone else/)).toHaveCount(0);
    await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
    await expect(page.getByLabel('Job title')).toHaveValue('Countess');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await other.close();
  });

  // defect 13: words
  test('counts, prices and the archive words read as English', async () => {
    const plans = new PlansPage(page);
    await plans.open();
    const workplace = plans.plan('Workplace Free');
    await expect(workplace).toContainText('1 location ·');
    await expect(workplace).toContainText('1 helpdesk');
    await expect(workplace).not.toContainText('1 locations');
    await expect(workplace).not.toContainText('1 helpdesks');
    // a price names its currency (the workspace's)
    await expect(workplace).toContainText('€0.00 per user / month');

    // a document deleted from the explorer: one item, said once
    const api = await signedInApi(page);
    await api.folder('Contact', contactId, 'Old papers');
    await page.goto(`/contacts/${contactId}`);
    await page.getByRole('button', { name: 'Delete Old papers' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete “Old papers”?');
    await expect(dialog).not.toContainText('(s)');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    // archive and restore: one word for the way back, in the list, the record and its activity
    const list = new ContactsListPage(page);
    await list.open();
    await list.select('Ada Lovelace');
    await list.bulk('Archive', 'Archive 1 contact?', '1 contact archived');
    await list.showArchived(true);
    await list.select('Ada Lovelace');
    await list.bulk('Restore', 'Restore 1 contact?', '1 contact restored');
    await page.goto(`/contacts/${contactId}`);
    await expect(page.getByText(/restored the record/).first()).toBeVisible();
    await expect(page.getByText(/[Uu]narchive/)).toHaveCount(0);
    // the file saved in the Contract field is an attachment, with its article
    await expect(page.getByText(/added a attachment/)).toHaveCount(0);
    await expect(page.getByText(/added an attachment/).first()).toBeVisible();
  });

  // defect 15
  test('icon-only buttons, colour swatches and selected rows are accessible', async () => {
    const list = new ContactsListPage(page);
    await list.open();
    // the search runs as the user types: no unnamed (or English-icon-named) button beside it
    await expect(page.getByRole('button', { name: 'search', exact: true })).toHaveCount(0);
    await expectNamedIconButtons(page, 'contacts list');
    // selected rows keep their links readable, also under the pointer
    await list.select('Ada Lovelace');
    await list.row('Ada Lovelace').hover();
    await expectAccessible(page, 'contacts list with a selected row');

    await page.goto(`/contacts/${contactId}`);
    await page.getByRole('button', { name: 'New tag' }).click();
    const swatches = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio');
    await expect(swatches.first()).toBeVisible();
    const names = await swatches.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(names.filter((n) => /^#?[0-9a-f]{6}$/i.test(n))).toEqual([]);
    expect(names).toContain('Blue');
    await expectAccessible(page, 'tag colours');

    await page.goto('/settings/contacts');
    await expect(page.getByRole('button', { name: 'Edit Customer number' })).toBeVisible();
    await expectNamedIconButtons(page, 'contact settings');
  });

  // defect 12 (last: it switches the user to German)
  test('in German, dates follow the culture and every label, permission, role and plan is German', async () => {
    await page.goto('/dashboard');
    await new AppShell(page).switchLanguage('Deutsch');
    await expect(page.getByRole('heading', { name: /Willkommen/, level: 1 })).toBeVisible();

    // the sidebar shows each label whole
    const truncated = await page
      .getByRole('navigation', { name: 'Module' })
      .locator('.ant-menu-title-content')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(truncated).toEqual([]);

    // 24 hours, dd.MM.yyyy
    await page.goto(`/contacts/${contactId}`);
    await expect(page.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).first()).toBeVisible();
    await expect(page.getByText(/\d{2}:\d{2} (AM|PM)/)).toHaveCount(0);
    await page.goto('/settings/users');
    await expect(page.getByRole('cell', { name: /^\d{2}\.\d{2}\.\d{4}$/ }).first()).toBeVisible();
    // system roles by their German name
    await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();

    const roles = new RolesPage(page);
    await page.goto('/settings/roles');
    await expect(page.getByRole('heading', { name: 'Rollen und Berechtigungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Mitglied/ })).toBeVisible();
    await roles.select('Mitglied');
    await expect(page.getByRole('checkbox', { name: 'Kontakte anzeigen', exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'View contacts', exact: true })).toHaveCount(0);

    await page.goto('/settings/plans');
    const plans = page.locator('main, #main-content').first();
    await expect(plans).toContainText('Unbegrenzt viele Benutzer');
    await expect(plans).toContainText('1 Standort');
    await expect(plans).toContainText('0,00 € pro Benutzer / Monat');
    await expect(plans).not.toContainText('Unlimited users');
    await expect(plans).not.toContainText('Everything a small team needs');
    await expectAccessible(page, 'plans in German');
    await expectNamedIconButtons(page, 'plans in German');

    await page.goto('/contacts');
    await expect(page.getByRole('button', { name: 'search', exact: true })).toHaveCount(0);
    await new AppShell(page).switchLanguage('English');
  });
});
