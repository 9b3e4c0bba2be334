import { expect, type Locator, type Page } from '@playwright/test';
import { pickRecord } from './entity.pages';

// The helpdesk's pages as a person uses them: the knowledge base (new article, publish, search)
// and a request's page (its conversation, "Make a task").
export class KnowledgeBasePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/articles');
    await expect(this.page.getByRole('heading', { name: 'Knowledge base', level: 1 })).toBeVisible();
  }

  async create(title: string, helpdesk: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New article' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New article' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await pickRecord(this.page, dialog.getByLabel('Helpdesk', { exact: true }), helpdesk);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  }

  async publish(): Promise<void> {
    await this.page.getByRole('button', { name: 'Publish' }).click();
    await expect(this.page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await expect(this.page.getByRole('main').getByText('Published', { exact: true })).toBeVisible();
  }

  // The article's content in its rich text editor: a heading, a bulleted list and an image
  // uploaded as the article's document, by the toolbar's buttons; then saved.
  async writeContent(o: { heading: string; items: string[]; image: { name: string; buffer: Buffer }; after: string }): Promise<void> {
    const editor = this.page.getByRole('textbox', { name: 'Content', exact: true });
    const toolbar = this.page.getByRole('toolbar', { name: 'Formatting' });
    await editor.click();
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await this.page.keyboard.type(o.heading);
    await this.page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    for (const item of o.items) {
      await this.page.keyboard.type(item);
      await this.page.keyboard.press('Enter');
    }
    // an empty item's Enter leaves the list
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.type(o.after);
    await this.page.locator('.rich-text-toolbar input[type=file]').setInputFiles({ ...o.image, mimeType: 'image/png' });
    await expect(editor.locator('img[data-document-id]')).toHaveCount(1);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.page.getByText('Article saved')).toBeVisible();
  }

  // searches from the list; answers the dialog with its hits
  async search(q: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Search the knowledge base' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Search the knowledge base' });
    await dialog.getByRole('searchbox', { name: 'Search the knowledge base' }).fill(q);
    await dialog.getByRole('searchbox', { name: 'Search the knowledge base' }).press('Enter');
    return dialog;
  }
}

export class RequestPage {
  constructor(private readonly page: Page) {}

  async open(id: string, subject: string): Promise<void> {
    await this.page.goto(`/requests/${id}`);
    await expect(this.page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  }

  async reply(body: string, kind: 'Reply' | 'Internal note' = 'Reply'): Promise<void> {
    await this.page.getByRole('tab', { name: 'Conversation', exact: true }).click();
    await this.page.getByText(kind, { exact: true }).first().click();
    await expect(this.page.getByRole('radio', { name: kind })).toBeChecked();
    await this.page.getByRole('textbox', { name: kind, exact: true }).fill(body);
    await this.page.getByRole('button', { name: kind === 'Reply' ? 'Send reply' : 'Add note' }).click();
    await expect(this.page.getByRole('tabpanel', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: body })).toBeVisible();
  }

  async makeTask(project: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Make a task' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Make a task' });
    await pickRecord(this.page, dialog.getByLabel('Project', { exact: true }), project);
    await dialog.getByRole('button', { name: 'Make a task' }).click();
    await expect(dialog).toBeHidden();
  }
}
