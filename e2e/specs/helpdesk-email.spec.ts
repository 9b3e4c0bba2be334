import { expect, test, type Page } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Decision 094 round five: a helpdesk's e-mail template edited and previewed on its E-mail tab —
// without Helpdesk Pro the preview shows the default template and saving answers the plan's
// error; with it, the template is saved and its preview shows the merged mail. The helpdesk's
// page shows the share of replies to its address that threaded.
test.describe.serial('helpdesk e-mail template', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let helpdeskId: string;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    helpdeskId = (
      await api.post<{ id: string }>('/api/v1/helpdesks', {
        name: 'Customer support',
        code: 'HELP',
        portalSlug: 'help',
        senderAddress: 'support@example.com',
      })
    ).id;
  });
  test.afterAll(async () => page?.context().close());

  test('the template is previewed, refused without the plan, and saved with it', async () => {
    await page.goto(`/helpdesks/${helpdeskId}`);
    await expect(page.getByRole('heading', { name: 'Customer support', level: 1 })).toBeVisible();
    await expect(page.getByText('No replies to support@example.com yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'E-mail', exact: true }).click();
    await page.getByLabel('Subject prefix').fill('[Acme]');
    await page
      .getByLabel('E-mail template')
      .fill('<html><body><h1>Hello from {{helpdesk.name}}</h1>{{reply}}<p>Ticket {{request.number}}</p></body></html>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Your plan has no custom e-mails, so mails use the default template.')).toBeVisible();
    await expect(page.getByText('Re: [HELP-12] Cannot sign in')).toBeVisible();
    const frame = page.frameLocator('iframe[title="Preview of a reply"]');
    await expect(frame.getByText('We have reset your password; please sign in again.')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This needs a Pro plan')).toBeVisible();

    const api = await signedInApi(page, tenantId);
    expect((await api.send('PUT', '/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'E-mail', exact: true }).click();
    await page.getByLabel('Subject prefix').fill('[Acme]');
    // a merge field the helpdesk has not: the field says so
    await page.getByLabel('E-mail template').fill('<p>{{reply}} {{contact.name}}</p>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Not a merge field of this kind of record')).toBeVisible();
    await page
      .getByLabel('E-mail template')
      .fill('<html><body><h1>Hello from {{helpdesk.name}}</h1>{{reply}}<p>Ticket {{request.number}}</p></body></html>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('E-mail template saved')).toBeVisible();
    await expect(page.getByText('Re: [Acme] [HELP-12] Cannot sign in')).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Hello from Customer support' })).toBeVisible();
    await expect(frame.getByText('Ticket HELP-12')).toBeVisible();
    // kept: the tab opens with it again
    await page.reload();
    await page.getByRole('tab', { name: 'E-mail', exact: true }).click();
    await expect(page.getByLabel('Subject prefix')).toHaveValue('[Acme]');
  });
});
