import type { Page } from '@playwright/test';
import { EntityPages } from '../pages/entity.pages';
import { expectAccessible } from '../pages/shell.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// Booking services (issue 22): an admin sets up what can be ordered with a room; a member
// orders it with their booking under My bookings, is told when it is too late for a service
// with a day's notice, and the kitchen's order is in the outbox.
test.describe.serial('booking services', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let api: SignedInApi;
  let roomId: string;

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    api = await signedInApi(page, tenantId);
    const type = await api.post<{ id: string }>(
      '/api/v1/resource-types',
      { name: 'Meeting room', bookableMode: 'Bookable' },
      { status: 201 },
    );
    roomId = (await api.post<{ id: string }>('/api/v1/resources', { name: 'Room Atlas', resourceTypeId: type.id }, { status: 201 })).id;
    await api.post('/api/v1/booking-services', { name: 'Lunch boxes', leadTimeMinutes: 24 * 60 }, { status: 201 });
  });
  test.afterAll(async () => page?.context().close());

  test('an admin sets up a service: what it is and where its orders go', async () => {
    const pages = new EntityPages(page, '/booking-services', 'Booking services', 'Booking service');
    await pages.openList();
    await page.getByRole('button', { name: 'New booking service' }).click();
    const dialog = pages.createDialog();
    await dialog.getByLabel('Name', { exact: true }).fill('Coffee and pastries');
    await dialog.getByLabel('Orders go to', { exact: true }).fill('not an address');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await dialog.getByLabel('Orders go to', { exact: true }).fill('kitchen@example.com');
    await dialog.getByLabel('Price', { exact: true }).fill('4.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(pages.heading('Coffee and pastries')).toBeVisible();
  });

  test('a member orders it with a booking, at 390 px; a service past its notice cannot be ordered', async () => {
    // in three hours, on the quarter hour: inside the lunch boxes' day of notice
    const start = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000);
    const end = new Date(start.getTime() + 3_600_000);
    const booking = await api.post<{ id: string }>(
      '/api/v1/bookings',
      { resourceId: roomId, start: start.toISOString(), end: end.toISOString() },
      { status: 201 },
    );
    await page.setViewportSize(PHONE);
    await page.goto('/bookings');
    const mine = page.locator('.ant-card').filter({ hasText: 'My bookings' });
    await expect(mine.getByText('Room Atlas')).toBeVisible();
    await mine.getByRole('button', { name: 'Services' }).click();
    const dialog = page.getByRole('dialog', { name: /Order services/ });
    await expect(dialog.getByText('Too late to order for this booking')).toBeVisible();
    await expect(dialog.getByLabel('Quantity of Lunch boxes')).toBeDisabled();
    await dialog.getByLabel('Quantity of Coffee and pastries').fill('8');
    await dialog.getByLabel('Note for Coffee and pastries').fill('Two of them vegan');
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(page, 'booking services dialog, 390 px');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Services saved')).toBeVisible();

    const answer = await api.get<{ ordered: { title: string; quantity: number; note: string | null }[] }>(
      `/api/v1/bookings/${booking.id}/services`,
    );
    expect(answer.ordered).toEqual([expect.objectContaining({ title: 'Coffee and pastries', quantity: 8, note: 'Two of them vegan' })]);
    // the kitchen's order is in the local mailbox
    await page.goto('/mailbox');
    await expect(page.getByText(/New order: Coffee and pastries × 8 — Room Atlas/).first()).toBeVisible();
  });
});
