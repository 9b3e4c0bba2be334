import type { Locator, Page } from '@playwright/test';

// A file custom field on a record form: upload through the browser's file chooser.
export class FileFieldInput {
  constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {}
  item(): Locator {
    return this.page.locator('.ant-form-item').filter({ has: this.page.getByText(this.label, { exact: true }) });
  }
  async upload(name: string, mimeType: string, content: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: `Upload a file to ${this.label}` }).click();
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) });
  }
  file(name: string): Locator {
    return this.item().getByText(name, { exact: true });
  }
}
