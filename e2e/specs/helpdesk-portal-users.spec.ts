import { expect, test, type Page } from '../support/signed-in.fixture';
import { RequestPage } from '../pages/helpdesk.pages';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { databaseSql } from '../support/database';
import { signedInApi } from '../support/signed-in-api';

// Issue 23, round three (decision 094): a requester signs in to the portal by a link mailed to
// them, opened from the local mailbox (the captured outbox), sees their request with the agent's
// answer (never the internal note) and replies, at 390 px; a contact marked spam asking for a
// link sees the spammer page, and a made-up link the portal-access-denied page. Round four: every
// portal page shows who is signed in and signs out (confirmed).
test.describe.serial('helpdesk portal users', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let workspace: string;
  let requestId: string;
  const requester = `grace-${Date.now()}@example.com`;
  const spammer = `spam-${Date.now()}@example.com`;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const helpdesk = await api.post<{ id: string }>('/api/v1/helpdesks', {
      portalSlug: 'help',
      name: 'Customer support',
      code: 'HELP',
      portalEnabled: true,
    });
    const request = await api.post<{ id: string }>('/api/v1/requests', {
      subject: 'Printer offline',
      helpdeskId: helpdesk.id,
      requesterEmail: requester,
      description: 'The printer on floor 2 is offline.',
    });
    requestId = request.id;
    await api.post(`/api/v1/requests/${requestId}/messages`, { kind: 'reply', body: 'Please restart it and tell us.' });
    await api.post(`/api/v1/requests/${requestId}/messages`, { kind: 'note', body: 'Internal: the toner order is late' });
    await api.post('/api/v1/contacts', { firstName: 'Spam', lastName: 'Bot', email: spammer });
    await databaseSql(`update contacts set spam_at = now() where email = $1`, [spammer]);
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('a requester signs in by the mailed link, sees their request and replies, at 390 px', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/help`);
    // not signed in, "My requests" says login required
    await visitor.getByRole('link', { name: 'My requests' }).click();
    await expect(visitor.getByText('Login required', { exact: true })).toBeVisible();
    await expectAccessible(visitor, 'portal login required, 390 px');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await visitor.getByLabel('Your e-mail').fill(requester);
    await visitor.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(visitor.getByText(/a sign-in link is on its way/)).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal sign-in, 390 px');

    // the mail, from the local mailbox: its link signs the visitor in
    await visitor.goto('/mailbox');
    await visitor
      .getByRole('row', { name: new RegExp(escape(requester)) })
      .getByRole('link', { name: /^Sign in to Customer support/ })
      .first()
      .click();
    await visitor.getByRole('link', { name: /\/portal\/.*\/sign-in\?token=/ }).click();
    await expect(visitor.getByRole('heading', { name: 'My requests', level: 1 })).toBeVisible();
    await expect(visitor.getByText(requester)).toBeVisible();
    await expectAccessible(visitor, 'portal my requests, 390 px');
    await visitor.getByRole('link', { name: /HELP-\d+ · Printer offline/ }).click();
    await expect(visitor.getByText('Please restart it and tell us.')).toBeVisible();
    await expect(visitor.getByText(/toner order/)).toHaveCount(0);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal request, 390 px');

    // an empty reply is refused in the form; a reply joins the conversation
    await visitor.getByRole('button', { name: 'Send reply' }).click();
    await expect(visitor.getByText('This field is required')).toBeVisible();
    await visitor.getByLabel('Your reply').fill('Restarted, it prints again.');
    await visitor.getByRole('button', { name: 'Send reply' }).click();
    // sent: the form is emptied and the reply is in the conversation (the text alone also
    // matched the filled form at once, before the reply was stored)
    await expect(visitor.getByLabel('Your reply')).toHaveValue('');
    await expect(visitor.getByRole('listitem').filter({ hasText: 'Restarted, it prints again.' })).toBeVisible();
    const [stored] = await databaseSql(`select kind, from_address from request_messages where request_id = $1 and body = $2`, [
      requestId,
      'Restarted, it prints again.',
    ]);
    expect(stored).toMatchObject({ kind: 'inbound', from_address: requester });

    // every portal page says who is signed in; Sign out (from the keyboard, confirmed) ends the
    // session and the page shows the signed-out state
    const indicator = visitor.getByRole('status', { name: new RegExp(`Signed in as .*${escape(requester)}`) });
    await expect(indicator).toBeVisible();
    await visitor.goto(`/portal/${workspace}/help`);
    await expect(indicator).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal home signed in, 390 px');
    await indicator.getByRole('button', { name: 'Sign out' }).focus();
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText('Sign out of this help centre?')).toBeVisible();
    await visitor.locator('.ant-popconfirm').getByRole('button', { name: 'Sign out' }).click();
    await expect(visitor.getByText('You are signed out.')).toBeVisible();
    await expect(indicator).toHaveCount(0);
    await visitor.getByRole('link', { name: 'My requests' }).click();
    await expect(visitor.getByText('Login required', { exact: true })).toBeVisible();
    await expect(indicator).toHaveCount(0);

    // a made-up (or used) link: the portal says access denied
    await visitor.goto(`/portal/${workspace}/help/sign-in?token=made-up-token`);
    await expect(visitor.getByText('Portal access denied', { exact: true })).toBeVisible();
    await expectAccessible(visitor, 'portal access denied, 390 px');
    await visitor.context().close();
  });

  test('a contact marked spam asking for a link sees the spammer page', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/help/sign-in`);
    await visitor.getByLabel('Your e-mail').fill(spammer);
    await visitor.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(visitor.getByText('Spammer', { exact: true })).toBeVisible();
    await expect(visitor).toHaveURL(/\/access\/spammer$/);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal spammer, 390 px');
    const mails = await databaseSql(`select 1 from mail_outbox where "to" = $1`, [spammer]);
    expect(mails).toHaveLength(0);
    await visitor.context().close();
  });

  test("an agent sees the time logged on the request's task on the request's page", async () => {
    const api = await signedInApi(page, tenantId);
    expect((await api.send('PUT', '/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' })).status()).toBe(200);
    const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Support fixes', code: 'FIX' });
    const made = await api.post<{ task: { id: string } }>(`/api/v1/requests/${requestId}/task`, { projectId: project.id });
    await api.post(`/api/v1/tasks/${made.task.id}/time-logs`, { date: '2026-11-02', minutes: 60, note: 'Driver update' });
    await api.post(`/api/v1/tasks/${made.task.id}/time-logs`, { date: '2026-11-03', minutes: 30 });
    await new RequestPage(page).open(requestId, 'Printer offline');
    await expect(page.getByText('time logged 1:30')).toBeVisible();
    await page.getByText('2 time entries').click();
    await expect(page.getByText(/2026-11-02 · 1:00 · .* — Driver update/)).toBeVisible();
  });
});
