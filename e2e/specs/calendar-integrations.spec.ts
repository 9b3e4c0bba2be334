import { expect, test, type Page } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { databaseSql } from '../support/database';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, calendar integrations (spec §7 Admin; decision 093 round six): Settings lists Google
// and Microsoft 365 as not configured on a server without their OAuth clients (Connect disabled,
// the reason named), and the workspace's iCalendar feed URLs; revoking one asks first, and its
// URL answers 404 at once; with none left the page says so. A Google calendar a member connected
// (decision 093 round eight) is listed with its account and revoked the same way.
test.describe.serial('calendar integrations', () => {
  let page: Page;
  let tenantId: string;
  let feedUrl: string;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    feedUrl = (await api.post<{ url: string }>('/api/v1/calendar-feeds', {})).url;
  });
  test.afterAll(async () => page?.context().close());

  test('the providers say not configured; a feed URL is listed and revoked after a confirmation', async () => {
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Calendar integrations' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar integrations', level: 1 })).toBeVisible();
    // a section of Settings: its side menu stays beside it, the section marked current
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Calendar integrations' }),
    ).toBeVisible();
    for (const provider of ['Google Calendar', 'Microsoft 365 calendar']) {
      const card = page.getByRole('region', { name: provider });
      await expect(card.getByText('Not configured', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: `Connect ${provider}` })).toBeDisabled();
      await expect(card.getByText(/^Not configured: the server needs .*_CALENDAR_CLIENT_ID/)).toBeVisible();
    }
    const connections = page.getByRole('table');
    await expect(connections.getByRole('row')).toHaveCount(2);
    await expect(connections.getByRole('cell', { name: 'iCalendar feed', exact: true })).toBeVisible();
    await expect(connections.getByRole('cell', { name: 'Their bookings', exact: true })).toBeVisible();
    await expectAccessible(page, 'calendar integrations');
    await page.setViewportSize(PHONE);
    // the layout follows the new width a render later
    await expect.poll(() => horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await page.setViewportSize({ width: 1280, height: 800 });

    const feed = new URL(feedUrl).pathname;
    expect((await page.request.get(feed)).status()).toBe(200);
    // revoking asks first; cancelled, nothing changes
    await connections.getByRole('button', { name: /^Revoke: / }).click();
    const sure = page.getByRole('dialog');
    await expect(sure.getByText(/Revoke this calendar connection of/)).toBeVisible();
    await sure.getByRole('button', { name: 'Cancel' }).click();
    await expect(connections.getByRole('row')).toHaveCount(2);
    await connections.getByRole('button', { name: /^Revoke: / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Connection revoked')).toBeVisible();
    await expect(page.getByText('No calendar is connected to this workspace yet.')).toBeVisible();
    expect((await page.request.get(feed)).status()).toBe(404);
  });

  test('back from the provider, a connected Google calendar is listed with its account and revoked after a confirmation', async () => {
    // the browser test's server has no provider to consent at (the API test drives the callback
    // against a stand-in token endpoint): the connection the callback stores is written here
    const [member] = await databaseSql('select id from tenant_users where tenant_id = $1 order by created_at limit 1', [tenantId]);
    await databaseSql(
      `insert into calendar_connections (tenant_id, owner_id, provider, account_email, scopes) values ($1, $2, 'google', 'olivia@gmail.example', 'openid email')`,
      [tenantId, member?.id],
    );
    await page.goto('/settings/calendar-integrations?connected=google');
    await expect(page.getByText('Google Calendar is connected.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/calendar-integrations$/);
    const connections = page.getByRole('table');
    await expect(connections.getByRole('cell', { name: 'Google Calendar', exact: true })).toBeVisible();
    await expect(connections.getByRole('cell', { name: 'olivia@gmail.example', exact: true })).toBeVisible();
    await expectAccessible(page, 'calendar integrations with a Google calendar');
    await connections.getByRole('button', { name: /^Revoke: .*olivia@gmail\.example$/ }).click();
    await expect(page.getByRole('dialog').getByText(/Revoke the Google Calendar connection of/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Connection revoked')).toBeVisible();
    await expect(page.getByText('No calendar is connected to this workspace yet.')).toBeVisible();
    expect(await databaseSql('select 1 from calendar_connections where tenant_id = $1', [tenantId])).toHaveLength(0);
  });
});
