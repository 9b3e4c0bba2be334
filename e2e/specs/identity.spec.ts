import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MailboxPage, SessionApi, SignInPage, SignOutFlow, SignUpPage, type Account } from '../pages/identity.pages';
import { signedInApi } from '../support/signed-in-api';

test('a new user signs up, verifies the e-mail from the local mailbox, signs in and out', async ({ page }) => {
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
  await mailbox.followLink(/\/idp\/verify-token\?/);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  const signIn = new SignInPage(page);
  await signIn.expectOpen();
  await signIn.signIn(account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/');

  const signedIn = await session.current();
  expect(signedIn.error).toBeNull();
  expect(signedIn.user).toMatchObject({ email: account.email, name: account.name });
  expect(signedIn.accessToken).toBeTruthy();
  // the session's access token opens the API (a user-level call: no workspace yet)
  await (await signedInApi(page, null)).get('/api/v1/admin/tenants', { status: 200 });

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
