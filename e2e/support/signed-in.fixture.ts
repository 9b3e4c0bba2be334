import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { Account } from '../pages/identity.pages';
import { newAccount, signUpVerifyAndSignIn } from '../pages/shell.pages';
import { signedInApi } from './signed-in-api';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export type Workspace = { context: BrowserContext; page: Page; tenantId: string; name: string };

export type SignedIn = {
  // the shared account: its name is what other people see ("… mentioned you")
  account: Account;
  // a new workspace of the shared account, made through the API, opened in a new browser context
  // that is signed in and has the workspace chosen (TENANT_ID in localStorage)
  workspace(options?: BrowserContextOptions): Promise<Workspace>;
  // another browser context of the same account on an existing workspace ("another browser")
  open(tenantId: string, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
};

let counter = 0;

// Signing up through the identity provider and the local mailbox costs seconds per account; specs
// whose subject is not sign-in, sign-up, invitations or the session share one account per worker,
// signed up once (the real flow) and kept as a storage state. Each spec still gets a workspace of
// its own, so no data is shared. Specs that change what belongs to the user (profile, language)
// or sign out keep an account of their own.
export const test = base.extend<{ workspace: Workspace }, { signedIn: SignedIn }>({
  // for a single test: a fresh workspace of the shared account, closed after the test
  workspace: async ({ signedIn }, use) => {
    const workspace = await signedIn.workspace();
    await use(workspace);
    await workspace.context.close();
  },
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const account = newAccount('Sasha Shared');
      // a worker-scoped fixture runs before the test's context options apply: the base URL is passed
      const baseURL = String(workerInfo.project.use.baseURL);
      const setup = await browser.newContext({ baseURL });
      const page = await setup.newPage();
      await signUpVerifyAndSignIn(page, account);
      await page.waitForURL((u) => u.pathname === '/workspaces');
      const dir = path.join(workerInfo.project.outputDir, '.auth');
      mkdirSync(dir, { recursive: true });
      // cookies only: the BFF session lives server-side behind its cookie; TENANT_ID is per workspace
      const saved = await setup.storageState({ path: path.join(dir, `worker-${workerInfo.workerIndex}.json`) });
      await setup.close();
      const origin = new URL(baseURL).origin;
      const stateFor = (tenantId: string): StorageState => ({
        cookies: saved.cookies,
        origins: [{ origin, localStorage: [{ name: 'TENANT_ID', value: tenantId }] }],
      });
      const open = async (tenantId: string, options: BrowserContextOptions = {}) => {
        const context = await browser.newContext({ baseURL, ...options, storageState: stateFor(tenantId) });
        return { context, page: await context.newPage() };
      };
      await use({
        account,
        open,
        async workspace(options = {}) {
          const name = `Team ${Date.now().toString(36)}${(counter++).toString(36)}`;
          const tenantId = await createWorkspace(browser, { baseURL, storageState: stateFor('') }, name);
          const opened = await open(tenantId, options);
          // on the app's origin (a light address, not a page of the SPA), so that the helpers that
          // read TENANT_ID from the page's localStorage work before the spec opens its first page
          await opened.page.goto('/api/ready');
          return { ...opened, tenantId, name };
        },
      });
    },
    { scope: 'worker' },
  ],
});

// POST /api/v1/admin/tenants with the shared session's access token, as the wizard does
async function createWorkspace(browser: Browser, options: BrowserContextOptions, name: string): Promise<string> {
  const context = await browser.newContext(options);
  try {
    const api = await signedInApi(context, null);
    const tenant = await api.post<{ id: string }>(
      '/api/v1/admin/tenants',
      { name, slug: name.toLowerCase().replace(/\s+/g, '-'), domainSignUp: false },
      { status: 201 },
    );
    return tenant.id;
  } finally {
    await context.close();
  }
}

export { expect };
export type { Browser, BrowserContext, Page, Response, Route } from '@playwright/test';
