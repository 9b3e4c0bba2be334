import type { Page } from '@playwright/test';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Bookings (issue 22): from the Workplace navigation a person finds a free time for a desk
// with find-times, books it, sees it under My bookings and cancels it after confirming; the
// page works at 390 px.
test.describe.serial('bookings', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let deskId: string;
  let otherDeskId: string;

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    // a location open around the clock (no opening hours), so any time of day finds a slot
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Harbour office', timeZone: 'UTC' }, { status: 201 });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
    deskId = (
      await api.post<{ id: string }>(
        '/api/v1/resources',
        { name: 'Desk 7', resourceTypeId: type.id, locationId: location.id },
        { status: 201 },
      )
    ).id;
    otherDeskId = (
      await api.post<{ id: string }>(
        '/api/v1/resources',
        { name: 'Desk 8', resourceTypeId: type.id, locationId: location.id },
        { status: 201 },
      )
    ).id;
  });

  test('find a free slot and book it, see it under my bookings, cancel it', async () => {
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    const mine = page.getByRole('list', { name: 'My bookings' }).or(page.locator('.ant-card').filter({ hasText: 'My bookings' }));
    await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();

    await page.getByLabel('Location').click();
    await chooseOption(page, 'Harbour office');
    await page.getByLabel('Resource type').click();
    await chooseOption(page, 'Desk');
    await page.getByRole('button', { name: 'Find times' }).click();
    const slots = page.getByRole('region', { name: 'Free times' });
    const first = slots.getByRole('button', { name: /^Book Desk 7 at / }).first();
    await expect(first).toBeVisible();
    const label = (await first.getAttribute('aria-label')) ?? '';
    await first.click();
    await expect(page.getByText('Desk 7 is booked for you')).toBeVisible();
    // the slot taken is offered no more
    await expect(slots.getByRole('button', { name: label, exact: true })).toHaveCount(0);

    await expect(mine.getByText('Desk 7')).toBeVisible();
    await expect(mine.getByText('Booked', { exact: true })).toBeVisible();
    await expectAccessible(page, 'bookings page with a booking');

    await mine.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/Cancel your booking of Desk 7/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(mine.getByText('Desk 7')).toBeVisible();
    await mine.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking cancelled')).toBeVisible();
    await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
  });

  test("book from the resource's page", async () => {
    await page.goto(`/resources/${deskId}`);
    await page.getByRole('button', { name: 'calendar Book', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Desk 7' });
    await dialog.getByRole('button', { name: 'Find times' }).click();
    await dialog
      .getByRole('button', { name: /^Book Desk 7 at / })
      .first()
      .click();
    await expect(page.getByText('Desk 7 is booked for you')).toBeVisible();
    await page.goto('/bookings');
    await expect(page.locator('.ant-card').filter({ hasText: 'My bookings' }).getByText('Desk 7')).toBeVisible();
  });

  test('subscribe a calendar app to my bookings, then revoke the address; the booking came with an invitation', async () => {
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to my bookings' });
    await expect(dialog.getByText('No address yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await expect(dialog.getByText('Copy this address now: it is shown only once.')).toBeVisible();
    const address = await dialog.getByRole('textbox', { name: 'Calendar address' }).inputValue();
    expect(address).toMatch(/\/calendar\.ics$/);
    // what a calendar app reads: no sign-in, the booking of the resource's page
    const feed = await page.request.get(new URL(new URL(address).pathname, page.url()).toString());
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/BEGIN:VEVENT[\s\S]*Desk 7/);
    await expect(dialog.getByText(/^Made .*, never read yet$/)).toHaveCount(1);

    await dialog.getByRole('button', { name: /^Revoke: Made / }).click();
    const sure = page.getByRole('dialog', { name: 'Revoke' });
    await expect(sure.getByText(/will stop receiving the bookings/)).toBeVisible();
    await sure.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The address was revoked')).toBeVisible();
    await expect(dialog.getByText('No address yet.')).toBeVisible();
    expect((await page.request.get(new URL(new URL(address).pathname, page.url()).toString())).status()).toBe(404);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the booking made on the resource's page was mailed with its .ics
    await page.goto('/mailbox');
    await expect(page.getByRole('row', { name: /Booked: Desk 7, / }).first()).toBeVisible();
  });

  test('star a desk as a favourite on its page, then find times among my favourites only', async () => {
    await page.goto(`/resources/${otherDeskId}`);
    const star = page.getByRole('button', { name: 'Favourite' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/bookings');
    await page.getByLabel('Location').click();
    await chooseOption(page, 'Harbour office');
    await page.getByRole('checkbox', { name: 'My favourites only' }).check();
    await page.getByRole('button', { name: 'Find times' }).click();
    const slots = page.getByRole('region', { name: 'Free times' });
    await expect(slots.getByRole('button', { name: /^Book Desk 8 at / }).first()).toBeVisible();
    await expect(slots.getByRole('button', { name: /^Book Desk 7 at / })).toHaveCount(0);
  });

  test('the page fits 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/bookings');
    await expect(page.getByRole('button', { name: 'Find times' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(page, 'bookings page, 390 px');
  });
});
