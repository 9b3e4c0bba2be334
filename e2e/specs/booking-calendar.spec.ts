import type { Page } from '@playwright/test';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Booking calendars (issue 22, round two): a location's calendar shows the same booking in day,
// work week, week, month, agenda and the timeline (with an item checked out); an empty slot books
// (the policy's refusal shown for a taken one); a booking opens its details; a resource's page
// has its calendar; at 390 px the calendar opens on the agenda.
const ZONE = 'Europe/Berlin';

// the next working day after today in Berlin, and how many days ahead it is
function nextWorkday(): { ymd: string; days: number } {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
  for (let days = 1; ; days++) {
    const parts = Object.fromEntries(fmt.formatToParts(new Date(Date.now() + days * 86_400_000)).map((p) => [p.type, p.value]));
    if (parts.weekday !== 'Sat' && parts.weekday !== 'Sun') return { ymd: `${parts.year}-${parts.month}-${parts.day}`, days };
  }
}
// a wall time of that day in Berlin as an instant (Berlin is UTC+1 in winter, +2 in summer)
function berlin(ymd: string, hour: number): string {
  for (const offset of [1, 2]) {
    const d = new Date(`${ymd}T${String(hour - offset).padStart(2, '0')}:00:00Z`);
    const h = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(d));
    if (h === hour) return d.toISOString();
  }
  throw new Error('no such Berlin hour');
}

