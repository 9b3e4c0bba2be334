import { expect, test, type Page } from '../support/signed-in.fixture';
import { EntityPages } from '../pages/entity.pages';
import { chooseOption, expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { signedInApi } from '../support/signed-in-api';

// Issue 22, portal logins (decision 093 rounds seven and eight): a booking page for Registered portal
// users of a workspace without any helpdesk shows "login required" with a sign-in by e-mail; the
// link ("Sign in to book …"), opened from the local mailbox (the captured outbox), signs the visitor
// in on the page itself; the page says who is signed in and
// books for them without a form or captcha, at 390 px. Made Restricted without them, the page says
// "portal access denied"; listed on the page's form, they are let in again; they sign out (confirmed).
test.describe.serial('portal logins on booking pages', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let workspace: string;
  let pageId: string;
  const email = `rita-${Date.now()}@example.com`;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    await api.post('/api/v1/contacts', { firstName: 'Rita', lastName: 'Registered', email });
    const location = await api.post<{ id: string }>('/api/v1/locations', { name: 'Harbour office', timeZone: 'Europe/Berlin' });
    const type = await api.post<{ id: string }>('/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' });
    await api.post('/api/v1/resources', { name: 'Desk A', resourceTypeId: type.id, locationId: location.id });
    pageId = (
      await api.post<{ id: string }>('/api/v1/booking-pages', {
        name: 'Member desks',
        locationId: location.id,
        items: { resourceTypeIds: [type.id] },
        policy: { fixedDurationMinutes: 60, incrementMinutes: 60 },
        externalVisibility: 'Registered',
        portalEnabled: true,
      })
    ).id;
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('a portal user signs in by the mailed link and books a Registered page at 390 px', async ({ browser }) => {
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/book/member-desks`);
    await expect(visitor.getByRole('heading', { name: 'Login required', level: 1 })).toBeVisible();
    await expectAccessible(visitor, 'booking portal login required, 390 px');
    await visitor.getByLabel('E-mail').fill(email);
    await visitor.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(visitor.getByText(/a sign-in link is on its way/)).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });

    // the newest sign-in mail to the visitor, from the local mailbox, and the link in it
    const openSignInLink = async () => {
      await visitor.goto('/mailbox');
      await visitor
        .getByRole('row', { name: new RegExp(escape(email)) })
        .getByRole('link', { name: /^Sign in to book Member desks/ })
        .first()
        .click();
      await visitor.getByRole('link', { name: /\/portal\/.*\/book\/member-desks\?token=/ }).click();
    };

    // the mail, from the local mailbox: its link leads to the page, which signs the visitor in
    await openSignInLink();
    await expect(visitor.getByRole('heading', { name: 'Member desks', level: 1 })).toBeVisible();
    await expect(visitor).toHaveURL(new RegExp(`/portal/${escape(workspace)}/book/member-desks$`));
    await expect(visitor.getByText(`Signed in as Rita Registered (${email})`)).toBeVisible();

    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await visitor.getByLabel('Day').fill(day);
    const times = visitor.getByRole('list', { name: 'Free times' });
    await times.getByRole('button').first().click();
    await expect(visitor.getByText(/This time is held for you until/)).toBeVisible();
    // no name, e-mail or captcha: the booking is theirs
    await expect(visitor.getByText(`You book as Rita Registered (${email}).`)).toBeVisible();
    await expect(visitor.getByLabel('Name')).toHaveCount(0);
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'booking portal signed in, 390 px');
    await visitor.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(visitor.getByText('Your booking is confirmed')).toBeVisible();

    // Restricted to nobody: the signed-in user is told portal access denied
    const api = await signedInApi(page, tenantId);
    const current = await api.get<{ version: number }>(`/api/v1/booking-pages/${pageId}`);
    const patched = await api.patch(`/api/v1/booking-pages/${pageId}`, current.version, [
      { op: 'replace', path: '/externalVisibility', value: 'Restricted' },
    ]);
    expect(patched.status).toBe(200);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Portal access denied', level: 1 })).toBeVisible();
    await expectAccessible(visitor, 'booking portal access denied, 390 px');

    // the admin lists her on the page's form ("Restricted to"): she is let in again
    const pages = new EntityPages(page, '/booking-pages', 'Booking pages', 'Booking page');
    await page.goto(`/booking-pages/${pageId}`);
    await expect(pages.heading('Member desks')).toBeVisible();
    const form = pages.form();
    await form.getByLabel('Contacts').click();
    await form.getByLabel('Contacts').fill('Rita');
    await chooseOption(page, 'Rita Registered');
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Member desks', level: 1 })).toBeVisible();

    // signing out asks first; then the page is closed to them again
    await visitor.getByRole('button', { name: 'Sign out' }).click();
    await visitor.locator('.ant-popconfirm').getByRole('button', { name: 'Sign out' }).click();
    await expect(visitor.getByRole('heading', { name: 'Login required', level: 1 })).toBeVisible();

    // the spent link, opened again, says so and offers a new one
    await openSignInLink();
    await expect(visitor.getByRole('alert')).toContainText('This sign-in link is not valid');
    await expect(visitor.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
    await visitor.context().close();
  });
});
