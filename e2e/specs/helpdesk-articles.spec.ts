import { expect, test, type Page } from '../support/signed-in.fixture';
import { KnowledgeBasePage } from '../pages/helpdesk.pages';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { signedInApi } from '../support/signed-in-api';

// a 2×2 PNG (red), small enough to type here
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

// Issue 23, "rich content with images": an agent writes an article in the rich text editor — a
// heading, a bulleted list and an image uploaded as the article's document — publishes it, and a
// visitor reads it on the portal at 390 px with the heading, the list and the image.
test.describe.serial('helpdesk articles with rich content', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let workspace: string;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    await api.post('/api/v1/helpdesks', { portalSlug: 'help', name: 'Customer support', code: 'HELP', portalEnabled: true });
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('an article with a heading, a list and an image is published and read on the portal', async ({ browser }) => {
    const kb = new KnowledgeBasePage(page);
    await kb.open();
    await kb.create('Setting up the printer', 'Customer support');
    await kb.writeContent({
      heading: 'Before you start',
      items: ['Unpack the toner', 'Open the paper tray'],
      image: { name: 'paper-tray.png', buffer: PNG },
      after: 'Then switch it on.',
    });
    // the saved content comes back sanitized and still shows the image
    await expect(page.getByRole('textbox', { name: 'Content', exact: true }).getByRole('img', { name: 'paper-tray' })).toBeVisible();
    await kb.publish();

    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/help/articles/setting-up-the-printer`);
    await expect(visitor.getByRole('heading', { name: 'Setting up the printer', level: 1 })).toBeVisible();
    const article = visitor.getByRole('article');
    await expect(article.getByRole('heading', { name: 'Before you start', level: 2 })).toBeVisible();
    await expect(article.getByRole('listitem')).toHaveText(['Unpack the toner', 'Open the paper tray']);
    await expect(article.getByText('Then switch it on.')).toBeVisible();
    const image = article.getByRole('img', { name: 'paper-tray' });
    await expect(image).toBeVisible();
    // the image's bytes arrived (its signed address answered)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal article with rich content, 390 px');
    // the knowledge base's search finds it by a word of its list
    await visitor.goto(`/portal/${workspace}/help`);
    await visitor.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('toner');
    await visitor.getByRole('searchbox', { name: 'Search the knowledge base' }).press('Enter');
    await expect(visitor.getByRole('link', { name: 'Setting up the printer' })).toBeVisible();
    await visitor.context().close();
  });

  // the rich text editor reported its empty content as a change when it opened, so an article
  // nobody had touched offered "Discard changes" and asked "Leave this page?" on every link
  test('an article opened and left untouched asks nothing on the way out', async () => {
    const kb = new KnowledgeBasePage(page);
    await kb.open();
    await kb.create('Opening hours', 'Customer support');
    await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
  });
});
