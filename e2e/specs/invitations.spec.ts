import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { InvitationMail, InvitationPage } from '../pages/invitation.pages';
import { MailboxPage } from '../pages/identity.pages';
import { AppShell, UsersPage, expectAccessible, newAccount, signedInWithWorkspace } from '../pages/shell.pages';

// Issue 12, defects 7 and 8: a colleague invited by e-mail who has no account yet signs up
// from the invitation and lands in the workspace after the first sign-in; inviting a pending
// invitee again sends a fresh invitation.
test.describe.serial('invitations', () => {
  test.describe.configure({ timeout: 120_000 });
  const owner = newAccount('Olga Owner');
  const colleague = newAccount('Carla Colleague');
  const newcomer = newAccount('Nico Newcomer');
  let ownerContext: BrowserContext;
  let colleagueContext: BrowserContext;
  let ownerPage: Page;
  let colleaguePage: Page;
  let workspace = '';

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    ownerContext = await browser.newContext();
    colleagueContext = await browser.newContext();
    ownerPage = await ownerContext.newPage();
    colleaguePage = await colleagueContext.newPage();
    workspace = (await signedInWithWorkspace(ownerPage, owner)).name;
  });
  test.afterAll(async () => {
    await ownerContext.close();
    await colleagueContext.close();
  });

  test('inviting a pending invitee again sends a new invitation instead of "already a member"', async () => {
    const users = new UsersPage(ownerPage);
    await users.open();
    await users.invite(colleague.email);
    const mail = new InvitationMail(colleaguePage);
    const firstLink = await mail.latestLink(colleague.email);

    // the same address again, as an admin does when the first mail got lost
    await users.invite(colleague.email);
    await expect(ownerPage.getByText('already a member', { exact: false })).toHaveCount(0);
    await expect(users.row(colleague.email)).toContainText('Invited');
    await expect(ownerPage.getByRole('row', { name: new RegExp(colleague.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toHaveCount(1);
    const secondLink = await mail.latestLink(colleague.email);
    expect(secondLink).not.toBe(firstLink);
    expect(await mail.count(colleague.email)).toBe(2);

    // the new mail carries a new token; the old one no longer opens the invitation
    const invitation = new InvitationPage(colleaguePage);
    await invitation.open(firstLink);
    await invitation.expectInvalid();
    await invitation.open(secondLink);
    await invitation.expectFor(workspace, colleague.email);
  });

  test('signing up from the invitation pre-fills the e-mail and joins the workspace after the first sign-in', async () => {
    await new UsersPage(ownerPage).open();
    await new UsersPage(ownerPage).invite(newcomer.email);
    const invitation = new InvitationPage(colleaguePage);
    await invitation.open(await new InvitationMail(colleaguePage).latestLink(newcomer.email));
    await invitation.expectFor(workspace, newcomer.email);
    await invitation.signUpToAccept();

    // the provider's sign-up form already holds the invited address
    await expect(colleaguePage.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(colleaguePage.getByLabel('E-mail')).toHaveValue(newcomer.email);
    await colleaguePage.getByLabel('Name').fill(newcomer.name);
    await colleaguePage.getByLabel('Password').fill(newcomer.password);
    await colleaguePage.getByRole('button', { name: 'Sign up' }).click();
    await expect(colleaguePage.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();

    // the verification link signs the newcomer in and accepts the invitation
    const mailbox = new MailboxPage(colleaguePage);
    await mailbox.openLatestTo(newcomer.email, /Verify your e-mail address/);
    await mailbox.followLink(/\/idp\/verify-token\?/);

    // in the workspace, not on "not a member of any workspace"
    await colleaguePage.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
    await new AppShell(colleaguePage).expectWorkspace(workspace);
    await expect(colleaguePage.getByText('You are not a member of any workspace yet', { exact: false })).toHaveCount(0);
    // a colleague who joined is not told that "your workspace is ready" (defect 13)
    await expect(colleaguePage.getByText('Your workspace is ready')).toHaveCount(0);
    await expectAccessible(colleaguePage, 'dashboard of a colleague who joined');

    const users = new UsersPage(ownerPage);
    await users.open();
    await expect(users.row(newcomer.email)).toContainText('Active');
  });

  test('inviting an active member is still refused with a message on the field', async () => {
    const users = new UsersPage(ownerPage);
    await users.open();
    await ownerPage.getByRole('button', { name: 'Invite user' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('E-mail').fill(newcomer.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('This person is already a member of the workspace')).toBeVisible();
  });
});
