import { expect, test, type Page } from '../support/signed-in.fixture';
import { EntityPages } from '../pages/entity.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { databaseSql } from '../support/database';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, booking pages and the public portal: an admin makes a booking page in the settings
// and opens it on the portal; an anonymous visitor at 390 px picks a time, the page holds it,
// the browser solves the proof-of-work captcha, the booking is confirmed, the captured outbox
// holds the mail with its .ics, and the mail's cancel link cancels it after a confirmation.
test.describe.serial('booking pages and the portal', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let workspace: string;
  const visitorEmail = `visitor-${Date.now()}@example.com`;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Harbour office', timeZone: 'Europe/Berlin' });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' });
    for (const name of ['Desk A', 'Desk B'])
      await api.post('/api/v1/resources', { name, resourceTypeId: type.id, locationId: location.id });
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('an admin creates a booking page in the settings and previews it on the portal', async () => {
    const pages = new EntityPages(page, '/booking-pages', 'Booking pages', 'Booking page');
    await pages.openList();
    await page.getByRole('button', { name: 'New booking page' }).click();
    const dialog = pages.createDialog();
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour desks');
    await dialog.getByLabel('Location', { exact: true }).click();
    await dialog.getByLabel('Location', { exact: true }).fill('Harb');
    await chooseOption(page, 'Harbour office');
    await dialog.getByLabel('Visible on the portal to', { exact: true }).click();
    await chooseOption(page, 'Anyone (no sign-in)');
    await dialog.getByLabel('Portal on', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(pages.heading('Harbour desks')).toBeVisible();
    // what it offers and its own policy, on the record's form
    const form = pages.form();
    await form.getByLabel('Resource types offered').click();
    await form.getByLabel('Resource types offered').fill('Des');
    await chooseOption(page, 'Desk');
    await page.keyboard.press('Escape');
    await form.getByLabel('Fixed duration').fill('60');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    const preview = page.getByRole('link', { name: 'Preview on the portal' });
    await expect(preview).toHaveAttribute('href', `/portal/${workspace}/book/harbour-desks`);
    await expectAccessible(page, 'booking page record');
  });

  test('an anonymous visitor books through the portal at 390 px, gets the .ics, and cancels by the link', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/book/harbour-desks`);
    await expect(visitor.getByRole('heading', { name: 'Harbour desks', level: 1 })).toBeVisible();
    await expect(visitor.getByText('Times in Europe/Berlin')).toBeVisible();
    // the page's fixed hour is the only duration
    await expect(visitor.getByLabel('Duration')).toBeVisible();
    await expect(visitor.getByText('60 min')).toBeVisible();
    // a day ahead, so every hour of it is still to come
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await visitor.getByLabel('Day').fill(day);
    const times = visitor.getByRole('list', { name: 'Free times' });
    await expect(times.getByRole('button').first()).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'booking portal, 390 px');
    const first = times.getByRole('button').first();
    const label = (await first.textContent()) ?? '';
    await first.click();

    // the time is held while the visitor fills in the form
    await expect(visitor.getByText(/This time is held for you until/)).toBeVisible();
    await visitor.getByLabel('Name').fill('Vera Visitor');
    await visitor.getByLabel('E-mail').fill(visitorEmail);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'booking portal form, 390 px');
    await visitor.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(visitor.getByText('Your booking is confirmed')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(visitor, 'booking portal confirmation, 390 px');

    // the held time is taken: no longer offered on the page
    await visitor.reload();
    await visitor.getByLabel('Day').fill(day);
    await expect(visitor.getByRole('list', { name: 'Free times' }).getByRole('button').first()).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Free times' }).getByRole('button', { name: label, exact: true })).toHaveCount(0);

    // the captured outbox holds the mail with the invitation (.ics, METHOD:REQUEST)
    const [mail] = await databaseSql(`select subject, attachments from mail_outbox where "to" = $1 order by created_at`, [visitorEmail]);
    const attachments = (mail?.attachments ?? []) as { filename: string; content: string }[];
    expect(attachments.map((a) => a.filename)).toEqual(['invite.ics']);
    expect(attachments[0]?.content).toContain('METHOD:REQUEST');
    expect(String(mail?.subject)).toMatch(/^Booked: Desk [AB], /);
    const [booked] = await databaseSql(
      `select extract(epoch from ends_at - starts_at)::int as seconds from bookings b join contacts c on c.id = b.contact_id where c.email = $1`,
      [visitorEmail],
    );
    expect(booked?.seconds).toBe(3600);

    // the mail's cancel link opens the booking; cancelling asks first
    await visitor.goto('/mailbox');
    await visitor
      .getByRole('row', { name: new RegExp(visitorEmail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByRole('link', { name: /^Booked: / })
      .first()
      .click();
    await visitor.getByRole('link', { name: /\/portal\/.*\/bookings\// }).click();
    await expect(visitor.getByRole('heading', { name: 'Your booking', level: 1 })).toBeVisible();
    await expect(visitor.getByText('Booked', { exact: true })).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal booking cancel page, 390 px');
    await visitor.getByRole('button', { name: 'Cancel booking' }).click();
    const sure = visitor.getByRole('dialog');
    await expect(sure.getByText(/Cancel this booking\?/)).toBeVisible();
    await sure.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(visitor.getByText(/This booking is cancelled/)).toBeVisible();
    const cancelMails = await databaseSql(`select attachments from mail_outbox where "to" = $1 order by created_at`, [visitorEmail]);
    expect(cancelMails).toHaveLength(2);
    expect(((cancelMails[1]?.attachments ?? []) as { content: string }[])[0]?.content).toContain('METHOD:CANCEL');

    // a page that is not on the portal says so, as the page's heading
    await visitor.goto(`/portal/${workspace}/book/nothing-here`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'This booking page does not exist or is not open to the public.' }),
    ).toBeVisible();
    await visitor.context().close();
  });
});
