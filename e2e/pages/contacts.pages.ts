import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './shell.pages';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type NewField = {
  kind: string;
  label: string;
  options?: string[];
  flags?: string[];
  content?: string;
  prefix?: string;
  maxCharacters?: number;
  dataType?: string;
};

export class ContactSettingsPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/settings/contacts');
    await expect(this.page.getByRole('heading', { name: 'Contact settings', level: 1 })).toBeVisible();
  }
  fieldList(): Locator {
    return this.page.getByRole('list', { name: 'Fields' });
  }
  async addField(f: NewField): Promise<void> {
    const dialog = await this.openNewField(f.kind);
    await dialog.getByLabel('Label').fill(f.label);
    if (f.dataType) {
      await dialog.getByLabel('Data type').click();
      await chooseOption(this.page, f.dataType);
    }
    if (f.content) await dialog.getByLabel('Text').fill(f.content);
    if (f.prefix) await dialog.getByLabel('Prefix').fill(f.prefix);
    if (f.maxCharacters !== undefined) await dialog.getByLabel('Maximum characters').fill(String(f.maxCharacters));
    for (const [i, option] of (f.options ?? []).entries()) {
      await dialog.getByRole('button', { name: 'Add an option' }).click();
      await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option);
    }
    for (const flag of f.flags ?? []) await dialog.getByRole('checkbox', { name: flag }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.fieldList().getByText(f.label, { exact: true })).toBeVisible();
  }
  // a click that lands while the menu is still animating open only hovers: try again
  async openNewField(kind: string): Promise<Locator> {
    const dialog = this.page.getByRole('dialog', { name: `New field: ${kind}` });
    await expect(async () => {
      // a slow first try may have opened it after all
      if (await dialog.isVisible()) return;
      if (!(await this.page.getByRole('menuitem', { name: kind, exact: true }).isVisible()))
        await this.page.getByRole('button', { name: 'Add field' }).click();
      await this.page.getByRole('menuitem', { name: kind, exact: true }).click({ timeout: 2_000 });
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass();
    return dialog;
  }
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save fields' }).click();
    await expect(this.page.getByText('Fields saved')).toBeVisible();
  }
  async labels(): Promise<string[]> {
    return this.fieldList().locator('.entity-field-main strong').allTextContents();
  }
  async openWorkflows(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Workflows' }).click();
  }
  async createWorkflow(name: string, isDefault: boolean): Promise<void> {
    await this.page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New workflow' });
    await dialog.getByLabel('Workflow name').fill(name);
    if (isDefault) await dialog.getByRole('checkbox', { name: 'Default workflow' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  stages(workflow: string): Locator {
    return this.page.getByRole('list', { name: `Stages of ${workflow}` }).getByRole('listitem');
  }
}

export class ContactsListPage {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/contacts');
    await this.expectOpen();
  }
  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  }
  table(): Locator {
    return this.page.getByRole('table');
  }
  row(text: string): Locator {
    return this.table().getByRole('row', { name: new RegExp(escape(text)) });
  }
  // the first cell of each data row holds the selection box, the second the name
  async names(): Promise<string[]> {
    return this.table().locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
  }
  header(name: string): Locator {
    return this.table().getByRole('columnheader', { name: new RegExp(`^${escape(name)}`) });
  }
  async sortBy(name: string): Promise<void> {
    await this.header(name).click();
  }
  // The dialog opens with the applied filters and one empty row at the end.
  async openNewFilterRow(): Promise<{ dialog: Locator; n: number }> {
    const n = (await this.page.locator('.list-toolbar .ant-tag').count()) + 1;
    await this.page.getByRole('button', { name: /Filters$/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByRole('group', { name: `Filter ${n}`, exact: true })).toBeVisible();
    return { dialog, n };
  }
  async addFilter(field: string, operator: string, value: string): Promise<void> {
    const { dialog, n } = await this.openNewFilterRow();
    // the field list is long (and virtual): type to narrow it, as a person would
    await dialog.getByLabel(`Field of filter ${n}`).fill(field);
    await chooseOption(this.page, field);
    await dialog.getByLabel(`Condition of filter ${n}`).click();
    await chooseOption(this.page, operator);
    await dialog.getByLabel(`Value of filter ${n}`).fill(value);
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(dialog).toBeHidden();
  }
  async addOptionFilter(field: string, operator: string, option: string): Promise<void> {
    const { dialog, n } = await this.openNewFilterRow();
    // the field list is long (and virtual): type to narrow it, as a person would
    await dialog.getByLabel(`Field of filter ${n}`).fill(field);
    await chooseOption(this.page, field);
    await dialog.getByLabel(`Condition of filter ${n}`).click();
    await chooseOption(this.page, operator);
    await dialog.getByLabel(`Value of filter ${n}`).click();
    await chooseOption(this.page, option);
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(dialog).toBeHidden();
  }
  filterTag(text: string): Locator {
    return this.page.locator('.list-toolbar .ant-tag').filter({ hasText: text });
  }
  async toggleColumn(name: string, on: boolean): Promise<void> {
    // the pointer may rest on a column header (where a dialog's button was): its sort tooltip would
    // cover the Columns button for as long as the pointer stays, so it moves away first
    await this.page.mouse.move(0, 0);
    await this.page.getByRole('button', { name: 'Columns' }).click();
    const box = this.page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name, exact: true });
    await box.setChecked(on);
    await this.page.getByRole('button', { name: 'Columns' }).click();
  }
  async saveView(name: string, isDefault: boolean): Promise<void> {
    await this.page.getByRole('button', { name: 'Save view' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill(name);
    if (isDefault) await dialog.getByRole('checkbox', { name: 'Open this view by default' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('View saved')).toBeVisible();
  }
  async select(name: string): Promise<void> {
    await this.row(name).getByRole('checkbox').check();
  }
  async showArchived(archived: boolean): Promise<void> {
    await this.page
      .getByRole('radiogroup', { name: 'Show active or archived records' })
      .getByText(archived ? 'Archived' : 'Active', { exact: true })
      .click();
  }
  async bulk(action: 'Archive' | 'Restore', dialogTitle: string, expectMessage: string): Promise<void> {
    await this.page.locator('#main-content').getByRole('button', { name: action, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: dialogTitle });
    // a click during the dialog's opening animation can be lost under load: click again until the
    // dialog closes (a taken click closes it; the button waits while the request runs)
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: action }).click({ timeout: 2_000 });
      await expect(dialog).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(this.page.getByText(expectMessage)).toBeVisible();
  }
  async create(first: string, last: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New contact' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByRole('heading', { name: `${first} ${last}`, level: 1 })).toBeVisible();
  }
}

export class ContactDetailPage {
  constructor(private readonly page: Page) {}
  async open(id: string, name: string): Promise<void> {
    await this.page.goto(`/contacts/${id}`);
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }
  form(): Locator {
    return this.page.locator('form').filter({ has: this.page.getByLabel('First name') });
  }
  async save(): Promise<void> {
    await this.form().getByRole('button', { name: 'Save' }).click();
  }
  activity(): Locator {
    return this.page.locator('.ant-card').filter({ has: this.page.getByRole('heading', { name: 'Activity' }) });
  }
  async filterActivity(label: RegExp): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Activity type' }).getByText(label).click();
  }
}
