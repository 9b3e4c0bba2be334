import type { Page } from '@playwright/test';
import { chooseOption } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, "the six calendar views render the same bookings" (decision 093 round nine): three
// bookings of two resources on one working day — day, work week, week, month, agenda and the
// timeline (and its list) of the location's calendar each show all three, each once, at the same
// times in the location's zone.
const ZONE = 'Europe/Berlin';

// the working day after tomorrow or later in Berlin, and how many days ahead it is
function nextWorkday(): { ymd: string; days: number } {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
  for (let days = 2; ; days++) {
    const parts = Object.fromEntries(fmt.formatToParts(new Date(Date.now() + days * 86_400_000)).map((p) => [p.type, p.value]));
    if (parts.weekday !== 'Sat' && parts.weekday !== 'Sun') return { ymd: `${parts.year}-${parts.month}-${parts.day}`, days };
  }
}
// a wall time of that day in Berlin as an instant
function berlin(ymd: string, hour: number, minute = 0): string {
  for (const offset of [1, 2]) {
    const d = new Date(`${ymd}T${String(hour - offset).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
    const h = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(d));
    if (h === hour) return d.toISOString();
  }
  throw new Error('no such Berlin hour');
}

// what each view must show: the event's text, and the times the timeline names
const BOOKINGS = [
  { resource: 'Desk 4', title: 'Stand-up', from: [9, 0], to: [10, 0], times: '09:00 AM – 10:00 AM' },
  { resource: 'Room Fleet', title: 'Review', from: [11, 0], to: [12, 0], times: '11:00 AM – 12:00 PM' },
  { resource: 'Desk 4', title: 'Focus', from: [14, 0], to: [15, 30], times: '02:00 PM – 03:30 PM' },
] as const;

test.describe.serial('the six calendar views', () => {
  test.describe.configure({ timeout: 150_000 });
  let page: Page;
  const target = nextWorkday();

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Fleet office', timeZone: ZONE }, { status: 201 });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
    const ids = new Map<string, string>();
    for (const name of ['Desk 4', 'Room Fleet']) {
      const made = await api.post<{ id: string }>(
        '/api/v1/resources',
        { name, resourceTypeId: type.id, locationId: location.id },
        { status: 201 },
      );
      ids.set(name, made.id);
    }
    for (const b of BOOKINGS) {
      await api.post(
        '/api/v1/bookings',
        {
          resourceId: ids.get(b.resource),
          start: berlin(target.ymd, b.from[0], b.from[1]),
          end: berlin(target.ymd, b.to[0], b.to[1]),
          title: b.title,
          invite: false,
        },
        { status: 201 },
      );
    }
  });
  test.afterAll(async () => page?.context().close());

  test('day, work week, week, month, agenda and timeline show the same three bookings', async () => {
    await page.goto('/bookings');
    const calendar = page.locator('.ant-card').filter({ hasText: 'Calendar' });
    await calendar.getByLabel('Whose calendar').click();
    await chooseOption(page, 'Fleet office');
    const region = page.getByRole('region', { name: 'Bookings at Fleet office' });
    await expect(region.getByText('Times in Europe/Berlin (the location’s time zone)')).toBeVisible();
    await region.getByText('Day', { exact: true }).click();
    for (let i = 0; i < target.days; i++) await region.getByRole('button', { name: 'Next' }).click();

    const events = region.locator('.rbc-event, .rbc-agenda-event-cell');
    for (const view of ['Day', 'Work week', 'Week', 'Month', 'Agenda']) {
      await region.getByText(view, { exact: true }).click();
      for (const b of BOOKINGS)
        await expect(events.filter({ hasText: `${b.resource} · ${b.title}` }), `${view}: ${b.title}`).toHaveCount(1);
      await expect(events, view).toHaveCount(BOOKINGS.length);
    }
    // the agenda says when, in the location's zone
    for (const b of BOOKINGS) {
      const row = region.getByRole('row').filter({ hasText: `${b.resource} · ${b.title}` });
      await expect(row).toContainText(b.times.replace(/^0/, '').replace(/– 0/, '– '));
    }

    await region.getByText('Timeline', { exact: true }).click();
    for (const b of BOOKINGS) {
      await expect(region.getByRole('button', { name: new RegExp(`^${b.resource}: .*${b.times}`) }), `Timeline: ${b.title}`).toHaveCount(1);
    }
    await region.getByText('List', { exact: true }).click();
    const list = region.getByRole('table');
    for (const b of BOOKINGS) {
      await expect(list.getByRole('button', { name: new RegExp(b.times) }), `List: ${b.title}`).toHaveCount(1);
    }
  });
});