test.describe.serial('booking calendar', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let deskId: string;
  const target = nextWorkday();

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    // open around the clock (no opening hours), in Berlin's zone
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Quay office', timeZone: ZONE }, { status: 201 });
    const desk = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
    const laptop = await api.post<{ id: string }>(
      '/api/v1/resource-types',
      { name: 'Laptop', bookableMode: 'Assignable' },
      { status: 201 },
    );
    deskId = (
      await api.post<{ id: string }>(
        '/api/v1/resources',
        { name: 'Desk 9', resourceTypeId: desk.id, locationId: location.id },
        { status: 201 },
      )
    ).id;
    const laptopId = (
      await api.post<{ id: string }>(
        '/api/v1/resources',
        { name: 'Laptop 3', resourceTypeId: laptop.id, locationId: location.id },
        { status: 201 },
      )
    ).id;
    await api.post(
      '/api/v1/bookings',
      { resourceId: deskId, start: berlin(target.ymd, 10), end: berlin(target.ymd, 11), title: 'Stand-up' },
      { status: 201 },
    );
    await api.post(`/api/v1/resources/${laptopId}/check-out`, {}, { status: 200 });
    await api.post('/api/v1/resources', { name: 'Room 2', resourceTypeId: desk.id, locationId: location.id }, { status: 201 });
  });

  async function openLocationDay() {
    await page.goto('/bookings');
    const calendar = page.locator('.ant-card').filter({ hasText: 'Calendar' });
    await calendar.getByLabel('Whose calendar').click();
    await chooseOption(page, 'Quay office');
    const region = page.getByRole('region', { name: 'Bookings at Quay office' });
    await expect(region.getByText('Times in Europe/Berlin (the location’s time zone)')).toBeVisible();
    await region.getByText('Day', { exact: true }).click();
    for (let i = 0; i < target.days; i++) await region.getByRole('button', { name: 'Next' }).click();
    return region;
  }

  test('the six views show the same booking; the timeline shows the checked-out laptop', async () => {
    const region = await openLocationDay();
    const event = region.locator('.rbc-event, .rbc-agenda-event-cell').filter({ hasText: 'Desk 9 · Stand-up' });
    for (const view of ['Day', 'Work week', 'Week', 'Month', 'Agenda']) {
      await region.getByText(view, { exact: true }).click();
      await expect(event.first(), view).toBeVisible();
      await expectAccessible(page, `location calendar, ${view}`);
    }
    await region.getByText('Timeline', { exact: true }).click();
    await expect(region.getByRole('button', { name: /^Desk 9: .* 10:00 AM – 11:00 AM/ })).toBeVisible();
    await expect(region.getByText(/^Held by /).first()).toBeVisible();
    await region.getByText('List', { exact: true }).click();
    const list = region.getByRole('table');
    await expect(list.getByRole('row', { name: /Desk 9/ })).toContainText('10:00 AM – 11:00 AM');
    await expect(list.getByRole('row', { name: /Laptop 3/ })).toContainText('Held by');
    await expectAccessible(page, 'booking timeline as a list');

    // a booking opens its details, with cancel
    await list.getByRole('button', { name: /10:00 AM – 11:00 AM/ }).click();
    const details = page.getByRole('dialog', { name: 'Desk 9' });
    await expect(details.getByText('Stand-up')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
  });

  test('an empty slot books; a taken one shows the refusal', async () => {
    const region = await openLocationDay();
    const slots = region.locator('.rbc-day-slot .rbc-time-slot');
    // dragging 09:30 – 10:15 runs into the stand-up at 10:00
    await slots.nth(40).scrollIntoViewIfNeeded();
    const from = await slots.nth(38).boundingBox();
    const to = await slots.nth(40).boundingBox();
    if (!from || !to) throw new Error('no time slots on screen');
    await page.mouse.move(from.x + 10, from.y + 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, to.y + to.height - 2, { steps: 8 });
    await page.mouse.up();
    let dialog = page.getByRole('dialog', { name: 'Book this time' });
    await dialog.getByLabel('Resource').click();
    await chooseOption(page, 'Desk 9');
    // several may be chosen: a click beside the list closes it
    await dialog.getByText(/09:30 AM – 10:15 AM/).click();
    await dialog.getByRole('button', { name: 'Book' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Unavailable time slot');
    await dialog.getByRole('button', { name: 'Keep it' }).click();

    // a person clicks the 14:00 row (the events' layer lies over the slots)
    await slots.nth(14 * 4).click({ force: true });
    dialog = page.getByRole('dialog', { name: 'Book this time' });
    await expect(dialog.getByText(/02:00 PM – 02:15 PM/)).toBeVisible();
    await dialog.getByLabel('Resource').click();
    await chooseOption(page, 'Desk 9');
    await dialog.getByText(/02:00 PM – 02:15 PM/).click();
    await dialog.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByText('Desk 9 is booked for you')).toBeVisible();
    await expect(region.locator('.rbc-event')).toHaveCount(2);
  });

  test('a booking moves and resizes by dragging; the policy refuses a taken time and it stays', async () => {
    const region = await openLocationDay();
    const slots = region.locator('.rbc-day-slot .rbc-time-slot');
    await slots.nth(48).scrollIntoViewIfNeeded();
    const y = async (n: number) => (await slots.nth(n).boundingBox())!.y;
    const standUp = region.locator('.rbc-event').filter({ hasText: 'Stand-up' });
    const drag = async (from: { x: number; y: number }, dy: number) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x, from.y + dy / 2, { steps: 5 });
      await page.mouse.move(from.x, from.y + dy, { steps: 5 });
      // the calendar follows the pointer once per frame: let it take the last position
      await page.waitForTimeout(150);
      await page.mouse.up();
    };
    const box = async () => (await standUp.boundingBox())!;

    // 10:00 – 11:00 dragged two hours down: 12:00 – 13:00
    let b = await box();
    await drag({ x: b.x + b.width / 2, y: b.y + 8 }, (await y(48)) - (await y(40)));
    await expect(page.getByText(/^Desk 9 is now booked for you: .*12:00 PM – 01:00 PM$/)).toBeVisible();
    await expect(standUp).toContainText('12:00 PM – 1:00 PM');

    // its lower edge dragged down: it ends later (on the quarter hour the edge snaps to)
    b = await box();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    const edge = (await standUp.locator('.rbc-addons-dnd-resize-ns-anchor').last().boundingBox())!;
    await drag({ x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 }, (await y(54)) - (await y(52)));
    const resized = page.getByText(/^Desk 9 is now booked for you: .*12:00 PM – 01:(15|30|45) PM$/);
    await expect(resized).toBeVisible();
    const end = /01:(\d\d) PM$/.exec((await resized.textContent()) ?? '')![1];
    await expect(standUp).toContainText(`12:00 PM – 1:${end} PM`);

    // onto the 14:00 booking: refused, and it stays where it was
    b = await box();
    await drag({ x: b.x + b.width / 2, y: b.y + 8 }, (await y(56)) - (await y(48)));
    await expect(page.getByText('Unavailable time slot').first()).toBeVisible();
    await expect(standUp).toContainText(`12:00 PM – 1:${end} PM`);

    // without a mouse: its details change the time, typed; the policy's refusal shows in place
    await standUp.click();
    const details = page.getByRole('dialog', { name: 'Desk 9' });
    await details.getByRole('button', { name: 'Change time' }).click();
    const endInput = details.getByLabel('Ends');
    const typed = async (hhmm: string) => {
      const value = await endInput.inputValue();
      await endInput.fill(value.replace(/\d\d:\d\d( [AP]M)?$/, hhmm));
      await endInput.press('Tab');
      await details.getByRole('button', { name: 'Save the new time' }).click();
    };
    await typed('14:30');
    await expect(details.getByRole('alert')).toContainText('Unavailable time slot');
    await typed('13:45');
    await expect(page.getByText(/^Desk 9 is now booked for you: .*12:00 PM – 01:45 PM$/)).toBeVisible();
    await expect(standUp).toContainText('12:00 PM – 1:45 PM');
  });

  test('one meeting books several resources together, or none', async () => {
    const region = await openLocationDay();
    const slots = region.locator('.rbc-day-slot .rbc-time-slot');
    // a drag over the day's slots from one quarter hour to another (the slots under bookings too)
    const pick = async (first: number, last: number) => {
      await slots.nth(last).scrollIntoViewIfNeeded();
      const from = (await slots.nth(first).boundingBox())!;
      const to = (await slots.nth(last).boundingBox())!;
      await page.mouse.move(from.x + 10, from.y + 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 10, to.y + to.height - 2, { steps: 8 });
      await page.mouse.up();
      const dialog = page.getByRole('dialog', { name: 'Book this time' });
      await dialog.getByLabel('Resource').click();
      await chooseOption(page, 'Desk 9');
      await dialog.getByLabel('Resource').click();
      await chooseOption(page, 'Room 2');
      await dialog.getByText(/ – /).first().click();
      await dialog.getByRole('button', { name: 'Book' }).click();
      return dialog;
    };
    // 11:30 – 12:15 runs into the stand-up: refused for Desk 9, and Room 2 is not booked either
    const refused = await pick(11 * 4 + 2, 12 * 4);
    await expect(refused.getByRole('alert')).toContainText('Desk 9: Unavailable time slot');
    await refused.getByRole('button', { name: 'Keep it' }).click();
    await pick(16 * 4, 16 * 4 + 1);
    await expect(page.getByText('Desk 9, Room 2 are booked for you')).toBeVisible();
    await expect(region.locator('.rbc-event').filter({ hasText: '4:00 PM – 4:30 PM' })).toHaveCount(2);
    await expect(region.locator('.rbc-event').filter({ hasText: 'Room 2' })).toHaveCount(1);
  });

  test("a resource's page has its calendar", async () => {
    await page.goto(`/resources/${deskId}`);
    await page.getByRole('button', { name: 'schedule Calendar' }).click();
    const region = page.getByRole('region', { name: 'Bookings of Desk 9' });
    await region.getByText('Agenda', { exact: true }).click();
    await expect(region.getByText('Stand-up')).toBeVisible();
  });

  test("the dashboard's My calendar lists my next booking", async () => {
    await page.goto('/dashboard');
    const widget = page.locator('.dashboard-widget').filter({ has: page.getByRole('heading', { name: 'My calendar' }) });
    const rows = widget.getByRole('list', { name: 'My calendar' });
    await expect(rows.getByRole('listitem').first()).toContainText('Desk 9');
    await expect(rows.getByRole('listitem').first()).toContainText('Stand-up');
    await widget.getByRole('link', { name: 'All bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  });

  test('the feature flag hideBookings hides the Bookings entry', async () => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My calendar' })).toBeVisible();
    // the deployment's flags as the server would answer them with hideBookings set
    await page.route('**/api/v1/admin/features', async (route) => {
      const flags = (await (await route.fetch()).json()) as Record<string, boolean>;
      await route.fulfill({ json: { ...flags, hideBookings: true } });
    });
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Locations' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveCount(0);
    // and the dashboard's My calendar with it
    await expect(
      page
        .getByRole('heading', { name: 'My tasks' })
        .or(page.getByRole('heading', { name: 'Recently changed' }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My calendar' })).toHaveCount(0);
    await page.unroute('**/api/v1/admin/features');
  });

  test('at 390 px my calendar opens on the agenda', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/bookings');
    const region = page.getByRole('region', { name: 'My calendar' });
    await expect(region.getByText(/your profile’s time zone/)).toBeVisible();
    await expect(region.getByText('Desk 9 · Stand-up')).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(page, 'my booking calendar, 390 px');
  });
});
