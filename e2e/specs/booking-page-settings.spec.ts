import { expect, test, type Page } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { floorWithResource } from '../pages/floor-maps.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, a booking page's own time slots and maps (decision 093 round six): an admin sets a
// window on the page's Time slots tab (a window ending before it starts is refused and named),
// and the portal then offers only times inside it; the Maps tab chooses the floors the portal
// shows.
test.describe.serial("a booking page's time slots and maps", () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let workspace: string;
  let pageId: string;
  // three days ahead (UTC, the location's zone), so each hour of it is still to come
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Quay office', timeZone: 'UTC' });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' });
    const desk = await api.post<{ id: string }>('/api/v1/resources', {
      name: 'Quay desk',
      resourceTypeId: type.id,
      locationId: location.id,
    });
    await floorWithResource(page, api, tenantId, { locationId: location.id, resourceId: desk.id });
    pageId = (
      await api.post<{ id: string }>('/api/v1/booking-pages', {
        name: 'Quay desks',
        locationId: location.id,
        items: { resourceTypeIds: [type.id] },
        policy: { fixedDurationMinutes: 60, incrementMinutes: 60 },
        externalVisibility: 'Anon',
        portalEnabled: true,
      })
    ).id;
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('an admin sets a time slot window on the page; a wrong one is refused and named', async () => {
    await page.goto(`/booking-pages/${pageId}`);
    await page.getByRole('tab', { name: 'Time slots' }).click();
    await expect(page.getByText('No time slots: bookings through this page may fall at any time the policy allows.')).toBeVisible();
    // by keyboard: the day's add button, then the window's times
    const add = page.getByRole('button', { name: `Add a time slot on ${weekday}` });
    await add.focus();
    await page.keyboard.press('Enter');
    const until = page.getByLabel(`${weekday} 1: until`);
    await expect(page.getByLabel(`${weekday} 1: from`)).toHaveValue('09:00');
    await until.fill('08:00');
    await page.getByRole('button', { name: 'Save time slots' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The time slots were not saved' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`${weekday} 09:00–08:00`);
    await until.fill('12:00');
    await page.getByRole('button', { name: 'Save time slots' }).click();
    await expect(page.getByText('Time slots saved')).toBeVisible();
    await expect(refusal).toBeHidden();
    await expectAccessible(page, 'booking page time slots');
    // at 390 px the days wrap, nothing runs off the side
    await page.setViewportSize(PHONE);
    // the layout follows the new width a render later
    await expect.poll(() => horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the portal offers only times inside the window', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/book/quay-desks`);
    await expect(visitor.getByRole('heading', { name: 'Quay desks', level: 1 })).toBeVisible();
    await expect(visitor.getByText(/^Bookable: .* 09:00–12:00$/)).toBeVisible();
    await visitor.getByLabel('Day').fill(day);
    const times = visitor.getByRole('list', { name: 'Free times' }).getByRole('button');
    await expect(times).toHaveCount(3);
    await expect(times.first()).toContainText('09:00');
    await expect(times.last()).toContainText('11:00');
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await visitor.context().close();
  });

  test('the Maps tab chooses the floors the portal shows', async () => {
    await page.goto(`/booking-pages/${pageId}`);
    await page.getByRole('tab', { name: 'Maps' }).click();
    const floor = page.getByRole('checkbox', { name: 'Ground floor (G)' });
    await expect(floor).not.toBeChecked();
    await floor.check();
    await page.getByRole('button', { name: 'Save maps' }).click();
    await expect(page.getByText('Maps saved')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Maps' }).click();
    await expect(page.getByRole('checkbox', { name: 'Ground floor (G)' })).toBeChecked();
    await expectAccessible(page, 'booking page maps');
  });

  test('the portal shows the chosen floor; a free place is chosen by keyboard and its times are offered', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/book/quay-desks`);
    await visitor.getByLabel('Day', { exact: true }).fill(day);
    const floor = visitor.getByRole('group', { name: 'Ground floor (G)' });
    await expect(floor).toBeVisible();
    const place = floor.getByRole('button', { name: 'Quay desk: free on this day' });
    await expect(place).toBeVisible();
    await place.focus();
    await visitor.keyboard.press('Enter');
    await expect(place).toHaveAttribute('aria-pressed', 'true');
    // the place chosen is what is booked
    await expect(visitor.getByText('Quay desk (Desk)', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Free times' }).getByRole('button')).toHaveCount(3);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'booking portal with its floor map, 390 px');
    await visitor.context().close();
  });
});
