import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/signed-in.fixture';
import { CampaignPages } from '../pages/campaigns.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { databaseSql } from '../support/database';
import { signedInApi } from '../support/signed-in-api';

// Campaign sending settings (issue 24, round two): the workspace's daily cap, time zone and open
// tracking from the campaigns list, a campaign's send window in each recipient's local time, and
// a recipient shown as opened once their mail client has fetched the mail's tracking pixel.
test('sending settings, a send window, and a recipient opened by the pixel', async ({ workspace: { page } }) => {
  test.setTimeout(180_000);
  const api = await signedInApi(page);
  const ada = `ada-${randomUUID().slice(0, 8)}@example.org`;
  const contact = await api.createContact({ firstName: 'Ada', lastName: 'Lovelace', email: ada });
  await api.post('/api/v1/core/email-templates', {
    entityKind: 'Contact',
    name: 'Winter news',
    subject: 'Winter news',
    body: 'Hello {{firstName}}',
  });
  await api.post('/api/v1/segments', { name: 'Ada only', includedIds: [contact.id] });
  const pages = new CampaignPages(page);

  // the workspace's sending settings: a daily cap, its time zone, opens tracked
  await pages.campaigns.openList();
  await page.getByRole('button', { name: 'Sending settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sending settings' });
  await expect(dialog.getByLabel('E-mails per hour')).toHaveValue('1000');
  await dialog.getByLabel('E-mails per day').fill('500');
  await dialog.getByLabel('Time zone').click();
  await dialog.getByLabel('Time zone').fill('Europe/Ber');
  await chooseOption(page, 'Europe/Berlin');
  await dialog.getByRole('switch', { name: 'Track opens' }).click();
  await expectAccessible(page, 'campaign sending settings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sending settings saved')).toBeVisible();
  expect(await api.get('/api/v1/campaigns/settings')).toEqual({
    hourlyLimit: 1000,
    dailyLimit: 500,
    timeZone: 'Europe/Berlin',
    openTracking: true,
  });

  // a campaign with a send window in each recipient's local time (every weekday, all day, so it goes now)
  await pages.campaigns.create({ Name: 'Winter campaign' });
  const form = pages.campaigns.form();
  await form.getByLabel('Segments', { exact: true }).click();
  await chooseOption(page, 'Ada only');
  await form.getByLabel('E-mail template', { exact: true }).click();
  await chooseOption(page, 'Winter news');
  await form.getByLabel('Send from (time of day)').fill('25:00');
  await form.getByLabel('Send until (time of day)').fill('23:59');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a time of day as HH:MM (00:00 to 23:59)')).toBeVisible();
  // every day, no times: the window is whole days (00:00–23:59 missed the last minute before midnight)
  await form.getByLabel('Send from (time of day)').fill('');
  await form.getByLabel('Send until (time of day)').fill('');
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await form.getByRole('checkbox', { name: day }).check();
  await form.getByLabel("In each recipient's local time").click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Sat' })).toBeChecked();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await pages.campaigns.tab('Recipients');
  await expect(async () => {
    await page.reload();
    await pages.campaigns.tab('Recipients');
    await expect(page.getByRole('row', { name: /Ada Lovelace/ }).getByText('Sent')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });

  // Ada's mail client shows the mail: it fetches the pixel in its HTML part
  const [mail] = await databaseSql(`select html from mail_outbox where "to" = $1 and subject = 'Winter news'`, [ada]);
  const pixel = /<img src="([^"]+\/api\/v1\/public\/campaigns\/open\/[^"]+)"/.exec(String(mail?.html ?? ''))?.[1];
  expect(pixel).toBeTruthy();
  const fetched = await page.request.get(new URL(pixel!).pathname);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-type']).toBe('image/gif');

  await page.reload();
  await pages.campaigns.tab('Recipients');
  const row = page.getByRole('row', { name: /Ada Lovelace/ });
  await expect(row.getByText('Opened', { exact: true })).toBeVisible();
  await expectAccessible(page, 'campaign recipients with opens');
  await pages.campaigns.tab('Statistics');
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Opened' })).toContainText('1');
});
