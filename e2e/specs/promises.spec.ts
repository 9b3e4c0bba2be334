import { expect, test } from '../support/signed-in.fixture';

// Issue 26, item 14: what Atrium promises is what a fresh clone has. The modules below are not
// built yet: the landing page and a new workspace's dashboard must not name them. Remove a word
// when its module lands (its issue adds its landing card and dashboard text). Booking, the
// helpdesk and campaigns have landed (issues 22–24): a dashboard may show their widgets and
// records — in the browser suite another test's booking or request on the shared workspace did.
const NOT_YET = /\b(signage|screens?|quotations?|orders?)\b/i;

test('the landing page promises only what Atrium does today, in English and German', async ({ browser }) => {
  for (const locale of ['en-US', 'de-DE']) {
    const context = await browser.newContext({ locale, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto('/');
    const features = page.getByRole('region', { name: locale === 'en-US' ? 'What Atrium does' : 'Was Atrium kann' });
    await expect(features.getByRole('heading', { level: 2 })).toHaveCount(5);
    const text = await page.locator('main, body').first().innerText();
    expect(text, locale).not.toMatch(NOT_YET);
    await context.close();
  }
});

test('a new workspace’s dashboard promises nothing that is not there', async ({ workspace }) => {
  const { page } = workspace;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Welcome/).first()).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(NOT_YET);
});
