import { expect, type Locator, type Page } from '@playwright/test';

// Page objects of the shared record panels (notes, documents, tags, collaborators, linked
// records) and the notifications bell. They find each panel by its accessible name, so they
// work on any entity's detail page that mounts the panels.

export class NotesPanel {
  readonly root: Locator;
  constructor(private readonly page: Page) {
    this.root = page.getByLabel('Notes', { exact: true });
  }
  async write(text: string, mention?: { search: string; name: string }): Promise<void> {
    const editor = this.page.getByRole('textbox', { name: 'Note' });
    await editor.click();
    await editor.pressSequentially(text);
    if (mention) {
      await editor.pressSequentially(` @${mention.search}`);
      await this.page.getByRole('option', { name: new RegExp(mention.name) }).click();
    }
    await this.page.getByRole('button', { name: 'Add note' }).click();
  }
  note(text: string | RegExp): Locator {
    return this.page.locator('.note-body', { hasText: text });
  }
}

export class DocumentsExplorer {
  constructor(private readonly page: Page) {}
  async newFolder(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New folder' }).click();
    await this.page.getByRole('textbox', { name: 'Folder name' }).fill(name);
    await this.page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(this.item(name)).toBeVisible();
  }
  item(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
  async open(name: string): Promise<void> {
    await this.item(name).click();
    await expect(this.page.locator('.ant-breadcrumb')).toContainText(name);
  }
  async toRoot(): Promise<void> {
    await this.page.locator('.ant-breadcrumb').getByRole('button', { name: 'Documents' }).click();
  }
  // Drops files on the drop zone the way a browser does (a DataTransfer on dragover and drop).
  async dropFiles(files: { name: string; type: string; base64: string }[]): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    }, files);
    const zone = this.page.getByRole('button', { name: 'Drop files here or click to upload' });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    for (const f of files) await expect(this.page.getByRole('progressbar', { name: f.name })).toBeVisible();
    for (const f of files) await expect(this.item(f.name)).toBeVisible();
  }
  async rename(from: string, to: string): Promise<void> {
    await this.page.getByRole('button', { name: `Rename ${from}` }).click();
    await this.page.getByRole('textbox', { name: 'New name' }).fill(to);
    await this.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(this.item(to)).toBeVisible();
  }
  async moveToRoot(name: string): Promise<void> {
    await this.page
      .getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByRole('checkbox')
      .check();
    await this.page.getByRole('button', { name: /Move$/ }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Move to folder' });
    await dialog.getByRole('button', { name: /Documents/ }).click();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(this.item(name)).toHaveCount(0);
  }
  async preview(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Preview ${name}` }).click();
    await expect(this.page.getByRole('img', { name })).toBeVisible();
    await this.page.keyboard.press('Escape');
  }
  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = this.page.getByRole('dialog');
    // one item is named, not counted as "item(s)" (issue 12, defect 13)
    await expect(dialog).toContainText(`Delete “${name}”?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(this.item(name)).toHaveCount(0);
  }
}

export class TagsPanel {
  constructor(private readonly page: Page) {}
  async createAndAdd(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New tag' }).click();
    await this.page.getByRole('textbox', { name: 'Tag name' }).fill(name);
    await this.page.getByRole('button', { name: 'Create tag' }).click();
    await expect(this.tag(name)).toBeVisible();
  }
  tag(name: string): Locator {
    return this.page.getByLabel('Tags', { exact: true }).locator('.ant-tag', { hasText: name });
  }
}

export class LinkedRecordsPanel {
  constructor(private readonly page: Page) {}
  async link(search: string, title: string): Promise<void> {
    const box = this.page.getByRole('combobox', { name: 'Search a record to link' });
    await box.click();
    await box.fill(search);
    // the options reload after the debounced search
    await this.page.waitForTimeout(600);
    await this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: title }).click();
    await expect(this.linked(title)).toBeVisible();
  }
  linked(title: string): Locator {
    return this.page.getByLabel('Linked records', { exact: true }).getByText(title, { exact: true });
  }
}

export class NotificationsBell {
  constructor(private readonly page: Page) {}
  button(unread: number): Locator {
    return this.page.getByRole('button', { name: `Notifications, ${unread} unread` });
  }
  async open(unread: number): Promise<void> {
    await expect(this.button(unread)).toBeVisible({ timeout: 40_000 });
    await this.button(unread).click();
  }
  item(title: string | RegExp): Locator {
    return this.page.getByText(title);
  }
}

// A 1×1 PNG, for uploads that must be real images.
export const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const b64 = (text: string) => Buffer.from(text).toString('base64');
