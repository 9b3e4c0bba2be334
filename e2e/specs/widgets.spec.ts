import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE } from '../pages/site-map.pages';
import { signedInApi } from '../support/signed-in-api';

// Issues 22 and 23, the widgets (decision 098): an admin finds the Embed code of a booking page
// and of a helpdesk on their record pages, copies it and sees the live preview; a plain page of
// another site (served by the test from another origin) carries both script tags — the booking
// widget grows to its page's height and books a slot through the iframe (the captcha solved in
// it), the helpdesk widget finds an article; a height message from anything but its own iframe
// is ignored, and the app itself refuses to be framed.
test.describe.serial('widgets', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let workspace: string;
  let bookingPageId: string;
  let helpdeskId: string;

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Dock office', timeZone: 'Europe/Berlin' });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Room', bookableMode: 'Bookable' });
    await api.post('/api/v1/resources', { name: 'Room Tide', resourceTypeId: type.id, locationId: location.id });
    bookingPageId = (
      await api.post<{ id: string }>('/api/v1/booking-pages', {
        name: 'Meeting rooms',
        slug: 'meeting-rooms',
        locationId: location.id,
        policy: { fixedDurationMinutes: 60, incrementMinutes: 60 },
        externalVisibility: 'Anon',
        portalEnabled: true,
      })
    ).id;
    helpdeskId = (
      await api.post<{ id: string }>('/api/v1/helpdesks', {
        portalSlug: 'support',
        name: 'Dock support',
        code: 'DOCK',
        senderAddress: 'support@example.com',
        portalEnabled: true,
      })
    ).id;
    const article = await api.post<{ id: string }>('/api/v1/articles', {
      title: 'Connecting to the guest network',
      helpdeskId,
      content: '<p>Pick the guest network and accept the terms.</p>',
    });
    await api.post(`/api/v1/articles/${article.id}/publish`, {});
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('a booking page and a helpdesk on the portal show their Embed code, with Copy and a live preview', async ({ baseURL }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/booking-pages/${bookingPageId}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed on your website' });
    const code = dialog.getByLabel('Embed code');
    await expect(code).toHaveValue(
      `<script src="${baseURL}/widget.js" data-atrium-widget="BookingWidget" data-workspace="${workspace}" data-page="meeting-rooms" async></script>`,
    );
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Embed code copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('data-atrium-widget="BookingWidget"');
    // the preview runs the snippet: the portal page in its iframe
    await expect(dialog.frameLocator('iframe[data-atrium-frame]').getByRole('heading', { name: 'Meeting rooms', level: 1 })).toBeVisible();
    await expectAccessible(page, 'embed dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto(`/helpdesks/${helpdeskId}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    await expect(page.getByRole('dialog').getByLabel('Embed code')).toHaveValue(
      /data-atrium-widget="HelpdeskWidget" data-workspace="[^"]+" data-helpdesk="support"/,
    );
    await expect(page.getByRole('dialog').frameLocator('iframe').getByRole('heading', { name: 'Dock support', level: 1 })).toBeVisible();
  });

  test('another site embeds both widgets: the booking widget fits its page and books a slot, the helpdesk widget finds an article', async ({
    browser,
    baseURL,
  }) => {
    const visitor = await (await browser.newContext()).newPage();
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dock shop</title></head>
<body style="font-family: serif; background: #fdf6e3; max-width: 900px; margin: 0 auto">
<h1>Dock shop</h1><p>Book a room with us:</p>
<script src="${baseURL}/widget.js" data-atrium-widget="BookingWidget" data-workspace="${workspace}" data-page="meeting-rooms" async></script>
<h2>Questions?</h2>
<script src="${baseURL}/widget.js" data-atrium-widget="HelpdeskWidget" data-workspace="${workspace}" data-helpdesk="support" async></script>
<iframe name="app" title="The app" src="${baseURL}/portal/${workspace}/book/meeting-rooms"></iframe>
<footer>Dock shop, Harbour Road 1</footer></body></html>`;
    // another site: its own origin (localhost on a port of its own; the app is 127.0.0.1), served
    // by a server of the test's — a page on a public origin would meet Chromium's local-network checks
    const shop = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    try {
      await visitor.goto(`http://localhost:${port}/rooms`);
      await expect(visitor.getByRole('heading', { name: 'Dock shop', level: 1 })).toBeVisible();

      const bookingFrame = visitor.locator('iframe[data-atrium-frame]').first();
      const helpFrame = visitor.locator('iframe[data-atrium-frame]').nth(1);
      const booking = visitor.frameLocator('iframe[data-atrium-frame] >> nth=0');
      const help = visitor.frameLocator('iframe[data-atrium-frame] >> nth=1');
      await expect(booking.getByRole('heading', { name: 'Meeting rooms', level: 1 })).toBeVisible();
      await expect(help.getByRole('heading', { name: 'Dock support', level: 1 })).toBeVisible();

      // the iframe is as tall as the page in it: no scrolling inside, no gap below
      const fits = async (frame: typeof bookingFrame) => {
        const outer = Math.round((await frame.boundingBox())?.height ?? 0);
        const inner = await frame
          .contentFrame()
          .locator('#root')
          .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
        return Math.abs(outer - inner) <= 1 && inner > 100;
      };
      await expect.poll(() => fits(bookingFrame)).toBe(true);
      await expect.poll(() => fits(helpFrame)).toBe(true);
      // resized from the script's first guess (320 px) to the booking page's height: taller with
      // the day's free times, shorter late in the evening when none are left today
      expect(Math.round((await bookingFrame.boundingBox())?.height ?? 0)).not.toBe(320);

      // a height message from the page itself, or from Atrium's other iframe, is not the booking
      // widget's: it keeps its height
      const before = (await bookingFrame.boundingBox())?.height;
      const frameId = await bookingFrame.getAttribute('data-atrium-frame');
      await visitor.evaluate((frame) => window.postMessage({ type: 'atrium:widget-height', frame, height: 7 }, '*'), frameId);
      await help
        .locator('body')
        .evaluate((_body, frame) => window.parent.postMessage({ type: 'atrium:widget-height', frame, height: 9 }, '*'), frameId);
      await visitor.waitForTimeout(500);
      expect((await bookingFrame.boundingBox())?.height).toBe(before);

      // the app's pages, the portal's included outside the widget, refuse to be framed
      await expect.poll(() => visitor.frame({ name: 'app' })?.url()).toMatch(/^chrome-error:/);

      // booking through the widget: a day ahead, the first free hour, the captcha solved in the frame
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await booking.getByLabel('Day').fill(day);
      const times = booking.getByRole('list', { name: 'Free times' });
      await times.getByRole('button').first().click();
      await booking.getByLabel('Name').fill('Wanda Widget');
      await booking.getByLabel('E-mail').fill(`wanda-${Date.now()}@example.com`);
      await expect.poll(() => fits(bookingFrame)).toBe(true);
      await booking.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(booking.getByText('Your booking is confirmed')).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => fits(bookingFrame)).toBe(true);

      // the helpdesk widget: search the knowledge base and open the article, still embedded
      await help.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('guest network');
      await help.getByRole('searchbox', { name: 'Search the knowledge base' }).press('Enter');
      // the hit, with the words marked (the latest articles' list, which names it too, is gone)
      await expect(help.locator('mark').first()).toBeVisible();
      await help.getByRole('link', { name: 'Connecting to the guest network' }).click();
      await expect(help.getByRole('heading', { name: 'Connecting to the guest network', level: 1 })).toBeVisible();
      expect(
        await helpFrame
          .contentFrame()
          .locator('body')
          .evaluate(() => window.location.search),
      ).toMatch(/embed=1&frame=atrium-/);
      await expect.poll(() => fits(helpFrame)).toBe(true);
      await expect(visitor.getByText('Dock shop, Harbour Road 1')).toBeVisible();
    } finally {
      await visitor.context().close();
      await new Promise((resolve) => shop.close(resolve));
    }
  });

  test('on a phone, the booking widget fits the width of the site and its own height', async ({ browser, baseURL }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dock shop</title></head>
<body style="margin: 0 12px"><h1>Dock shop</h1>
<script src="${baseURL}/widget.js" data-atrium-widget="BookingWidget" data-workspace="${workspace}" data-page="meeting-rooms" data-title="Book a room" async></script>
</body></html>`;
    const shop = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      await visitor.goto(`http://localhost:${(shop.address() as AddressInfo).port}/`);
      const frame = visitor.frameLocator('iframe[title="Book a room"]');
      await expect(frame.getByRole('list', { name: 'Free times' }).or(frame.getByText(/Nothing is free on this day/))).toBeVisible();
      const overflow = await frame.locator('html').evaluate((html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth }));
      expect(overflow.scrollWidth).toBe(overflow.clientWidth);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      const box = await visitor.locator('iframe[title="Book a room"]').boundingBox();
      expect(box?.width).toBe(PHONE.width - 24);
      await expect
        .poll(async () => frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height)))
        .toBe(Math.round((await visitor.locator('iframe[title="Book a room"]').boundingBox())?.height ?? 0));
    } finally {
      await visitor.context().close();
      await new Promise((resolve) => shop.close(resolve));
    }
  });
  test('Settings › Widgets: the codes to copy, the sites that may embed and the theme; a site not listed is refused', async ({
    browser,
  }) => {
    const shopHtml = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
<script src="${new URL(page.url()).origin}/widget.js" data-atrium-widget="BookingWidget" data-workspace="${workspace}" data-page="meeting-rooms" async></script>
</body></html>`;
    const serve = async (title: string) => {
      const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopHtml(title)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
    };
    const allowed = await serve('Allowed shop');
    const other = await serve('Other shop');
    const visitor = await (await browser.newContext()).newPage();
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/settings/widgets');
      await expect(page.getByRole('heading', { name: 'Widgets', level: 1 })).toBeVisible();
      // the embed codes of the booking page and the helpdesk, each with Copy
      await expect(page.getByRole('textbox', { name: 'Booking page Meeting rooms' })).toHaveValue(
        /data-atrium-widget="BookingWidget"[^>]*data-page="meeting-rooms"/,
      );
      await expect(page.getByRole('textbox', { name: 'Helpdesk Dock support' })).toHaveValue(
        /data-atrium-widget="HelpdeskWidget"[^>]*data-helpdesk="support"/,
      );
      await page.getByRole('button', { name: 'Copy: Helpdesk Dock support' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('data-helpdesk="support"');
      await expect(page.getByText('Any site may embed the widgets.')).toBeVisible();

      // a bad site is refused naming it, then the shop's own origin and a theme are saved
      await page.getByRole('button', { name: 'Add site' }).click();
      await page.getByRole('textbox', { name: 'Site 1', exact: true }).fill('www.example.com/shop');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/Enter a site as scheme and host/)).toBeVisible();
      await page.getByRole('textbox', { name: 'Site 1', exact: true }).fill(allowed.origin);
      await page.getByLabel('Primary colour').fill('#0b7a75');
      // the preview shows the theme before it is saved
      await expect(page.getByTestId('widget-theme-preview').getByRole('button', { name: 'Book' })).toHaveCSS(
        'background-color',
        'rgb(11, 122, 117)',
      );
      await page.getByRole('radio', { name: 'Dark' }).check();
      await page.getByLabel('Primary colour').press('Enter');
      await expect(page.getByText('Widget settings saved')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Site 1', exact: true })).toHaveValue(allowed.origin);
      await expect(page.getByLabel('Primary colour')).toHaveValue('#0b7a75');
      await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
      await expectAccessible(page, 'widget settings');
      // at 390 px the page keeps to the width of the screen
      await page.setViewportSize(PHONE);
      await expect(page.getByRole('textbox', { name: 'Site 1', exact: true })).toBeVisible();
      // the layout follows the new width a render later (the settings' sections leave the side)
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // the listed site frames the widget, in the workspace's dark theme
      await visitor.goto(`${allowed.origin}/`);
      const booking = visitor.frameLocator('iframe[data-atrium-frame]');
      await expect(booking.getByRole('heading', { name: 'Meeting rooms', level: 1 })).toBeVisible();
      await expect(booking.locator('html')).toHaveClass(/atrium-dark/);
      // another site is refused by the browser: its iframe stays empty
      await visitor.goto(`${other.origin}/`);
      await expect(visitor.getByRole('heading', { name: 'Other shop', level: 1 })).toBeVisible();
      await expect
        .poll(async () => (await visitor.locator('iframe[data-atrium-frame]').elementHandle())?.contentFrame().then((f) => f?.url()))
        .toMatch(/^chrome-error:/);
      await expect(visitor.frameLocator('iframe[data-atrium-frame]').getByRole('heading', { name: 'Meeting rooms' })).toHaveCount(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await visitor.context().close();
      await new Promise((resolve) => allowed.server.close(resolve));
      await new Promise((resolve) => other.server.close(resolve));
    }
  });
});
