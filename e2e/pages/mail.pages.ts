import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './shell.pages';

// Page objects of issue 14: e-mail templates and notification rules in the settings, the
// Send e-mail and AI dialogs of a record page.

export class EmailTemplatesSettings {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/settings/email-templates');
    await expect(this.page.getByRole('heading', { name: 'E-mail templates', level: 1 })).toBeVisible();
  }

  async create(t: { records: string; name: string; subject: string; body: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'New template' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New template' });
    await dialog.getByLabel('Records').click();
    await chooseOption(this.page, t.records);
    await dialog.getByLabel('Name').fill(t.name);
    await dialog.getByLabel('Subject').fill(t.subject);
    await dialog.getByLabel('Message').fill(t.body);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('row', { name: new RegExp(t.name) })).toBeVisible();
  }
}

export class NotificationRulesSettings {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/settings/notification-rules');
    await expect(this.page.getByRole('heading', { name: 'Notification rules', level: 1 })).toBeVisible();
  }

  // the dialog opens on "a record is assigned → assignee, in the app and by e-mail"
  async createDefault(): Promise<void> {
    await this.page.getByRole('button', { name: 'New rule' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New rule' });
    await expect(dialog.getByRole('checkbox', { name: 'By e-mail' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Assignee' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('row', { name: /A record is assigned/ })).toBeVisible();
  }
}

export class SendEmailDialog {
  readonly dialog: Locator;
  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Send an e-mail about/ });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(this.dialog).toBeVisible();
  }

  async useTemplate(name: string): Promise<void> {
    await this.dialog.getByLabel('Template').click();
    await chooseOption(this.page, name);
  }

  async preview(): Promise<Locator> {
    await this.dialog.getByRole('button', { name: 'Preview' }).click();
    const region = this.dialog.getByRole('region', { name: 'Preview' });
    await expect(region).toBeVisible();
    return region;
  }

  async send(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(this.page.getByText('E-mail sent')).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }
}

export class AiDialog {
  readonly dialog: Locator;
  readonly answer: Locator;
  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^AI for/ });
    this.answer = this.dialog.getByRole('log', { name: 'AI answer' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: /\bAI$/ }).click();
    await expect(this.dialog).toBeVisible();
  }

  async generate(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Generate' }).click();
  }

  async stop(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(this.answer.getByText('Stopped.')).toBeVisible();
  }
}
