import { MailboxPage, type Account } from '../pages/identity.pages';
import { joinAsMember } from '../pages/invitation.pages';
import { NotificationRulesSettings } from '../pages/mail.pages';
import { DocumentsExplorer, LinkedRecordsPanel, NotesPanel, NotificationsBell, PIXEL_PNG, TagsPanel, b64 } from '../pages/records.pages';
import { chooseOption, expectAccessible, newAccount } from '../pages/shell.pages';
import { expect, test, type BrowserContext, type Page } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 5, browser tests. The panels are generic (apps/web/src/platform/{notes,documents,tags,
// collaborators,linked-records,notifications}); they run here on a contact's detail page.
const CONTACT_PAGE = (id: string) => `/contacts/${id}`;

test.describe.serial('shared record panels on a contact', () => {
  // a colleague signs up from an invitation before the first test: slow on a busy machine
  test.describe.configure({ timeout: 180_000 });
  let owner: Account;
  const colleague = newAccount('Carl Colleague');
  let ownerContext: BrowserContext;
  let colleagueContext: BrowserContext;
  let ownerPage: Page;
  let colleaguePage: Page;
  let tenantId: string;
  let ada: { id: string };
  let bob: { id: string };

  test.beforeAll(async ({ browser, signedIn }) => {
    // the owner is the shared signed-in account; the colleague signs up from the invitation
    owner = signedIn.account;
    ({ context: ownerContext, page: ownerPage, tenantId } = await signedIn.workspace());
    colleagueContext = await browser.newContext();
    colleaguePage = await colleagueContext.newPage();
    // the colleague joins through the e-mailed invitation
    await joinAsMember(ownerPage, tenantId, colleaguePage, colleague);
    ada = await (await signedInApi(ownerPage, tenantId)).post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    bob = await (await signedInApi(ownerPage, tenantId)).post('/api/v1/contacts', { firstName: 'Bob', lastName: 'Builder' });
  });
  test.afterAll(async () => {
    await ownerContext?.close();
    await colleagueContext?.close();
  });

  test('a note mentioning a colleague reaches the colleague as a notification', async () => {
    await ownerPage.goto(CONTACT_PAGE(ada.id));
    const notes = new NotesPanel(ownerPage);
    await notes.write('Please call back', { search: 'Carl', name: 'Carl Colleague' });
    await expect(notes.note('Please call back @Carl Colleague')).toBeVisible();

    await colleaguePage.goto('/dashboard');
    const bell = new NotificationsBell(colleaguePage);
    await bell.open(1);
    // the notification names the contact and leads to it
    await bell.item(`${owner.name} mentioned you in a note on Ada Lovelace`).click();
    await expect(bell.button(0)).toBeVisible();
    await expect(colleaguePage).toHaveURL(new RegExp(`/contacts/${ada.id}$`));
    await expect(colleaguePage.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  });

  test('three files dropped into a folder; move, rename, preview and delete with confirmation', async () => {
    await ownerPage.goto(CONTACT_PAGE(ada.id));
    const docs = new DocumentsExplorer(ownerPage);
    await docs.newFolder('Contracts');
    await docs.open('Contracts');
    await docs.dropFiles([
      { name: 'pixel.png', type: 'image/png', base64: PIXEL_PNG },
      { name: 'hello.txt', type: 'text/plain', base64: b64('hello') },
      { name: 'data.csv', type: 'text/csv', base64: b64('a,b\n1,2\n') },
    ]);
    await docs.moveToRoot('data.csv');
    await docs.rename('hello.txt', 'greeting.txt');
    await docs.preview('pixel.png');
    await docs.delete('greeting.txt');
    await docs.toRoot();
    await expect(docs.item('data.csv')).toBeVisible();
    await expectAccessible(ownerPage, 'contact with record panels');
  });

  test('tag a contact, then filter the contact list by the tag', async () => {
    await ownerPage.goto(CONTACT_PAGE(ada.id));
    await new TagsPanel(ownerPage).createAndAdd('VIP');
    await ownerPage.goto('/contacts');
    await expect(ownerPage.getByRole('row', { name: /Bob Builder/ })).toBeVisible();
    await ownerPage.getByRole('combobox', { name: 'Filter by tag' }).click();
    await chooseOption(ownerPage, 'VIP');
    await ownerPage.keyboard.press('Escape');
    await expect(ownerPage.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
    await expect(ownerPage.getByRole('row', { name: /Bob Builder/ })).toHaveCount(0);
  });

  test('a link between two contacts shows on both', async () => {
    await ownerPage.goto(CONTACT_PAGE(ada.id));
    await new LinkedRecordsPanel(ownerPage).link('Bob', 'Bob Builder');
    await ownerPage.goto(CONTACT_PAGE(bob.id));
    await expect(new LinkedRecordsPanel(ownerPage).linked('Ada Lovelace')).toBeVisible();
  });

  // issue 14: a notification rule firing an e-mail on assignment
  test('a rule e-mails a colleague when a contact is assigned to them', async () => {
    const rules = new NotificationRulesSettings(ownerPage);
    await rules.open();
    await rules.createDefault();
    await ownerPage.goto(CONTACT_PAGE(bob.id));
    await ownerPage.getByRole('combobox', { name: 'Add a collaborator' }).click();
    await chooseOption(ownerPage, `Carl Colleague (${colleague.email})`);
    await expect(ownerPage.getByLabel('Collaborators', { exact: true }).getByText('Carl Colleague')).toBeVisible();
    await new MailboxPage(colleaguePage).openLatestTo(colleague.email, new RegExp(`${owner.name} assigned the contact Bob Builder`));
    // the mail leads to the contact
    await expect(colleaguePage.getByRole('link', { name: new RegExp(`/contacts/${bob.id}$`) })).toBeVisible();
  });
});
