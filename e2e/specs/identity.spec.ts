import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MailboxPage, SessionApi, SignInPage, SignOutFlow, SignUpPage, type Account } from '../pages/identity.pages';
import { signedInApi } from '../support/signed-in-api';

// Signed in, a user without a workspace lands on the home page, which forwards to the workspace
// list; signing in again returns to whichever of the two they signed out from (under load the
// forward may come before the sign-out: the CI saw the second sign-in land on /workspaces).
const signedInLanding = (url: URL) => url.pathname === '/' || url.pathname === '/workspaces';

test('a new user signs up, is signed in by the verification link from the local mailbox, signs out, and in again with the password', async ({
  page,
}) => {
  const account: Account = { name: 'Grace Hopper', email: `grace-${Date.now()}@example.com`, password: 'a long enough password' };
  const session = new SessionApi(page);

  await page.goto('/');
  expect((await session.current()).user).toBeNull();

  const signUp = new SignUpPage(page);
  await signUp.open();
  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.map((v) => v.id)).toEqual([]);
  await signUp.signUp(account);

  const mailbox = new MailboxPage(page);
  await mailbox.openLatestTo(account.email, /Verify your e-mail address/);
  // confirming the address signs the user in, no password asked again (issue 26)
  await mailbox.followLink(/\/idp\/verify-token\?/);
  await page.waitForURL(signedInLanding);

  const confirmed = await session.current();
  expect(confirmed.error).toBeNull();
  expect(confirmed.user).toMatchObject({ email: account.email, name: account.name });
  expect(confirmed.accessToken).toBeTruthy();
  // the session's access token opens the API (a user-level call: no workspace yet)
  await (await signedInApi(page, null)).get('/api/v1/admin/tenants', { status: 200 });
  await new SignOutFlow(page).signOut();
  expect((await session.current()).user).toBeNull();

  // later visits sign in with the password
  await page.goto('/auth/signin');
  const signIn = new SignInPage(page);
  await signIn.expectOpen();
  await signIn.signIn(account.email, account.password);
  await page.waitForURL(signedInLanding);
  expect((await session.current()).user).toMatchObject({ email: account.email });

  await new SignOutFlow(page).signOut();
  expect((await session.current()).user).toBeNull();
});

test('a wrong password shows the error beside the form without revealing the account', async ({ page }) => {
  await page.goto('/auth/signin');
  const signIn = new SignInPage(page);
  await signIn.expectOpen();
  await signIn.signIn(`nobody-${Date.now()}@example.com`, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
});
