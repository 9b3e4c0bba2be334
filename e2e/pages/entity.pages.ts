import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './shell.pages';

// Any kind's generic pages (list, record, settings), driven as a person would.
export class EntityPages {
  constructor(
    private readonly page: Page,
    private readonly path: string,
    private readonly plural: string,
    private readonly singular: string,
  ) {}

  async openList(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.page.getByRole('heading', { name: this.plural, level: 1 })).toBeVisible();
  }

  createDialog(): Locator {
    return this.page.getByRole('dialog', { name: `New ${this.singular.toLowerCase()}` });
  }

  // Fills the create dialog (text inputs by label) and saves; lands on the new record's page.
  async create(values: Record<string, string>, pick: Record<string, string> = {}): Promise<void> {
    await this.page.getByRole('button', { name: `New ${this.singular.toLowerCase()}` }).click();
    await this.fillAndSave(this.createDialog(), values, pick);
    await expect(this.heading(values.Name ?? values['First name'] ?? '')).toBeVisible();
  }

  async fillAndSave(dialog: Locator, values: Record<string, string>, pick: Record<string, string> = {}): Promise<void> {
    await expect(dialog).toBeVisible();
    for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
    for (const [label, title] of Object.entries(pick)) await pickRecord(this.page, dialog.getByLabel(label, { exact: true }), title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  heading(title: string): Locator {
    return this.page.getByRole('heading', { name: title, level: 1 });
  }

  form(): Locator {
    return this.page.locator('form').filter({ has: this.page.getByRole('button', { name: 'Discard changes' }) });
  }

  async tab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }
}

// A reference picker: type part of the title, choose the record.
export async function pickRecord(page: Page, input: Locator, title: string): Promise<void> {
  await input.click();
  await input.fill(title.slice(0, 4));
  await chooseOption(page, title);
}
