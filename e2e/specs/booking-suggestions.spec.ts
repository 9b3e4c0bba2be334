import type { Page } from '@playwright/test';
import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, "find a room with find-times and take a suggestion" (decision 093 round nine): the one
// room asked for is taken all day, so find-times has no free time; the page offers what the API
// suggests instead — another room of the same type that day, the same room later — and the
// person takes one: it is booked and listed under My bookings.
test.describe.serial('find-times suggestions', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let roomId: string;
  // tomorrow (UTC, the location's zone): the Book dialog's default day
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const every = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => ({ day: d, open: '09:00', close: '17:00' }));
    const location = await api.post<{ id: string }>(
      '/api/v1/locations',
      { name: 'Quay house', timeZone: 'UTC', openingHours: every },
      { status: 201 },
    );
    const type = await api.post<{ id: string }>(
      '/api/v1/resource-types',
      { name: 'Meeting room', bookableMode: 'Bookable' },
      { status: 201 },
    );
    const room = (name: string) =>
      api.post<{ id: string }>(
        '/api/v1/resources',
        { name, resourceTypeId: type.id, locationId: location.id, capacity: 8 },
        { status: 201 },
      );
    roomId = (await room('Room Elbe')).id;
    await room('Room Alster');
    // the Elbe room is taken for the whole opening day (a workshop)
    await api.post(
      '/api/v1/bookings',
      { resourceId: roomId, start: `${day}T09:00:00.000Z`, end: `${day}T17:00:00.000Z`, invite: false },
      { status: 201 },
    );
  });
  test.afterAll(async () => page?.context().close());

  test('nothing fits the room asked for: a suggestion of another room of its type is taken and booked', async () => {
    await page.goto(`/resources/${roomId}`);
    await page.getByRole('button', { name: 'calendar Book', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Room Elbe' });
    await dialog.getByRole('button', { name: 'Find times' }).click();

    const found = dialog.getByRole('region', { name: 'Free times' });
    await expect(found.getByText('Nothing is free for this duration on this day.')).toBeVisible();
    await expect(found.getByRole('heading', { name: 'Try instead' })).toBeVisible();
    // the same room later (the next free day), and the other room of the same type that day
    const later = found.getByRole('button', { name: /^Book Room Elbe at / }).first();
    await expect(later).toContainText('(Later, ');
    // (its first free hour: the opening, 09:00 in the location's zone)
    const other = found.getByRole('button', { name: /^Book Room Alster at 09:00/ });
    await expect(other).toHaveCount(1);
    await expect(other).toContainText('Room Alster (Another Meeting room)');
    await expectAccessible(page, 'find-times with suggestions');

    await other.click();
    await expect(page.getByText('Room Alster is booked for you')).toBeVisible();
    // the time taken is offered no more
    await expect(found.getByRole('button', { name: /^Book Room Alster at 09:00/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/bookings');
    const mine = page.locator('.ant-card').filter({ has: page.getByText('My bookings', { exact: true }) });
    const booked = mine.locator('.ant-list-item').filter({ hasText: 'Room Alster' });
    await expect(booked).toHaveCount(1);
    await expect(booked.getByText('Booked', { exact: true })).toBeVisible();
    await expect(booked).toContainText(/09:00.* – 10:00/);
  });
});
