import { expect, type Page } from '@playwright/test';

export type Account = { name: string; email: string; password: string };
export type SessionBody = { user: { id: string; email: string; name: string } | null; accessToken: string | null; error: string | null };

export class SignUpPage {
  constructor(private readonly page: Page) {}

  // GET /auth/signup starts the sign-in flow on the provider's sign-up screen
  async open(): Promise<void> {
    await this.page.goto('/auth/signup');
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async signUp(account: Account): Promise<void> {
    await this.page.getByLabel('Name').fill(account.name);
    await this.page.getByLabel('E-mail').fill(account.email);
    await this.page.getByLabel('Password').fill(account.password);
    await this.page.getByRole('button', { name: 'Sign up' }).click();
    await expect(this.page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  }
}

export class MailboxPage {
  constructor(private readonly page: Page) {}

  async openLatestTo(email: string, subject: RegExp): Promise<void> {
    await this.page.goto('/mailbox');
    await this.page
      .getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByRole('link', { name: subject })
      .first()
      .click();
    await expect(this.page.getByRole('heading', { name: subject })).toBeVisible();
  }

  async followLink(name: RegExp): Promise<void> {
    await this.page.getByRole('link', { name }).click();
  }
}

export class SignInPage {
  constructor(private readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

export class SessionApi {
  constructor(private readonly page: Page) {}

  // the BFF session as the SPA sees it (same browser context, same cookies)
  async current(): Promise<SessionBody> {
    const res = await this.page.request.get('/auth/session');
    expect(res.ok()).toBe(true);
    return (await res.json()) as SessionBody;
  }
}

export class SignOutFlow {
  constructor(private readonly page: Page) {}

  async signOut(): Promise<void> {
    await this.page.goto('/auth/signout');
    await expect(this.page.getByRole('heading', { name: 'Sign out of Atrium?' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await this.page.waitForURL((url) => url.pathname === '/');
  }
}
