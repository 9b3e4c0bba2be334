import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { WorkspaceDomainPage } from '../pages/domain.pages';
import { MailboxPage, type Account } from '../pages/identity.pages';
import { WorkspaceSelectionPage, expectAccessible, newAccount, signedInWithWorkspace, signUpVerifyAndSignIn } from '../pages/shell.pages';

// Join by domain as people live it: the owner claims the company's domain, nobody is offered
// the workspace until the owner proves the domain with a code mailed into it, then a colleague
// with an address at the domain finds it and joins.
test.describe.serial('workspace domain', () => {
  const domain = `corp-${Date.now().toString(36)}.test`;
  const owner: Account = { ...newAccount('Olga Owner'), email: `olga-${Date.now()}@${domain}` };
  const colleague: Account = { ...newAccount('Carl Colleague'), email: `carl-${Date.now()}@${domain}` };
  let ownerContext: BrowserContext;
  let colleagueContext: BrowserContext;
  let ownerPage: Page;
  let colleaguePage: Page;
  let workspace: { tenantId: string; name: string };

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    ownerContext = await browser.newContext();
    colleagueContext = await browser.newContext();
    ownerPage = await ownerContext.newPage();
    colleaguePage = await colleagueContext.newPage();
    workspace = await signedInWithWorkspace(ownerPage, owner);
  });
  test.afterAll(async () => {
    await ownerContext.close();
    await colleagueContext.close();
  });

  test('a public mail domain is refused', async () => {
    const settings = new WorkspaceDomainPage(ownerPage);
    await settings.open();
    await ownerPage.getByLabel('Domain', { exact: true }).fill('gmail.com');
    await ownerPage.getByRole('button', { name: 'Save' }).click();
    await settings.expectMessage('A public mail domain cannot belong to one workspace');
  });

  test('a claimed domain is offered to nobody until it is proven', async () => {
    const settings = new WorkspaceDomainPage(ownerPage);
    await settings.claim(domain);
    await expectAccessible(ownerPage, 'workspace domain');
    // the DNS record is not there
    await settings.checkDns();
    await settings.expectMessage('Prove that the workspace owns this domain first');

    await signUpVerifyAndSignIn(colleaguePage, colleague);
    await new WorkspaceSelectionPage(colleaguePage).expectOpen();
    await expect(colleaguePage.getByRole('button', { name: `Join ${workspace.name}` })).toHaveCount(0);
  });

  test('a code mailed into the domain proves it, and a colleague joins', async () => {
    const settings = new WorkspaceDomainPage(ownerPage);
    await settings.sendCode('it');
    await settings.expectMessage(`A code was sent to it@${domain}`);
    // whoever reads it@domain passes the code on; here the local mailbox
    const mailbox = new MailboxPage(ownerPage);
    await mailbox.openLatestTo(`it@${domain}`, /confirm that/);
    const code = (await ownerPage.getByText(/give them this code: [A-Z0-9]{8}/).textContent())?.match(/code: ([A-Z0-9]{8})/)?.[1] ?? '';
    expect(code).toHaveLength(8);
    await settings.open();
    await settings.confirmCode(code);
    await settings.expectProvenByMail();

    await colleaguePage.reload();
    await colleaguePage.getByRole('button', { name: `Join ${workspace.name}` }).click();
    await colleaguePage.waitForURL((u) => u.pathname === '/dashboard');
  });
});
