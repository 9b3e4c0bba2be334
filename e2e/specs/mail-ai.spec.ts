import { expect, test, type Page } from '../support/signed-in.fixture';
import { MailboxPage, type Account } from '../pages/identity.pages';
import { AiDialog, EmailTemplatesSettings, SendEmailDialog } from '../pages/mail.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 14, browser tests: a template with merge fields sent from a contact and shown on its
// timeline (and in the local mailbox, the captured outbox); an AI draft streamed and cancelled
// (the server talks to the loopback OpenAI-compatible server of e2e/support/fake-openai.ts).
test.describe.serial('e-mail from a record and the AI prompt', () => {
  test.describe.configure({ timeout: 120_000 });
  // the signed-in user, whose name the merge fields and the timeline show
  let owner: Account;
  let page: Page;
  let ada: { id: string; email: string };

  test.beforeAll(async ({ signedIn }) => {
    owner = signedIn.account;
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    ada = await (
      await signedInApi(page, tenantId)
    ).post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${Date.now()}@example.com` });
  });
  test.afterAll(async () => page?.context().close());

  test('a template with merge fields is sent from a contact, shows on its timeline and reaches the mailbox', async () => {
    const templates = new EmailTemplatesSettings(page);
    await templates.open();
    await templates.create({
      records: 'Contacts',
      name: 'Welcome',
      subject: 'Welcome, {{firstName}}',
      body: 'Hello {{firstName}} {{lastName}},\n\nthank you for meeting us.\n\n{{sender.name}}',
    });

    await page.goto(`/contacts/${ada.id}`);
    const mail = new SendEmailDialog(page);
    await mail.open();
    // the contact's address is filled in
    await expect(mail.dialog.getByText(ada.email)).toBeVisible();
    await mail.useTemplate('Welcome');
    const preview = await mail.preview();
    await expect(preview).toContainText('Welcome, Ada');
    await expect(preview).toContainText('Hello Ada Lovelace,');
    await expect(preview).toContainText(owner.name);
    await mail.send();

    await expect(page.getByText(`${owner.name} sent the e-mail “Welcome, Ada” to ${ada.email}`)).toBeVisible();
    await expect(page.getByText('Email (1)', { exact: true })).toBeVisible();

    const mailbox = new MailboxPage(page);
    await mailbox.openLatestTo(ada.email, /Welcome, Ada/);
    await expect(page.getByText('Hello Ada Lovelace,')).toBeVisible();
  });

  test('an AI draft streams in and stops when cancelled', async () => {
    await page.goto(`/contacts/${ada.id}`);
    const ai = new AiDialog(page);
    await ai.open();
    await expect(ai.dialog.getByRole('radio', { name: 'Draft an e-mail' })).toBeChecked();
    await ai.generate();
    // the first words arrive while the rest is still being written
    await expect(ai.answer).toContainText('Dear Ada Lovelace');
    await expect(ai.dialog.getByRole('button', { name: 'Stop' })).toBeVisible();
    await ai.stop();
    const stopped = (await ai.answer.textContent()) ?? '';
    await page.waitForTimeout(700);
    expect(await ai.answer.textContent()).toBe(stopped);
    await expect(ai.answer).not.toContainText('Kind regards');

    // the draft so far goes into an e-mail, subject and all
    await ai.dialog.getByRole('button', { name: 'Use in an e-mail' }).click();
    const mail = new SendEmailDialog(page);
    await expect(mail.dialog.getByLabel('Subject')).toHaveValue('Our next step');
    await expect(mail.dialog.getByLabel('Message')).toHaveValue(/^Dear Ada Lovelace/);
    await mail.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(mail.dialog).toBeHidden();
  });
});
