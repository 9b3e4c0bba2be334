import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Account } from './identity.pages';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';
import { newAccount, signUpVerifyAndSignIn } from './shell.pages';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Invitation mails in the local mailbox, read as the invitee would.
export class InvitationMail {
  constructor(private readonly page: Page) {}

  private rows(email: string) {
    return this.page.getByRole('row', { name: new RegExp(`${escape(email)}.*invited you to`) });
  }

  async count(email: string): Promise<number> {
    await this.page.goto('/mailbox');
    return this.rows(email).count();
  }

  // The address of the newest invitation to that e-mail (a path on this server).
  async latestLink(email: string): Promise<string> {
    await this.page.goto('/mailbox');
    await this.rows(email).first().getByRole('link').click();
    const href = (await this.page.getByRole('link', { name: /\/workspaces\/invite\// }).getAttribute('href')) ?? '';
    return new URL(href, this.page.url()).pathname;
  }
}

export class InvitationPage {
  constructor(private readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async expectFor(workspace: string, email: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `You are invited to join ${workspace}` })).toBeVisible();
    await expect(this.page.getByText(email)).toBeVisible();
  }

  async expectInvalid(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
  }

  async signUpToAccept(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create an account' }).click();
  }
}

// A colleague invited by the owner (signed in on `ownerPage`) with the Member role signs up from
// the e-mailed invitation on `colleaguePage` and lands in the workspace. `grants`: module
// permissions the owner adds to the default team, which every member belongs to.
export async function joinAsMember(
  ownerPage: Page,
  tenantId: string,
  colleaguePage: Page,
  colleague: Account,
  grants: string[] = [],
): Promise<void> {
  const api = await signedInApi(ownerPage, tenantId);
  const roles = await api.get<{ id: string; systemKey: string | null }[]>('/api/v1/admin/roles');
  await api.post('/api/v1/core/users', {
    email: colleague.email,
    roleId: roles.find((r) => r.systemKey === 'Member')?.id,
  });
  if (grants.length > 0) {
    const teams = await api.post<{ data: { id: string; isDefault: boolean }[] }>('/api/v1/teams/list', {});
    const everyone = teams.data.find((t) => t.isDefault);
    await api.put(`/api/v1/teams/${everyone?.id ?? ''}/permissions`, { permissions: grants });
  }
  await acceptInvitation(colleaguePage, colleague);
}

// The invited colleague signs up from the mailed invitation and lands on the dashboard.
async function acceptInvitation(page: Page, colleague: Account): Promise<void> {
  const invitation = await new InvitationMail(page).latestLink(colleague.email);
  await signUpVerifyAndSignIn(page, colleague, `${invitation}?accept=1`);
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

// A colleague invited with a workspace role that grants contacts only ("Outsider"), so that what
// they may do in a module comes from a role in one of its records (roles per record).
export async function inviteOutsider(api: SignedInApi, name: string): Promise<{ colleague: Account; tenantUserId: string }> {
  const outsider = await api.post<{ id: string }>('/api/v1/admin/roles', { name: 'Outsider', permissions: ['Contact.ViewContacts'] });
  const colleague = newAccount(name);
  const invited = await api.post<{ tenantUserId: string }>('/api/v1/core/users', { email: colleague.email, roleId: outsider.id });
  return { colleague, tenantUserId: invited.tenantUserId };
}

// The same in a browser of their own.
export async function acceptInOwnBrowser(browser: Browser, colleague: Account): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptInvitation(page, colleague);
  return { context, page };
}
