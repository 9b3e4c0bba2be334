import { expect, type Page } from '@playwright/test';

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
