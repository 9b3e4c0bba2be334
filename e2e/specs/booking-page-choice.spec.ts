import type { Page } from '@playwright/test';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, decision 093 round eight: on the Bookings page a member books through a booking page —
// its items, policy and weekly time slots — or through none (the resource types' rules). The page's
// windows are named under the choice; find-times offers only times inside them; a time found without
// the page and then booked through it is refused with the policy's message.
test.describe.serial('booking through a page on the Bookings page', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    // open around the clock (no opening hours): only the page's windows narrow the day
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Pier office', timeZone: 'UTC' }, { status: 201 });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
    await api.post('/api/v1/resources', { name: 'Desk P', resourceTypeId: type.id, locationId: location.id }, { status: 201 });
    const bookingPage = await api.post<{ id: string }>(
      '/api/v1/booking-pages',
      { name: 'Morning desks', locationId: location.id, items: { resourceTypeIds: [type.id] }, policy: { incrementMinutes: 60 } },
      { status: 201 },
    );
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    await api.put(`/api/v1/booking-pages/${bookingPage.id}/time-slots`, {
      slots: days.map((day) => ({ day, start: '09:00', end: '11:00' })),
    });
  });

  test("a member books under a page's time slots; a time outside them is refused with the rule", async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    const slots = page.getByRole('region', { name: 'Free times' });

    // without a page: the whole day of Desk P is offered
    await page.getByLabel('Location').click();
    await chooseOption(page, 'Pier office');
    await page.getByRole('button', { name: 'Find times' }).click();
    await expect(slots.getByRole('button', { name: /^Book Desk P at / }).nth(4)).toBeVisible();
    const outside = slots.getByRole('button', { name: /^Book Desk P at / }).first();

    // through the page: its windows are named, and a time found before, outside them, is refused
    await expect(page.getByText('Book through a page to use its items, rules and time slots.')).toBeVisible();
    await page.getByLabel('Booking page').click();
    await chooseOption(page, 'Morning desks');
    await expect(page.getByText(/^Bookable: Mon 09:00–11:00, Tue 09:00–11:00/)).toBeVisible();
    await outside.click();
    await expect(page.getByRole('alert')).toContainText("This time lies outside the booking page's time slots");
    await expect(page.getByRole('list', { name: 'My bookings' }).getByText('Desk P')).toHaveCount(0);

    // find-times through the page offers only its two hours, and one of them books
    await page.getByRole('button', { name: 'Find times' }).click();
    await expect(slots.getByRole('button', { name: /^Book Desk P at / })).toHaveCount(2);
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(page, 'bookings page through a booking page, 390 px');
    await slots
      .getByRole('button', { name: /^Book Desk P at / })
      .first()
      .click();
    await expect(page.getByText('Desk P is booked for you')).toBeVisible();
    await expect(slots.getByRole('button', { name: /^Book Desk P at / })).toHaveCount(1);
  });
});
