import { expect, test, type Page } from '../support/signed-in.fixture';
import { EntityPages, pickRecord } from '../pages/entity.pages';
import { expectAccessible, newAccount, signUpVerifyAndSignIn } from '../pages/shell.pages';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// Teams (issue 13, decision 035): a team defined by a custom query saved from the contacts list
// shows the contacts that match now; a stranger joins a team (and its workspace) through the
// team's invite URL, and a revoked URL stops working.
test.describe.serial('teams', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let api: SignedInApi;
  const teams = () => new EntityPages(page, '/teams', 'Teams', 'Team');

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace());
    api = await signedInApi(page);
    await api.post('/api/v1/contacts', { firstName: 'Eve', lastName: 'Engel', email: 'eve@contoso.example' });
    await api.post('/api/v1/contacts', { firstName: 'Gus', lastName: 'Gray', email: 'gus@contoso.example' });
    await api.post('/api/v1/contacts', { firstName: 'Fay', lastName: 'Farr', email: 'fay@fabrikam.example' });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('a team defined by a query saved from the contacts list shows the contacts that match now', async () => {
    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('contoso.example');
    await expect(page.getByRole('row', { name: /Fay Farr/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save as custom query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as custom query' });
    await dialog.getByLabel('Name').fill('Contoso people');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Custom query Contoso people saved')).toBeVisible();

    await teams().openList();
    await teams().create({ Name: 'Contoso account team' });
    await teams().tab('Custom queries');
    await page.getByRole('button', { name: 'Link a custom query' }).click();
    const link = page.getByRole('dialog', { name: 'Link a custom query' });
    await pickRecord(page, link.getByLabel('Link a custom query'), 'Contoso people');
    await link.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(link).toBeHidden();

    await teams().tab('Query members');
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Contoso people' }) });
    await expect(card.getByText('2 contacts match')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Eve Engel' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Fay Farr' })).toHaveCount(0);
    await expectAccessible(page, 'team query members');

    // Fay moves to Contoso: she matches now
    const fay = await api.post<{ data: { id: string; version: number }[] }>('/api/v1/contacts/list', { search: 'fabrikam' });
    const row = fay.data[0];
    if (!row) throw new Error('Fay is missing');
    const patched = await api.patch(`/api/v1/contacts/${row.id}`, row.version, [
      { op: 'replace', path: '/email', value: 'fay@contoso.example' },
    ]);
    expect(patched.status).toBe(200);
    await page.reload();
    await expect(card.getByText('3 contacts match')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Fay Farr' })).toBeVisible();
  });

  test('a stranger joins the team and its workspace through the invite URL; a revoked URL stops working', async ({ browser }) => {
    await teams().openList();
    await teams().create({ Name: 'Partners' });
    await page.getByRole('button', { name: 'Invite link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite link' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = (await dialog.locator('code').innerText()).trim();
    expect(url).toMatch(/\/teams\/join\//);
    await expectAccessible(page, 'team invite link');

    // someone without an account opens the link, signs up and lands in the team
    const stranger = newAccount('Sam Stranger');
    const other = await (await browser.newContext()).newPage();
    await other.goto(new URL(url).pathname);
    await expect(other.getByRole('heading', { name: 'Join the team Partners' })).toBeVisible();
    await expect(other.getByRole('button', { name: /Sign in/ })).toBeVisible();
    await signUpVerifyAndSignIn(other, stranger, `${new URL(url).pathname}?accept=1`);
    await expect(other.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
    await expect(other.getByText('You joined Partners')).toBeVisible();

    // the owner sees the newcomer among the members
    await page.keyboard.press('Escape');
    await page.reload();
    await teams().tab('Members');
    await expect(page.getByRole('row', { name: /Sam Stranger/ })).toBeVisible();

    // revoked: the link shows as invalid
    await page.getByRole('button', { name: 'Invite link' }).click();
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('dialog', { name: 'Revoke the invite link?' }).getByRole('button', { name: 'Revoke link' }).click();
    await expect(page.getByText('The invite link no longer works')).toBeVisible();
    await other.goto(new URL(url).pathname);
    await expect(other.getByText('This invite link is invalid, has expired or was revoked')).toBeVisible();
    await other.context().close();
  });
});
