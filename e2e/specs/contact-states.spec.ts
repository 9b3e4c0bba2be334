import { expect, test } from '../support/signed-in.fixture';
import { ContactDetailPage } from '../pages/contacts.pages';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// A contact's e-mail states (spec §7): blocked, spam, unsubscribed — set from the contact's page,
// shown on it, recorded in its activity, and undone the same way.
test('a contact is blocked, marked as spam and let back in from its page', async ({ workspace: { page } }) => {
  test.setTimeout(120_000);
  const ada = await (await signedInApi(page)).createContact({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
  const detail = new ContactDetailPage(page);
  await detail.open(ada.id, 'Ada Lovelace');
  const states = page.getByLabel('E-mail status', { exact: true });

  const choose = async (item: string) => {
    await page.getByRole('button', { name: 'E-mail status' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page.getByText('E-mail status changed').last()).toBeVisible();
  };
  await choose('Block');
  await expect(states.getByText('Blocked')).toBeVisible();
  await expect(detail.activity().getByText('blocked the contact')).toBeVisible();
  await choose('Mark e-mails as spam');
  await expect(states.getByText('Spam')).toBeVisible();
  await expectAccessible(page, 'contact with e-mail states');

  await choose('Lift the block');
  await choose('Not spam');
  await expect(states).toHaveCount(0);
  await expect(detail.activity().getByText("un-spammed the contact's e-mails")).toBeVisible();
});
