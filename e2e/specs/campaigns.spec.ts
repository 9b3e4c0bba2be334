import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/signed-in.fixture';
import { CampaignPages } from '../pages/campaigns.pages';
import { pickRecord } from '../pages/entity.pages';
import { ContactDetailPage } from '../pages/contacts.pages';
import { MailboxPage } from '../pages/identity.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Campaigns and segments (issue 24): a dynamic segment built with the filter builder and its
// live count, a campaign sent to it, the mail in the local mailbox, its unsubscribe link, and
// the recipient's state on the campaign.
test('a dynamic segment, a campaign sent to it, its mail and its unsubscribe link', async ({ workspace: { page } }) => {
  test.setTimeout(180_000);
  const api = await signedInApi(page);
  const town = `Town${randomUUID().slice(0, 8)}`;
  const ada = `ada-${randomUUID().slice(0, 8)}@example.org`;
  const bob = `bob-${randomUUID().slice(0, 8)}@example.org`;
  const adaContact = await api.createContact({ firstName: 'Ada', lastName: 'Lovelace', email: ada, address: `1 Main Street, ${town}` });
  await api.createContact({ firstName: 'Bob', lastName: 'Builder', email: bob, address: `2 Main Street, ${town}` });
  await api.createContact({
    firstName: 'Cy',
    lastName: 'Elsewhere',
    email: `cy-${randomUUID().slice(0, 8)}@example.org`,
    address: 'Far away',
  });
  await api.post('/api/v1/core/email-templates', {
    entityKind: 'Contact',
    name: 'Autumn news',
    subject: 'Autumn news for {{firstName}}',
    body: 'Hello {{firstName}},\n\nour autumn offers are here: https://example.com/autumn',
  });
  const pages = new CampaignPages(page);

  // the segment: a filter on the address, counted live
  await pages.segments.openList();
  await pages.segments.create({ Name: `${town} contacts` });
  await pages.addSegmentFilter('Address', 'contains', town);
  await expect(pages.segments.form().getByTestId('segment-count')).toHaveText('2 contacts');
  await pages.save();
  await expect(page.getByRole('alert').getByText('2 contacts')).toBeVisible();
  await pages.segments.tab('Recipients');
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  await expectAccessible(page, 'segment page');

  // the campaign: the segment (with its count) and the template, then send now
  await pages.campaigns.openList();
  await pages.campaigns.create({ Name: 'Autumn campaign' });
  const form = pages.campaigns.form();
  await form.getByLabel('Segments', { exact: true }).click();
  await chooseOption(page, `${town} contacts`);
  await expect(form.getByText(`${town} contacts: 2 contacts`)).toBeVisible();
  await form.getByLabel('E-mail template', { exact: true }).click();
  await chooseOption(page, 'Autumn news');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  // the mail as Ada would get it, and a test of it to me
  await pages.campaigns.tab('Preview');
  await pickRecord(page, page.getByLabel('Preview as', { exact: true }), 'Ada Lovelace');
  await expect(page.getByText('Autumn news for Ada')).toBeVisible();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(/^Test sent to /)).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await pages.campaigns.tab('Recipients');
  await expect(async () => {
    await page.reload();
    await pages.campaigns.tab('Recipients');
    await expect(page.getByRole('row', { name: /Ada Lovelace/ }).getByText('Sent')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const campaignUrl = page.url();

  // the mail in the local mailbox, and its unsubscribe link
  const mailbox = new MailboxPage(page);
  await mailbox.openLatestTo(ada, /Autumn news for Ada/);
  await expect(page.getByText('/api/v1/public/campaigns/click?')).toBeVisible();
  await mailbox.followLink(/\/unsubscribe\//);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectAccessible(page, 'unsubscribe page');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(/You are unsubscribed/)).toBeVisible();

  // the recipient's state on the campaign
  await page.goto(campaignUrl);
  await pages.campaigns.tab('Recipients');
  await expect(page.getByRole('row', { name: /Ada Lovelace/ }).getByText('Unsubscribed')).toBeVisible();
  await expect(page.getByRole('row', { name: /Bob Builder/ }).getByText('Sent')).toBeVisible();
  await expectAccessible(page, 'campaign recipients');
  // the recipients' history as a file
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('campaign-recipients.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain(`Ada Lovelace,${ada},unsubscribed`);
  // the statistics: counters and the hour's sends and unsubscribes
  await pages.campaigns.tab('Statistics');
  const counter = (label: string) => page.locator('.ant-descriptions-item').filter({ hasText: label });
  await expect(counter('Sent')).toContainText('2');
  await expect(counter('Unsubscribed')).toContainText('1');
  // the hour by hour table has the hour of the sends (one row, or two across an hour's turn)
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'campaign statistics');
  await pages.campaigns.tab('Recipients');
  // at 390 px the campaign's page keeps to the screen (the recipients table scrolls inside)
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
  await expect.poll(() => horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });

  // the contact's timeline: the campaign's mail and the unsubscribe
  const detail = new ContactDetailPage(page);
  await detail.open(adaContact.id, 'Ada Lovelace');
  await expect(detail.activity().getByText('Campaign e-mail sent: Autumn news for Ada')).toBeVisible();
  await expect(detail.activity().getByText('Unsubscribed from campaigns')).toBeVisible();
});

test('the feature flag hideCampaigns hides Campaigns and Segments', async ({ workspace: { page } }) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Segments' })).toBeVisible();
  // the deployment's flags as the server would answer them with hideCampaigns set
  await page.route('**/api/v1/admin/features', async (route) => {
    const flags = (await (await route.fetch()).json()) as Record<string, boolean>;
    await route.fulfill({ json: { ...flags, hideCampaigns: true } });
  });
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Segments' })).toHaveCount(0);
  await page.unroute('**/api/v1/admin/features');
});
