import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { MailboxPage, SignInPage, SignUpPage, type Account } from './identity.pages';
import { signedInApi } from '../support/signed-in-api';

export const newAccount = (name: string): Account => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
  password: 'a long enough password',
});

// axe-core on the current page: no serious or critical violation (issue 3, accessibility).
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // antd fades messages in and out; judge contrast on the settled page, not mid-animation
  await page
    .locator('[class*="-leave"], [class*="-enter"], [class*="-appear"]')
    .first()
    .waitFor({ state: 'detached', timeout: 3_000 })
    .catch(() => {});
  // legacy mode runs axe.run in the page itself; the default opens a blank page per check to merge
  // the results of cross-origin frames, which Atrium's pages do not have. Same results on every
  // page of the app, half the time (decision 080). Only violations are kept whole: axe then builds
  // selectors for one node per passing rule instead of every node (its API's performance
  // section), a third of its time on the every-page walk, the violations the same.
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // the first node's summary says why (for contrast: the two colours and the ratio)
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${label}: ${bad.map((v) => v.nodes[0]?.failureSummary ?? '').join(' | ')}`,
  ).toEqual([]);
}

// An icon-only button takes its name from its own label, in the user's language, never from
// the English name antd gives the icon ("search", "edit", "delete").
export async function expectNamedIconButtons(page: Page, label: string): Promise<void> {
  const bad = await page.locator('button, [role="button"]').evaluateAll((els) =>
    els
      .filter((e) => {
        const own = e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.getAttribute('title');
        const text = Array.from(e.childNodes)
          .filter((n) => !(n instanceof Element && n.classList.contains('anticon')))
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        // antd names its icons in English kebab-case ("search", "close-circle"); a label of ours does not look like that
        const icons = Array.from(e.querySelectorAll('.anticon'));
        const iconNamed = icons.length > 0 && icons.every((i) => /^[a-z]+(-[a-z]+)*$/.test(i.getAttribute('aria-label') ?? ''));
        return !own && !text && iconNamed && (e as HTMLElement).offsetParent !== null;
      })
      .map((e) => e.outerHTML.slice(0, 120)),
  );
  expect(bad, `icon-only buttons named by their icon on ${label}`).toEqual([]);
}

// Sign-up on the provider, then the verification link from the local mailbox, which signs the
// user in; ends signed in on the address given as returnTo (default: the workspace selection).
export async function signUpVerifyAndSignIn(page: Page, account: Account, returnTo = '/workspaces'): Promise<void> {
  await page.goto(`/auth/signup?returnTo=${encodeURIComponent(returnTo)}`);
  await new SignUpPage(page).signUp(account);
  const mailbox = new MailboxPage(page);
  await mailbox.openLatestTo(account.email, /Verify your e-mail address/);
  await mailbox.followLink(/\/idp\/verify-token\?/);
  await page.waitForURL((u) => !/^\/(idp|auth|mailbox)(\/|$)/.test(u.pathname));
}

export async function signIn(page: Page, account: Account, returnTo = '/workspaces'): Promise<void> {
  await page.goto(`/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
  const form = new SignInPage(page);
  await form.expectOpen();
  await form.signIn(account.email, account.password);
}

// antd's Select keeps an accessible listbox for screen readers and draws the visible options
// separately; a person clicks the visible one.
export async function chooseOption(page: Page, label: string): Promise<void> {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: exact });
  await expect(option).toBeVisible();
  // a click during the dropdown's opening animation can miss under load: click again until the
  // choice took — a single select closed its dropdown (or shows the option selected), a multiple
  // select shows the choice among its chips (its list may re-render and close meanwhile)
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({ has: option });
  const multiple = (await page.locator('.ant-select-open.ant-select-multiple').count()) > 0;
  // the chips are the only text inside a multiple select (its dropdown is drawn elsewhere)
  const chip = page.locator('.ant-select-multiple').getByText(exact);
  await expect(async () => {
    if (multiple && (await chip.count()) > 0) return;
    if (await option.isVisible()) await option.click({ timeout: 2000 });
    const taken = multiple
      ? (await chip.count()) > 0
      : (await open.count()) === 0 || (await option.getAttribute('class', { timeout: 1000 }))?.includes('ant-select-item-option-selected');
    expect(taken, `option ${label} chosen (multiple ${multiple}, open ${await open.count()}, chips ${await chip.count()})`).toBe(true);
  }).toPass({ timeout: 15_000, intervals: [300, 600, 1000] });
}

export class LandingPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

