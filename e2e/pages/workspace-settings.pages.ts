import { expect, type Locator, type Page } from '@playwright/test';

// Settings → Workspace: the clean-up an admin runs and watches (issue 10).
export class WorkspaceSettingsPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings/workspace');
    await expect(this.page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
  }
  async startCleanup(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clean up now' }).click();
  }
  progress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Clean-up progress' });
  }
  status(text: string): Locator {
    return this.page.locator('.job-progress').getByText(text, { exact: true });
  }
}
