import { expect, test, type Page } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// Leads (issue 13, decision 028): created from the list, converted into a contact linked to an
// organization that already exists; the lead then says where it went.
test.describe.serial('leads', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  let api: SignedInApi;

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    api = await signedInApi(page);
    await api.post('/api/v1/organizations', { name: 'Navy Labs', website: 'https://navy.example' });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('a lead created from the list is converted into a contact of an existing organization', async () => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Leads' }).first().click();
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New lead' }).click();
    const create = page.getByRole('dialog', { name: 'New lead' });
    await create.getByLabel('First name').fill('Grace');
    await create.getByLabel('Last name').fill('Hopper');
    await create.getByLabel('E-mail').fill('grace@navy.example');
    await create.getByLabel('Organization').fill('Navy Labs');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeVisible();
    const leadUrl = page.url();
    const leadId = leadUrl.split('/').pop() ?? '';
    await api.post('/api/v1/core/notes', { entityKind: 'Lead', entityId: leadId, body: '<p>Wants a demo in March</p>' });

    await page.getByRole('button', { name: 'Convert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert Grace Hopper' });
    await expect(dialog.getByRole('radio', { name: 'Contact' })).toBeChecked();
    // an organization of the lead's company exists: it is offered instead of a second one
    await expect(dialog.getByRole('radio', { name: 'Link to an existing organization' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Organization to link' })).toBeVisible();
    await expect(dialog.getByTitle('Navy Labs')).toBeVisible();
    await expect(dialog.getByText('The lead’s notes, documents, tags')).toBeVisible();
    await expectAccessible(page, 'convert lead dialog');
    await dialog.getByRole('button', { name: 'Convert' }).click();

    await expect(page.getByText('Lead converted into Grace Hopper').last()).toBeVisible();
    await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeVisible();
    await expect(page.locator('form').getByText('Navy Labs')).toBeVisible();
    await expect(page.getByText('Wants a demo in March')).toBeVisible();
    await expect(page.getByText('created this record from the lead Grace Hopper')).toBeVisible();
    const contactUrl = page.url();

    // the lead stays, marked converted, with the way to what it became; it converts only once
    await page.goto(leadUrl);
    await expect(page.getByText(/Converted into a Contact on/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open the Contact' }).click();
    await expect(page).toHaveURL(contactUrl);
  });
});
