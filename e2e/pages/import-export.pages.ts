import { readFile } from 'node:fs/promises';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Account } from './identity.pages';
import { joinAsMember } from './invitation.pages';
import { chooseOption } from './shell.pages';

// The import wizard of a list (upload → mapping → check → import) and the file downloads of
// import and export.
export class ImportWizardPage {
  constructor(
    private readonly page: Page,
    private readonly listPath: string,
  ) {}

  async openFromList(): Promise<void> {
    await this.page.goto(this.listPath);
    await this.page.getByRole('link', { name: 'Import' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: /^Import / })).toBeVisible();
  }

  async upload(name: string, content: string | Buffer): Promise<void> {
    await this.page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await expect(this.page.getByRole('columnheader', { name: 'Column in the file' })).toBeVisible();
  }

  // the select of a column (its shown value included); the combobox inside takes the clicks
  fieldFor(column: string): Locator {
    return this.page.locator('.ant-select').filter({ has: this.page.getByRole('combobox', { name: `Field for column ${column}` }) });
  }

  async map(column: string, field: string): Promise<void> {
    await this.page.getByRole('combobox', { name: `Field for column ${column}` }).click();
    await chooseOption(this.page, field);
  }

  async check(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Check the file' }).click();
    const summary = this.page.getByRole('alert').filter({ hasText: /rows:/ });
    await expect(summary).toBeVisible();
    return summary;
  }

  async start(): Promise<void> {
    await this.page.getByRole('button', { name: /^Import \d+ rows$/ }).click();
  }

  progress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Import progress' });
  }

  async waitDone(): Promise<void> {
    await expect(this.page.locator('.job-progress').getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  }
}

// What a click downloads: the file's name and text.
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  const bytes = await readFile(path);
  return { name: download.suggestedFilename(), text: bytes.toString('utf8').replace(/^\uFEFF/, ''), bytes };
}

// A colleague invited with the workspace's Member role, signed up through the e-mailed link, on
// their own page (their own browser context). `grants`: module permissions the owner adds to the
// default team, which every member belongs to.
export async function memberJoins(
  browser: Browser,
  ownerPage: Page,
  tenantId: string,
  colleague: Account,
  grants: string[] = [],
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await joinAsMember(ownerPage, tenantId, page, colleague, grants);
  return page;
}
