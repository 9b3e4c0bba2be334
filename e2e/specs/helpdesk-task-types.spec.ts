import { pickRecord } from '../pages/entity.pages';
import { RequestPage } from '../pages/helpdesk.pages';
import { acceptInOwnBrowser, inviteOutsider } from '../pages/invitation.pages';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

const ofType = (typeId: string) => `/requests?f=${encodeURIComponent(JSON.stringify([{ field: 'typeId', op: 'eq', value: typeId }]))}`;

// Helpdesk task types (issue 23, decision 094 round seven): an admin adds a type in the request
// settings (Helpdesk Pro); a colleague who is the helpdesk's Agent — a role there, no helpdesk
// permission in the workspace — sets it on a request from its page, and the list filtered by the
// type shows the request.
test('an admin adds a request type; the helpdesk’s agent sets it on a request', async ({ workspace, browser }) => {
  test.setTimeout(180_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' });
  const helpdesk = await api.post<{ id: string }>('/api/v1/helpdesks', { name: 'Customer support', code: 'HELP' }, { status: 201 });
  const request = await api.post<{ id: string }>(
    '/api/v1/requests',
    { subject: 'Laptop will not start', helpdeskId: helpdesk.id, requesterEmail: 'ada@example.com' },
    { status: 201 },
  );
  const { colleague, tenantUserId: invitedId } = await inviteOutsider(api, 'Alex Agent');
  await api.post(`/api/v1/helpdesks/${helpdesk.id}/members`, { tenantUserId: invitedId, role: 'Agent' }, { status: 201 });

  // the admin: Requests → Settings → Types → Add type
  await page.goto('/requests');
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Request settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Types' }).click();
  await page.getByRole('button', { name: 'Add type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add type' });
  await dialog.getByLabel('Name').fill('Hardware fault');
  await dialog.getByLabel('Description').fill('Something physical is broken');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const type = page.getByRole('listitem').filter({ hasText: 'Hardware fault' });
  await expect(type).toContainText('0 records');
  await expectAccessible(page, 'request types');
  const types = await api.post<{ data: { id: string; name: string }[] }>('/api/v1/helpdesk-task-types/list', { page: 1, pageSize: 25 });
  const typeId = types.data.find((t) => t.name === 'Hardware fault')?.id ?? '';

  // the agent: the request's page offers the type; saved, it stays
  const { context, page: other } = await acceptInOwnBrowser(browser, colleague);
  const r = new RequestPage(other);
  await r.open(request.id, 'Laptop will not start');
  const form = other.locator('form').filter({ has: other.getByRole('button', { name: 'Discard changes' }) });
  await pickRecord(other, form.getByLabel('Type', { exact: true }), 'Hardware fault');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Request saved').first()).toBeVisible();
  await other.reload();
  await expect(form.getByText('Hardware fault', { exact: true })).toBeVisible();
  await expectAccessible(other, 'request with a type');
  // the list by the type shows the request
  await other.goto(ofType(typeId));
  await expect(other.getByRole('main').getByRole('link', { name: 'Laptop will not start' })).toBeVisible();
  await context.close();

  // and the admin's types count it
  await page.reload();
  await page.getByRole('tab', { name: 'Types' }).click();
  await expect(type).toContainText('1 record');
  // the tab is in the address, and it stays when the window narrows to a phone's, where the types fit
  await expect(page).toHaveURL(/[?&]tab=types/);
  await page.setViewportSize(PHONE);
  await expect(type).toBeVisible();
  await expect.poll(() => horizontalOverflow(page)).toEqual({ scrollWidth: 390, innerWidth: 390 });
  await expectAccessible(page, 'request types, 390 px');
});
