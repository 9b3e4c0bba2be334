import { KnowledgeBasePage } from '../pages/helpdesk.pages';
import { acceptInOwnBrowser, inviteOutsider } from '../pages/invitation.pages';
import { AppShell, expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// A helpdesk's roles reach its knowledge base (decision 094 round eight): a colleague whose
// workspace role has no Helpdesk permission, made an Agent of one helpdesk, finds the Knowledge
// base in the navigation with that helpdesk's articles only — reading, not publishing; made its
// Supervisor, they publish its draft from the article's page.
test("a helpdesk's agent reads its knowledge base only; its supervisor publishes there", async ({ workspace, browser }) => {
  test.setTimeout(150_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' });
  const { colleague, tenantUserId: invitedId } = await inviteOutsider(api, 'Kim Agent');
  const support = await api.post<{ id: string }>('/api/v1/helpdesks', { name: 'Support', code: 'SUP' }, { status: 201 });
  const billing = await api.post<{ id: string }>('/api/v1/helpdesks', { name: 'Billing', code: 'BIL' }, { status: 201 });
  const draft = await api.post<{ id: string }>(
    '/api/v1/articles',
    { title: 'Replacing the toner', helpdeskId: support.id, content: '<p>Open the flap.</p>' },
    { status: 201 },
  );
  await api.post(
    '/api/v1/articles',
    { title: 'Paying an invoice', helpdeskId: billing.id, content: '<p>The toner invoice.</p>' },
    { status: 201 },
  );
  const members = `/api/v1/helpdesks/${support.id}/members`;
  await api.post(members, { tenantUserId: invitedId, role: 'Agent' }, { status: 201 });

  const { context, page: other } = await acceptInOwnBrowser(browser, colleague);
  const nav = new AppShell(other).nav();
  await nav.getByRole('link', { name: 'Knowledge base' }).click();
  await other.waitForURL((u) => u.pathname === '/articles');
  const main = other.getByRole('main');
  await expect(main.getByRole('link', { name: 'Replacing the toner' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Paying an invoice' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'New article' })).toHaveCount(0);
  await expectAccessible(other, "knowledge base through a helpdesk's role");
  // the search finds the helpdesk's article only, though the other helpdesk's mentions toner too
  const hits = await new KnowledgeBasePage(other).search('toner');
  await expect(hits.getByRole('link', { name: /Replacing the toner/ })).toBeVisible();
  await expect(hits.getByRole('link', { name: /Paying an invoice/ })).toHaveCount(0);
  await other.keyboard.press('Escape');
  // an agent reads the draft and does not publish it
  await main.getByRole('link', { name: 'Replacing the toner' }).click();
  await expect(other.getByRole('heading', { name: 'Replacing the toner', level: 1 })).toBeVisible();
  await expect(other.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  // made the helpdesk's supervisor: the article's page offers Publish, and it is published
  await api.put(`${members}/${invitedId}`, { role: 'Supervisor' });
  await other.reload();
  await new KnowledgeBasePage(other).publish();
  expect((await api.get<{ status: string }>(`/api/v1/articles/${draft.id}`)).status).toBe('Published');
  await context.close();
});
