import { expect, type Page } from '@playwright/test';

// Settings → Workspace domain: join by domain and its proof.
export class WorkspaceDomainPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/settings/domain');
    await expect(this.page.getByRole('heading', { name: 'Workspace domain', level: 1 })).toBeVisible();
  }

  async claim(domain: string): Promise<void> {
    await this.page.getByLabel('Domain', { exact: true }).fill(domain);
    await this.page.getByRole('checkbox', { name: 'Let people with an address at this domain join' }).check();
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Domain saved')).toBeVisible();
    await expect(this.page.getByText('Not proven yet')).toBeVisible();
  }

  async expectMessage(text: string | RegExp): Promise<void> {
    await expect(this.page.getByText(text)).toBeVisible();
  }

  async checkDns(): Promise<void> {
    await this.page.getByRole('button', { name: 'Check the DNS record' }).click();
  }

  async sendCode(localPart: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Address' }).fill(localPart);
    await this.page.getByRole('button', { name: 'Send a code' }).click();
  }

  async confirmCode(code: string): Promise<void> {
    await this.page.getByRole('textbox', { name: /Code sent to/ }).fill(code);
    await this.page.getByRole('button', { name: 'Confirm' }).click();
  }

  async expectProvenByMail(): Promise<void> {
    await expect(this.page.getByText('Proven by e-mail')).toBeVisible();
  }
}
