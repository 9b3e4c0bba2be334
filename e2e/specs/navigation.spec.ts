import { newAccount, signIn, signedInWithWorkspace } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';

// Issue 26 item 13: navigation for a product of many modules — each module a group of its own
// that folds (and stays folded), Settings one page with its own sections, reached from the foot
// of the navigation and from the user menu; on a phone the same groups live in the drawer.
test('modules fold in the navigation, and Settings is one page with its own sections', async ({ workspace }) => {
  const { page } = workspace;
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  const customers = nav.getByRole('menuitem', { name: 'Customers' });
  await expect(customers).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
  // no settings entries among the modules: one Settings at the foot
  await expect(nav.getByRole('link', { name: 'Roles and permissions' })).toHaveCount(0);

  await customers.click();
  await expect(customers).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Customers' })).toHaveAttribute('aria-expanded', 'false');
  await nav.getByRole('menuitem', { name: 'Customers' }).click();
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();

  // the foot of the navigation opens the settings page on its first section
  await nav.getByRole('link', { name: 'Settings' }).click();
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
  await expect(sections.locator('.ant-menu-item-group-title')).toHaveText([
    'Workspace',
    'Users and roles',
    'Templates and notifications',
    'Customers',
    'Work',
    'Workplace',
    'Helpdesks',
  ]);
  await sections.getByRole('link', { name: 'Roles and permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
  await expect(sections.getByRole('menuitem', { name: 'Roles and permissions' })).toHaveClass(/ant-menu-item-selected/);
  await sections.getByRole('link', { name: 'Opportunities' }).click();
  await expect(page).toHaveURL(/\/settings\/opportunities/);

  // the user menu leads there too
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').filter({ hasText: 'Sign out' }).getByRole('menuitem', { name: 'Settings' }).click();
  await expect(sections).toBeVisible();
});

test('at 390 px the drawer has the module groups and Settings; the settings page lists its sections first', async ({ workspace }) => {
  const { page } = workspace;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Navigation menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByRole('menuitem', { name: 'Work', exact: true })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await nav.getByRole('link', { name: 'Settings' }).click();
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await sections.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(sections).toHaveCount(0);
  await page.getByRole('link', { name: 'All settings' }).click();
  await expect(sections.getByRole('link', { name: 'Users' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});

// Issue 26 polish: the workspace address works as a URL, a name with umlauts spells them out,
// and someone with one workspace lands in it.
test('a workspace address opens that workspace; “Müller & Söhne” makes the address mueller-soehne', async ({ workspace, signedIn }) => {
  const { page } = workspace;
  const other = await signedIn.workspace();
  await other.context.close();
  await page.goto(`/w/${other.name.toLowerCase().replace(/\s+/g, '-')}`);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await expect(page.getByRole('button', { name: `Workspace: ${other.name}` })).toBeVisible();

  await page.goto('/workspaces/new');
  await page.getByLabel('Workspace name').fill('Müller & Söhne');
  await expect(page.getByLabel('Address')).toHaveValue('mueller-soehne');
  await expect(page.getByText(/\/w\/$/)).toBeVisible();
});

test('someone with one workspace lands in it after signing in', async ({ browser }) => {
  const account = newAccount('Solo Owner');
  const first = await (await browser.newContext()).newPage();
  const { name } = await signedInWithWorkspace(first, account);
  await first.context().close();
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await expect(page.getByRole('button', { name: `Workspace: ${name}` })).toBeVisible();
  await page.context().close();
});

// Issue 26 polish: the identity provider's and the mailbox's pages carry Atrium's icon too.
test('the sign-in page and the local mailbox show the favicon', async ({ page }) => {
  for (const path of ['/auth/signin?returnTo=%2Fworkspaces', '/mailbox']) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, path).toBe('/favicon.svg');
    const icon = await page.request.get(href ?? '');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('svg');
  }
});

// Issue 26 polish: the pages outside a workspace say who is signed in and offer the way out.
test('choosing and creating a workspace show who is signed in, with Sign out', async ({ workspace, signedIn }) => {
  const { page } = workspace;
  for (const path of ['/workspaces', '/workspaces/new']) {
    await page.goto(path);
    const header = page.locator('header');
    await expect(header.getByText(signedIn.account.name)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  }
});
