import { expect, test, type Page } from '../support/signed-in.fixture';
import { ContactsListPage } from '../pages/contacts.pages';
import { expectAccessible, expectNamedIconButtons } from '../pages/shell.pages';
import {
  DESKTOP,
  PHONE,
  PUBLIC_PAGES,
  everySignedInPage,
  horizontalOverflow,
  openSettled,
  visitSettled,
  type SitePage,
} from '../pages/site-map.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 12, defects 6 and 15: every page that exists works at 390 px (no sideways scrolling,
// axe clean) and passes axe on a desktop too.
test.describe.serial('every page', () => {
  test.describe.configure({ timeout: 300_000 });
  let page: Page;
  let pages: SitePage[] = [];
  let contactId = '';

  test.beforeAll(async ({ signedIn }) => {
    ({ page } = await signedIn.workspace({ viewport: DESKTOP }));
    contactId = (await (await signedInApi(page)).createContact({ firstName: 'Maximiliane', lastName: 'Schwarzenberg-Lichtenstein' })).id;
    pages = await everySignedInPage(page);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the page list covers the app: dashboard, every entity list and record, settings, profile', () => {
    const paths = pages.map((p) => p.path);
    for (const expected of [
      '/dashboard',
      '/contacts',
      '/organizations',
      '/settings/users',
      '/settings/roles',
      '/settings/contacts',
      '/profile',
    ])
      expect(paths).toContain(expected);
    expect(paths.some((p) => /^\/contacts\/[0-9a-f-]{36}$/.test(p))).toBe(true);
  });

  // On a desktop the walk goes from page to page inside the app, as its menus do; at 390 px
  // each page is loaded afresh, as from a link shared to a phone. Each page is thus both
  // reached in the app and loaded on its own; the desktop walk navigates in a quarter of the time.
  test('on a desktop, every page passes axe and names its icon buttons', async () => {
    await page.setViewportSize(DESKTOP);
    for (const p of pages) {
      await visitSettled(page, p.path);
      await expectAccessible(page, `${p.label} (${p.path}), desktop`);
      await expectNamedIconButtons(page, `${p.label} (${p.path}), desktop`);
      // an untouched form has nothing to discard: a field that reports its value as it opens
      // makes the page ask "Leave this page?" on every way out (an article's rich text did)
      expect(
        await page.getByRole('button', { name: 'Discard changes', disabled: false }).count(),
        `${p.label} (${p.path}) opens changed`,
      ).toBe(0);
    }
  });

  test('at 390 px, every signed-in page fits the width and passes axe', async () => {
    await page.setViewportSize(PHONE);
    for (const p of pages) {
      await openSettled(page, p.path);
      expect(await horizontalOverflow(page), `${p.label} (${p.path}) at 390 px`).toEqual({ scrollWidth: 390, innerWidth: 390 });
      await expectAccessible(page, `${p.label} (${p.path}), 390 px`);
    }
  });

  test('at 390 px, every public page fits the width and passes axe', async ({ browser }) => {
    const anonymous = await (await browser.newContext({ viewport: PHONE })).newPage();
    for (const p of PUBLIC_PAGES) {
      await anonymous.goto(p.path);
      await expect(anonymous.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await horizontalOverflow(anonymous), `${p.label} (${p.path}) at 390 px`).toEqual({ scrollWidth: 390, innerWidth: 390 });
      await expectAccessible(anonymous, `${p.label} (${p.path}), 390 px`);
    }
    await anonymous.context().close();
  });

  test('at 390 px, the menu toggle is named, leaves the title alone and the navigation slides over the content', async () => {
    await page.setViewportSize(PHONE);
    await openSettled(page, `/contacts/${contactId}`);
    const toggle = page.getByRole('button', { name: 'Navigation menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const title = page.getByRole('heading', { level: 1 });
    const [t, h] = [await toggle.boundingBox(), await title.boundingBox()];
    expect(t && h, 'toggle and title are on screen').toBeTruthy();
    if (t && h) {
      const overlap = t.x < h.x + h.width && h.x < t.x + t.width && t.y < h.y + h.height && h.y < t.y + t.height;
      expect(overlap, 'the menu toggle covers the title').toBe(false);
    }
    const content = page.locator('#main-content');
    const before = (await content.boundingBox())?.width ?? 0;
    expect(before).toBeGreaterThan(350);

    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Modules' });
    await expect(nav.getByRole('link', { name: 'Contacts' }).first()).toBeInViewport();
    // over the content, not beside it: the content keeps its width
    expect((await content.boundingBox())?.width ?? 0).toBe(before);
    await expectAccessible(page, 'navigation open at 390 px');
    await nav.getByRole('link', { name: 'Organizations' }).first().click();
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contacts' }).first()).not.toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('at 390 px, the account menu and the workspace switcher are in reach', async () => {
    await page.setViewportSize(PHONE);
    await openSettled(page, '/dashboard');
    const account = page.getByRole('button', { name: /Account menu/ });
    await expect(account).toBeInViewport({ ratio: 1 });
    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    const switcher = page.getByRole('button', { name: /^Workspace: / });
    await expect(switcher).toBeInViewport({ ratio: 1 });
    await switcher.click();
    await expect(page.getByRole('menuitem', { name: 'All workspaces' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');

    // a long list scrolls inside its card, not the page
    await new ContactsListPage(page).open();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
  });

  test('a user who asks for less motion gets none; otherwise buttons and dialogs animate', async () => {
    await page.setViewportSize(DESKTOP);
    await openSettled(page, '/contacts');
    const button = page.getByRole('button', { name: 'New contact' });
    const transition = () => button.evaluate((el) => getComputedStyle(el).transitionDuration);
    const none = /^0s(, 0s)*$/;
    // the browsers of this suite ask for reduced motion (playwright.config.ts)
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await expect.poll(transition).toMatch(none);
    // the setting changes while the page is open: the app follows without a reload
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(transition).not.toMatch(none);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(transition).toMatch(none);
  });
});
