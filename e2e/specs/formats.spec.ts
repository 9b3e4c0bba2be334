import { expect, test } from '@playwright/test';
import { newAccount, signedInWithWorkspace } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 26, item 11: one way to write money and numbers, from the user's language and the
// workspace's currency — the list showed $23,450.75 (the browser's locale) while the board showed
// 23.450,75 $. A German user sees 23.450,75 € in both. An account of its own (it changes its language).
test('a German user sees the same German amount in the list and on the board', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signedInWithWorkspace(page, newAccount('Moritz Money'));
  const me = await signedInApi(page, null);
  const profile = await me.get<{ name: string; timeZone: string }>('/api/v1/core/profile');
  await me.put('/api/v1/core/profile', { name: profile.name, timeZone: profile.timeZone, culture: 'de-DE' });
  const api = await signedInApi(page);
  await api.post('/api/v1/opportunities', { name: 'Hafenhaus Umbau', expectedValue: 23450.75 }, { status: 201 });

  await page.goto('/opportunities?v=');
  await expect(page.getByRole('heading', { name: 'Verkaufschancen', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Hafenhaus Umbau' });
  await expect(row).toContainText('23.450,75 €');
  // German names the board Kanban-Board (it said Tafel)
  await page.getByRole('radiogroup', { name: 'Anzeigen als' }).getByText('Kanban-Board').click();
  const board = page.getByRole('list').filter({ hasText: 'Hafenhaus Umbau' }).first();
  await expect(board).toContainText('23.450,75 €');
  await context.close();
});