export class WorkspaceSelectionPage {
  constructor(private readonly page: Page) {}
  async expectOpen(): Promise<void> {
    await this.page.waitForURL((u) => u.pathname === '/workspaces');
    await expect(this.page.getByRole('heading', { name: 'Your workspaces' })).toBeVisible();
  }
  async startWizard(): Promise<void> {
    await this.page.getByRole('link', { name: 'Create workspace' }).click();
  }
  async open(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Open ${name}` }).click();
  }
}

export class WorkspaceWizardPage {
  constructor(private readonly page: Page) {}
  async fillDetails(name: string, slug?: string): Promise<void> {
    await this.page.getByLabel('Workspace name').fill(name);
    if (slug !== undefined) await this.page.getByLabel('Address').fill(slug);
  }
  async expectSlugMessage(text: string | RegExp): Promise<void> {
    await expect(this.page.getByText(text)).toBeVisible();
  }
  async create(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create workspace' }).click();
  }
  async expectDone(name: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `${name} is ready` })).toBeVisible();
  }
  async openWorkspace(): Promise<void> {
    await this.page.getByRole('button', { name: 'Open workspace' }).click();
    await this.page.waitForURL((u) => u.pathname === '/dashboard');
  }
}

export class AppShell {
  constructor(private readonly page: Page) {}
  nav() {
    return this.page.getByRole('navigation', { name: /Modules|Module/ });
  }
  async expectWorkspace(name: string): Promise<void> {
    await expect(this.page.getByRole('button', { name: new RegExp(`Workspace: ${name}|Arbeitsbereich: ${name}`) })).toBeVisible();
  }
  async openUserMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /Account menu|Kontomenü/ }).click();
  }
  // the submenu opens on hover; a page still drawing (the dashboard's widgets) can close the
  // menu or miss the hover under load, so the menu is opened and hovered again until it shows
  async switchLanguage(label: 'English' | 'Deutsch'): Promise<void> {
    const language = this.page.getByRole('menuitem', { name: /Language|Sprache/ });
    const choice = this.page.getByRole('menuitem', { name: label });
    await expect(async () => {
      if (!(await language.isVisible())) await this.openUserMenu();
      await language.hover();
      await expect(choice).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await choice.click();
  }
  async signOut(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
  async go(linkName: string | RegExp): Promise<void> {
    await this.nav().getByRole('link', { name: linkName }).click();
  }
}

export class UsersPage {
  constructor(private readonly page: Page) {}
  // antd's page-size changer: a select showing "25 / page" under the table
  async choosePageSize(size: 25 | 50 | 100): Promise<void> {
    await this.page.locator('.ant-pagination-options .ant-select').click();
    await chooseOption(this.page, `${size} / page`);
    await this.expectPageSize(size);
  }
  async expectPageSize(size: 25 | 50 | 100): Promise<void> {
    await expect(this.page.locator('.ant-pagination-options')).toContainText(`${size} / page`);
  }
  async open(): Promise<void> {
    await this.page.goto('/settings/users');
    await expect(this.page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  }
  async invite(email: string, role?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('E-mail').fill(email);
    if (role) {
      await dialog.getByLabel('Role').click();
      await chooseOption(this.page, role);
    }
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
  }
  row(text: string) {
    return this.page.getByRole('row', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  }
  async changeRole(email: string, role: string): Promise<void> {
    await this.row(email)
      .getByRole('button', { name: /Actions for/ })
      .click();
    await this.page.getByRole('menuitem', { name: 'Change role' }).click();
    const dialog = this.page.getByRole('dialog', { name: /Change the role of/ });
    await dialog.getByLabel('Role').click();
    await chooseOption(this.page, role);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Role changed')).toBeVisible();
  }
}

export class RolesPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings/roles');
    await expect(this.page.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
  }
  async select(role: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${role}`) }).click();
  }
  permission(module: string, name: string) {
    return this.page.getByRole('group', { name: module }).getByRole('checkbox', { name, exact: true });
  }
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Role saved')).toBeVisible();
  }
}

export class PlansPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings/plans');
    await expect(this.page.getByRole('heading', { name: 'Plans and subscriptions', level: 1 })).toBeVisible();
  }
  plan(title: string) {
    return this.page.locator('.ant-card').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
  async switchTo(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Switch to ${title}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Switch to ${title}?` });
    await dialog.getByRole('button', { name: 'Switch to this plan' }).click();
    await expect(this.page.getByText(`You are now on ${title}`)).toBeVisible();
  }
}

// A signed-in user with one workspace, created through the API to keep these tests short
// (the wizard itself is covered by shell-workspace.spec.ts).
export async function signedInWithWorkspace(page: Page, account: Account): Promise<{ tenantId: string; name: string }> {
  await signUpVerifyAndSignIn(page, account);
  await page.waitForURL((u) => u.pathname === '/workspaces');
  const name = `Team ${Date.now().toString(36)}`;
  const tenant = await (
    await signedInApi(page, null)
  ).post<{ id: string }>(
    '/api/v1/admin/tenants',
    { name, slug: name.toLowerCase().replace(/\s+/g, '-'), domainSignUp: false },
    { status: 201 },
  );
  await page.evaluate((id) => window.localStorage.setItem('TENANT_ID', id), tenant.id);
  return { tenantId: tenant.id, name };
}

export class LeaveGuardDialog {
  constructor(private readonly page: Page) {}
  dialog() {
    return this.page.getByRole('dialog', { name: 'Leave this page?' });
  }
  async stay(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Stay' }).click();
    await expect(this.dialog()).toBeHidden();
  }
  async leave(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Leave' }).click();
  }
}
