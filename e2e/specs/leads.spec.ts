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
    await expect(page.getByRole('alert').filter({ hasText: /Converted to Grace Hopper on/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open the Contact' }).click();
    await expect(page).toHaveURL(contactUrl);
  });

  // Issue 26 item 8: a status lifecycle in the list, a converted lead read-only with the way to
  // what it became, and an opportunity made by the same conversion.
  test('a lead converted with an opportunity shows Converted in the list, a banner with links and a read-only form', async () => {
    const lead = (await api.post('/api/v1/leads', {
      firstName: 'Katherine',
      lastName: 'Johnson',
      organization: 'Orbit Analytics',
      status: 'Working',
    })) as { id: string };
    await page.goto('/leads');
    await expect(page.getByRole('columnheader', { name: /Status/ })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Katherine Johnson' });
    await expect(row.getByRole('cell', { name: 'Working', exact: true })).toBeVisible();
    await row.getByRole('link', { name: 'Katherine Johnson' }).click();
    await expect(page.getByRole('heading', { name: 'Katherine Johnson', level: 1 })).toBeVisible();
    const leadUrl = page.url();
    // Converted is the conversion's to set: offered in the form, not choosable
    await page.getByLabel('Status').click();
    await expect(page.getByRole('option', { name: 'Converted' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Convert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert Katherine Johnson' });
    await expect(dialog.getByRole('radio', { name: 'Create the organization “Orbit Analytics”' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'Also create an opportunity' }).check();
    await expect(dialog.getByLabel('Opportunity name')).toHaveValue('Orbit Analytics opportunity');
    await dialog.getByLabel('Expected value').fill('25000');
    await dialog.getByLabel('Expected close date').fill('2027-03-01');
    await dialog.getByLabel('Expected close date').press('Tab');
    await expectAccessible(page, 'convert lead dialog with an opportunity');
    await dialog.getByRole('button', { name: 'Convert' }).click();

    await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
    const contactUrl = page.url();
    const toast = page.locator('.ant-message').filter({ hasText: 'Lead converted into Katherine Johnson, with the opportunity' });
    await toast.getByRole('link', { name: 'Orbit Analytics opportunity' }).click();
    await expect(page).toHaveURL(/\/opportunities\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Orbit Analytics opportunity', level: 1 })).toBeVisible();
    const deal = (await api.get(`/api/v1/opportunities/${page.url().split('/').pop()}`)) as Record<string, unknown>;
    expect(deal).toMatchObject({ expectedValue: 25000, estimatedCloseDate: '2027-03-01', contactId: contactUrl.split('/').pop() });
    expect(deal.organizationId).toEqual(expect.any(String));

    // the lead: a banner naming what it became, linking there; the form read-only
    await page.goto(leadUrl);
    const banner = page.getByRole('alert').filter({ hasText: /Converted to Katherine Johnson on/ });
    await expect(banner).toBeVisible();
    await expect(banner.getByText('A converted lead is read-only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert' })).toHaveCount(0);
    const form = page.locator('form#record-Lead');
    await expect(form.getByLabel('First name')).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(form.getByText('Converted', { exact: true })).toBeVisible();
    // no delete or merge for it, archiving stays
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Merge…' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await banner.getByRole('link', { name: 'Katherine Johnson' }).click();
    await expect(page).toHaveURL(contactUrl);

    // the list says it: Converted, and the status filters like any option
    await page.goto('/leads');
    await expect(
      page.getByRole('row').filter({ hasText: 'Katherine Johnson' }).getByRole('cell', { name: 'Converted', exact: true }),
    ).toBeVisible();
    expect(lead.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
