import { expect, test } from '@playwright/test';
import { chooseOption, newAccount, signedInWithWorkspace } from '../pages/shell.pages';
import { DateField } from '../pages/new-user.pages';
import { signedInApi } from '../support/signed-in-api';

// 'DD MMM YYYY hh:mm A' (the English dateTime format) of a moment as seen in a time zone
function shownIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

// Issue 26 polish: times in the app use the user's time zone (the profile's), not the browser's;
// plain dates (a close date) are days and stay as they are. The browser is in Los Angeles, the
// profile in Tokyo (16 or 17 hours apart). An account of its own (it changes its profile).
test('a user whose profile is in Tokyo sees Tokyo times in a Los Angeles browser, and plain dates unshifted', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  await signedInWithWorkspace(page, newAccount('Tomoko Zone'));
  const api = await signedInApi(page);
  const deal = await api.post<{ id: string }>(
    '/api/v1/opportunities',
    { name: 'Harbour fit-out', estimatedCloseDate: '2027-03-01' },
    { status: 201 },
  );
  const feed = await api.get<{ data: { createdAt: string }[] }>(
    `/api/v1/core/activity?target=Opportunity&targetId=${deal.id}&type=${encodeURIComponent('All Activity')}&page=1&pageSize=25&sortField=createdAt&sortOrder=desc`,
  );
  const created = feed.data.at(-1)?.createdAt as string;
  expect(shownIn(created, 'Asia/Tokyo')).not.toBe(shownIn(created, 'America/Los_Angeles'));

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.getByLabel('Time zone').click();
  await page.getByLabel('Time zone').fill('Tokyo');
  await chooseOption(page, '(UTC+09:00) Asia/Tokyo');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.goto(`/opportunities/${deal.id}`);
  const activity = page.locator('.activity-item').last();
  await expect(activity).toContainText(shownIn(created, 'Asia/Tokyo'));
  await expect(activity).not.toContainText(shownIn(created, 'America/Los_Angeles'));

  // after a reload too (the profile arrives after the first draw)
  await page.reload();
  await expect(page.locator('.activity-item').last()).toContainText(shownIn(created, 'Asia/Tokyo'));

  // the close date is a day: 01 Mar 2027 wherever one is
  await page.goto('/opportunities?v=');
  const row = page.getByRole('row').filter({ hasText: 'Harbour fit-out' });
  await expect(row).toContainText('01 Mar 2027');

  // a moment is also edited in Tokyo time: 00:30 UTC is 09:30 AM there, and a time typed into
  // the picker is read as Tokyo's
  await api.put('/api/v1/core/entity-fields?entity=Opportunity', {
    fields: [{ kind: 'dateTime', label: 'Kick-off meeting', key: 'kickOffMeeting', dataType: 'dateTime' }],
  });
  const current = await api.get<Record<string, unknown> & { version: number }>(`/api/v1/opportunities/${deal.id}`);
  const patched = await api.patch(`/api/v1/opportunities/${deal.id}`, current.version, [
    { op: 'add', path: '/customFields/kickOffMeeting', value: '2027-03-01T00:30:00Z' },
  ]);
  expect(patched.status).toBe(200);
  await page.goto(`/opportunities/${deal.id}`);
  const meeting = new DateField(page.locator('form').first(), 'Kick-off meeting');
  await expect(meeting.input()).toHaveValue('01 Mar 2027 09:30 AM');
  await meeting.type('2027-03-02 10:00', 'Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Opportunity saved').first()).toBeVisible();
  await expect
    .poll(
      async () => (await api.get<{ customFields: Record<string, string> }>(`/api/v1/opportunities/${deal.id}`)).customFields.kickOffMeeting,
    )
    .toBe('2027-03-02T01:00:00.000Z');
  await context.close();
});
