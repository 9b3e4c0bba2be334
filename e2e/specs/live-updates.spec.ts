import { ContactDetailPage, ContactsListPage } from '../pages/contacts.pages';
import { joinAsMember } from '../pages/invitation.pages';
import type { Account } from '../pages/identity.pages';
import { NotificationsBell } from '../pages/records.pages';
import { expectAccessible, newAccount } from '../pages/shell.pages';
import { WorkspaceSettingsPage } from '../pages/workspace-settings.pages';
import { expect, test, type BrowserContext, type Page } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Issue 10, browser tests: what one person does reaches another's open page through GET /events,
// without a reload. The bell polls only every 30 s and lists never poll, so each of these can
// only pass through a live event.
const LIVE_MS = 5_000;

test.describe.serial('live updates', () => {
  test.describe.configure({ timeout: 180_000 });
  let owner: Account;
  const colleague = newAccount('Mo Mover');
  let ownerContext: BrowserContext;
  let colleagueContext: BrowserContext;
  let ownerPage: Page;
  let colleaguePage: Page;
  let tenantId: string;
  // calls as each of the two people, in the shared workspace
  const asOwner = () => signedInApi(ownerPage, tenantId);
  const asColleague = () => signedInApi(colleaguePage, tenantId);

  test.beforeAll(async ({ browser, signedIn }) => {
    // the owner is the shared signed-in account; the colleague signs up from the invitation
    owner = signedIn.account;
    ({ context: ownerContext, page: ownerPage, tenantId } = await signedIn.workspace());
    colleagueContext = await browser.newContext();
    colleaguePage = await colleagueContext.newPage();
    await joinAsMember(ownerPage, tenantId, colleaguePage, colleague);
  });
  test.afterAll(async () => {
    await ownerContext?.close();
    await colleagueContext?.close();
  });

  test('the bell counts a new mention at once, without a reload', async () => {
    await colleaguePage.goto('/dashboard');
    const bell = new NotificationsBell(colleaguePage);
    await expect(bell.button(0)).toBeVisible();
    const members = await (await asOwner()).post<{ data: { tenantUserId: string; email: string }[] }>('/api/v1/core/users/list', {});
    const mo = members.data.find((m) => m.email === colleague.email);
    const contact = await (await asOwner()).post<{ id: string }>('/api/v1/contacts', { firstName: 'Mentioned' });
    await (
      await asOwner()
    ).post('/api/v1/core/notes', {
      entityKind: 'Contact',
      entityId: contact.id,
      body: `<p>Over to you <span class="mention" data-mention-id="${mo?.tenantUserId}">@Mo Mover</span></p>`,
    });
    await expect(bell.button(1)).toBeVisible({ timeout: LIVE_MS });
    await bell.open(1);
    await expect(bell.item(`${owner.name} mentioned you in a note on Mentioned`)).toBeVisible();
  });

  test('an open contact list shows a contact another person created, then renamed', async () => {
    const list = new ContactsListPage(ownerPage);
    await list.open();
    const created = await (
      await asColleague()
    ).post<{ id: string }>('/api/v1/contacts', {
      firstName: 'Livia',
      lastName: 'Arrives',
    });
    await expect(list.row('Livia Arrives')).toBeVisible({ timeout: LIVE_MS });
    await (
      await asColleague()
    ).put(`/api/v1/contacts/${created.id}`, { firstName: 'Livia', lastName: 'Renamed' }, { headers: { 'if-match': '"1"' } });
    await expect(list.row('Livia Renamed')).toBeVisible({ timeout: LIVE_MS });
    await expect(list.row('Livia Arrives')).toHaveCount(0);
  });

  test("while a colleague's change reloads an open list, its rows stay usable: a row ticked meanwhile stays ticked", async () => {
    const list = new ContactsListPage(ownerPage);
    await list.open();
    await expect(list.row('Livia Renamed')).toBeVisible();
    // the list's next call is held until the row below has been ticked
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reloading = false;
    await ownerPage.route('**/api/v1/contacts/list', async (route) => {
      reloading = true;
      await held;
      await route.fallback();
    });
    await (await asColleague()).post('/api/v1/contacts', { firstName: 'Otto', lastName: 'Meanwhile' });
    await expect.poll(() => reloading, { timeout: LIVE_MS }).toBe(true);
    // the rows shown are not dimmed behind a spinner, and take a click
    await expect(ownerPage.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await list.select('Livia Renamed');
    release();
    await expect(list.row('Otto Meanwhile')).toBeVisible({ timeout: LIVE_MS });
    await expect(list.row('Livia Renamed').getByRole('checkbox')).toBeChecked();
    await expect(ownerPage.getByText('1 selected')).toBeVisible();
  });

  test('an open contact shows what another person saved, and keeps the unsaved edits made here', async () => {
    const created = await (
      await asColleague()
    ).post<{ id: string }>('/api/v1/contacts', {
      firstName: 'Nora',
      lastName: 'Original',
    });
    const detail = new ContactDetailPage(ownerPage);
    await detail.open(created.id, 'Nora Original');
    // an edit here, not saved yet
    await detail.form().getByLabel('First name').fill('Norah');
    await (
      await asColleague()
    ).put(`/api/v1/contacts/${created.id}`, { firstName: 'Nora', lastName: 'Changed' }, { headers: { 'if-match': '"1"' } });
    // the other person's change arrives without a reload, the local edit stays
    await expect(detail.form().getByLabel('Last name')).toHaveValue('Changed', { timeout: LIVE_MS });
    await expect(detail.form().getByLabel('First name')).toHaveValue('Norah');
    await expect(ownerPage.getByText(/Someone else saved this contact while you were editing it/)).toBeVisible();
    await detail.save();
    await expect(ownerPage.getByRole('heading', { name: 'Norah Changed', level: 1 })).toBeVisible();
    const saved = await (await asOwner()).get<{ firstName: string; lastName: string; version: number }>(`/api/v1/contacts/${created.id}`);
    expect(saved).toMatchObject({ firstName: 'Norah', lastName: 'Changed', version: 3 });
  });

  test("the clean-up job's progress bar moves with the job's live events to done, with its counts", async () => {
    const settings = new WorkspaceSettingsPage(ownerPage);
    await settings.open();
    // the job's own address is refused: only the live events can move the bar
    await ownerPage.route(/\/api\/v1\/core\/jobs\/[0-9a-f-]{36}$/, (route) => route.abort());
    await settings.startCleanup();
    // the bar moves while the job's own address is refused: the live events move it
    await expect(settings.progress()).not.toHaveAttribute('aria-valuenow', '0', { timeout: 30_000 });
    // and it reaches the end (a lost event is made up by the job's slow poll, every 10 s)
    await ownerPage.unroute(/\/api\/v1\/core\/jobs\/[0-9a-f-]{36}$/);
    await expect(settings.progress()).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
    await expect(settings.progress()).toHaveAttribute('aria-valuetext', /^(\d+) of \1$/);
    await expect(settings.status('Done')).toBeVisible();
    await expectAccessible(ownerPage, 'workspace settings with a finished clean-up');
  });
});
