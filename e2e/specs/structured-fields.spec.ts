import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 21: a location's opening hours and a resource type's attributes are edited on their
// record forms (structured fields with their kind's editor, not only through the API); a refusal
// inside the value (a period closing before it opens) shows on the field.
test('opening hours and attributes are edited on the form; a period that closes before it opens is refused on the field', async ({
  workspace,
}) => {
  const { page } = workspace;
  const api = await signedInApi(page);
  const location = await api.post<{ id: string }>(
    '/api/v1/locations',
    { name: 'Harbour office', timeZone: 'Europe/Berlin' },
    { status: 201 },
  );
  const stored = async () => api.get<{ openingHours: unknown }>(`/api/v1/locations/${location.id}`);

  await page.goto(`/locations/${location.id}`);
  await expect(page.getByRole('heading', { name: 'Harbour office', level: 1 })).toBeVisible();
  await expect(page.getByText('Without opening hours the location is open around the clock.')).toBeVisible();
  // Monday 09:00–12:00 and 13:00–17:00 (a lunch break)
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday 1: closes').fill('12:00');
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday 2: closes').fill('17:00');
  await page.getByRole('button', { name: 'Add hours on Friday' }).click();
  await expectAccessible(page, 'a location form with opening hours');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Location saved').first()).toBeVisible();
  await expect
    .poll(async () => (await stored()).openingHours)
    .toEqual([
      { day: 'mon', open: '09:00', close: '12:00' },
      { day: 'mon', open: '13:00', close: '17:00' },
      { day: 'fri', open: '09:00', close: '17:00' },
    ]);

  // Friday closing at 08:00: the server's rule, shown on the field, nothing stored
  await page.reload();
  await page.getByLabel('Friday 1: closes').fill('08:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Opening hours' }).locator('.ant-form-item-explain-error')).toBeVisible();
  expect((await stored()).openingHours).toContainEqual({ day: 'fri', open: '09:00', close: '17:00' });
  // removing a period
  await page.getByRole('button', { name: 'Remove Friday 09:00–08:00' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => ((await stored()).openingHours as unknown[]).length).toBe(2);

  // a resource type's attributes, typed and added with Enter
  const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' }, { status: 201 });
  await page.goto(`/resource-types/${type.id}`);
  const attributes = page.getByLabel('Attributes');
  await attributes.click();
  await attributes.pressSequentially('monitor');
  await attributes.press('Enter');
  await attributes.pressSequentially('standing desk');
  await attributes.press('Enter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Resource type saved').first()).toBeVisible();
  await expect
    .poll(async () => (await api.get<{ attributes: unknown }>(`/api/v1/resource-types/${type.id}`)).attributes)
    .toEqual(['monitor', 'standing desk']);
});
