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

// A date field (record form, create dialog) typed into as a person does: click, type, then Enter
// or Tab to leave it.
export class DateField {
  constructor(
    private readonly scope: Locator,
    private readonly label: string,
  ) {}
  input(): Locator {
    return this.scope.getByLabel(this.label, { exact: true });
  }
  async type(text: string, leaveWith: 'Enter' | 'Tab'): Promise<void> {
    const input = this.input();
    await input.click();
    // over what the field holds, as a person selects it and types
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(text);
    await input.press(leaveWith);
  }
}
