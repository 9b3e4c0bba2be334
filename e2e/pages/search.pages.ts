import { expect, type Locator, type Page } from '@playwright/test';

// The search dialog of the top bar (Ctrl/Cmd+K).
export class GlobalSearchDialog {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Search all records' });
    this.input = this.dialog.getByRole('combobox', { name: 'Search all records' });
    this.results = this.dialog.getByRole('listbox', { name: 'Search results' });
  }

  get button(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
  }

  async openWithKeyboard(): Promise<void> {
    // the shortcut works once the top bar is there
    await expect(this.button).toBeVisible();
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.input).toBeFocused();
  }

  async openWithButton(): Promise<void> {
    await this.button.click();
    await expect(this.input).toBeFocused();
  }

  group(kind: string): Locator {
    return this.results.getByRole('group', { name: kind });
  }

  option(name: string | RegExp): Locator {
    return this.results.getByRole('option', { name });
  }

  async activeOption(): Promise<string> {
    return (await this.results.getByRole('option', { selected: true }).innerText()).replace(/\s+/g, ' ').trim();
  }
}
