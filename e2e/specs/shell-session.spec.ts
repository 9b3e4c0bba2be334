import { expect, test, type Page, type Route } from '@playwright/test';
import { AppShell, LeaveGuardDialog, UsersPage, expectAccessible, newAccount, signIn, signedInWithWorkspace } from '../pages/shell.pages';

type SessionBody = { user: { id: string } | null; accessToken: string | null; accessTokenExpires: number | null; error: string | null };

// Counts /auth/session calls and lets a test rewrite the first answers.
// Interceptions end by turning into pass-throughs rather than by `unrouteAll`, which can hang
// while the page is between documents (microsoft/playwright#38674) and did so once in CI.
async function interceptSession(page: Page, rewrite: (call: number, real: SessionBody) => SessionBody | null) {
  const calls = { count: 0, active: true, stop: () => void (calls.active = false) };
  await page.route('**/auth/session', async (route: Route) => {
    if (!calls.active) return route.fallback();
    calls.count += 1;
    try {
      const response = await route.fetch();
      const real = (await response.json()) as SessionBody;
      const body = rewrite(calls.count, real) ?? real;
      await route.fulfill({ response, json: body });
    } catch {
      // the page navigated away (a sign-in redirect) while this call was open
    }
  });
  return calls;
}

test.describe.serial('session and shell behaviour', () => {
  const account = newAccount('Sam Session');
  let page: Page;
  let workspace: { tenantId: string; name: string };

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    page = await context.newPage();
    workspace = await signedInWithWorkspace(page, account);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('an expired access token with several calls in flight refreshes the session once', async () => {
    const calls = await interceptSession(page, (n, real) => (n === 1 ? { ...real, accessTokenExpires: Date.now() - 60_000 } : null));
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/') && !r.url().includes('/captions')) statuses.push(r.status());
    });
    await page.goto('/dashboard');
    await new AppShell(page).expectWorkspace(workspace.name);
    // a widget's answer: the calls in flight went through
    await expect(page.getByText('You own no open opportunities')).toBeVisible();
    expect(calls.count).toBe(2);
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((s) => s < 400)).toBe(true);
    calls.stop();
  });

  test('calls refused with 401 wait for one session refresh and are all retried', async () => {
    const calls = await interceptSession(page, (n, real) => (n === 1 ? { ...real, accessToken: 'stale-token' } : null));
    const refused: string[] = [];
    const succeeded = new Set<string>();
    await page.route('**/api/v1/**', async (route) => {
      if (!calls.active) return route.fallback();
      if (route.request().headers().authorization === 'Bearer stale-token') {
        refused.push(route.request().url());
        return route.fulfill({
          status: 401,
          contentType: 'application/problem+json',
          json: { status: 401, code: 'unauthorized', title: 'Unauthorized', type: 'about:blank' },
        });
      }
      const response = await route.fetch();
      if (response.ok()) succeeded.add(new URL(route.request().url()).pathname);
      return route.fulfill({ response });
    });
    await page.goto('/dashboard');
    // a widget's answer: the calls in flight went through
    await expect(page.getByText('You own no open opportunities')).toBeVisible();
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(calls.count).toBe(2);
    for (const url of refused) expect(succeeded.has(new URL(url).pathname)).toBe(true);
    calls.stop();
  });

  test('a failed refresh sends the user to sign in and back to the same address', async () => {
    const calls = await interceptSession(page, (n, real) =>
      n === 1
        ? { ...real, accessTokenExpires: Date.now() - 60_000 }
        : n === 2
          ? { user: null, accessToken: null, accessTokenExpires: null, error: 'RefreshAccessTokenError' }
          : null,
    );
    await page.goto('/settings/users?search=x');
    // the identity provider may still know the browser and skip its form
    await page.waitForURL((u) => u.pathname.startsWith('/idp') || u.pathname === '/settings/users');
    if (new URL(page.url()).pathname.startsWith('/idp')) {
      await page.getByLabel('E-mail').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.waitForURL((u) => u.pathname === '/settings/users' && u.search === '?search=x');
    calls.stop();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('the leave-page guard asks before leaving a dirty form: Cancel stays, OK leaves', async () => {
    await page.goto('/workspaces');
    // a client-side navigation, so that Back stays inside the app
    await page.getByRole('link', { name: 'Create workspace' }).click();
    await page.getByLabel('Workspace name').fill('Half-typed name');
    const guard = new LeaveGuardDialog(page);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(guard.dialog()).toBeVisible();
    await expectAccessible(page, 'leave-page guard');
    await guard.stay();
    expect(new URL(page.url()).pathname).toBe('/workspaces/new');
    await expect(page.getByLabel('Workspace name')).toHaveValue('Half-typed name');

    await page.goBack();
    await expect(guard.dialog()).toBeVisible();
    await guard.stay();
    expect(new URL(page.url()).pathname).toBe('/workspaces/new');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await guard.leave();
    await page.waitForURL((u) => u.pathname === '/workspaces');
  });

  test('the leave-page guard prompts on reload', async () => {
    await page.goto('/workspaces/new');
    await page.getByLabel('Workspace name').fill('Unsaved');
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    expect(dialogs).toEqual(['beforeunload']);
    await expect(page.getByLabel('Workspace name')).toHaveValue('Unsaved');
    // leave cleanly for the next test
    page.once('dialog', (d) => void d.accept());
    await page.goto('/dashboard');
  });

  test('switching language changes the page at once and survives a reload', async () => {
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.switchLanguage('Deutsch');
    await expect(shell.nav().getByRole('link', { name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Willkommen/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectAccessible(page, 'dashboard in German');
    await page.reload();
    await expect(shell.nav().getByRole('link', { name: 'Übersicht' })).toBeVisible();
    await shell.switchLanguage('English');
    await expect(shell.nav().getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('the profile page is accessible and saves the name', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(account.name);
    await expectAccessible(page, 'profile');
    await page.getByLabel('Name').fill('Sam S. Session');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  });

  test('a saved list view restores columns and page size after a reload', async () => {
    await page.goto('/settings/users');
    await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
    await new UsersPage(page).choosePageSize(50);
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('Compact');
    await dialog.getByRole('checkbox', { name: 'Open this view by default' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('View saved')).toBeVisible();
    await expectAccessible(page, 'users list with a saved view');
    await page.reload();
    await expect(page.getByRole('row').nth(1)).toContainText('Sam S. Session');
    await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Role' })).toBeVisible();
    await new UsersPage(page).expectPageSize(50);
  });

  test('"No, stay signed in" on the sign-out confirmation keeps the user signed in', async () => {
    await page.goto('/dashboard');
    await new AppShell(page).signOut();
    // the identity provider's confirmation, reached through Atrium's same-origin POST
    await page.waitForURL((u) => u.pathname.startsWith('/idp/session/end'));
    await expect(page.getByRole('heading', { name: 'Sign out of Atrium?' })).toBeVisible();
    await page.getByRole('link', { name: 'No, stay signed in' }).click();
    await page.goto('/dashboard');
    await new AppShell(page).expectWorkspace(workspace.name);
  });

  test('a sign-out link from another site does not sign out', async () => {
    // what a hostile page can make the browser do: a top-level GET, a cross-site form POST
    await page.goto('/auth/signout');
    await expect(page.getByRole('heading', { name: 'Sign out of Atrium?' })).toBeVisible();
    const forged = await page.request.post('/auth/signout', { headers: { origin: 'https://evil.example' }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    await page.goto('/dashboard');
    await new AppShell(page).expectWorkspace(workspace.name);
  });

  test('signing out in one tab signs out the other', async () => {
    const other = await page.context().newPage();
    await other.goto('/dashboard');
    await new AppShell(other).expectWorkspace(workspace.name);
    await page.goto('/dashboard');
    await new AppShell(page).signOut();
    // the identity provider asks first; nothing ends before the user says yes
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await other.waitForURL((u) => u.pathname === '/');
    await expect(other.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
    await other.close();
  });

  test('after signing in again the session is back', async () => {
    await signIn(page, account, '/dashboard');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await new AppShell(page).expectWorkspace(workspace.name);
  });
});
