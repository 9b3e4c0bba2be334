import { expect, test, type Page } from '../support/signed-in.fixture';
import { KnowledgeBasePage, RequestPage } from '../pages/helpdesk.pages';
import { MailboxPage } from '../pages/identity.pages';
import { expectAccessible } from '../pages/shell.pages';
import { PHONE, horizontalOverflow } from '../pages/site-map.pages';
import { signedInApi } from '../support/signed-in-api';

// a project's tasks on the board (as task-board.spec opens it)
const boardPath = (projectId: string) =>
  `/tasks?v=&m=board&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: projectId }]))}`;

// Issue 23, browser tests: an article written, published and found by the knowledge base's
// full-text search, and by an anonymous visitor on the public portal at 390 px; an agent answers a request from its page and the reply arrives in the local
// mailbox (the captured outbox), an internal note never does; the request becomes a task.
test.describe.serial('helpdesk', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let tenantId: string;
  let helpdeskId: string;
  let projectId: string;
  let request: { id: string; subject: string; number: string };
  const requester = `ada-${Date.now()}@example.com`;

  test.beforeAll(async ({ signedIn }) => {
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const helpdesk = await api.post<{ id: string }>('/api/v1/helpdesks', {
      portalSlug: 'help',
      name: 'Customer support',
      code: 'HELP',
      senderAddress: 'support@example.com',
    });
    helpdeskId = helpdesk.id;
    request = await api.post('/api/v1/requests', {
      subject: 'Cannot sign in',
      helpdeskId: helpdesk.id,
      requesterEmail: requester,
      description: 'The sign-in page says my password is wrong.',
    });
    projectId = (await api.post<{ id: string }>('/api/v1/projects', { name: 'Support fixes', code: 'FIX' })).id;
  });
  test.afterAll(async () => page?.context().close());

  test('an article is published and found by the knowledge base search', async () => {
    const kb = new KnowledgeBasePage(page);
    await kb.open();
    await kb.create('Resetting forgotten passwords', 'Customer support');
    await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();
    await kb.publish();
    await kb.open();
    // stemmed: "reset password" finds "Resetting … passwords", the words marked in the snippet
    const hits = await kb.search('reset password');
    await expect(hits.getByRole('link', { name: 'Resetting forgotten passwords' })).toBeVisible();
    await expect(hits.locator('mark').first()).toBeVisible();
    await expect(hits.getByText('Published', { exact: true })).toBeVisible();
    await hits.getByRole('link', { name: 'Resetting forgotten passwords' }).click();
    await expect(page.getByRole('heading', { name: 'Resetting forgotten passwords', level: 1 })).toBeVisible();
  });

  test('an agent answers a request and the reply arrives in the mailbox; a note stays inside', async () => {
    const r = new RequestPage(page);
    await r.open(request.id, request.subject);
    await r.reply('Checked the logs: the account was locked.', 'Internal note');
    await expect(page.getByText('Internal note — never sent')).toBeVisible();
    await r.reply('We unlocked your account; please sign in again.');
    await expect(page.getByText(`Reply to ${requester}`)).toBeVisible();

    const mailbox = new MailboxPage(page);
    await mailbox.openLatestTo(requester, new RegExp(`\\[${request.number}\\] Cannot sign in`));
    await expect(page.getByText('We unlocked your account; please sign in again.')).toBeVisible();
    await expect(page.getByText('Checked the logs')).toHaveCount(0);
  });

  test('the request becomes a task in a project, and follows its stage', async () => {
    const r = new RequestPage(page);
    await r.open(request.id, request.subject);
    await r.makeTask('Support fixes');
    await expect(page.getByText('Task FIX-1 made')).toBeVisible();
    // the request shows its task, which opens the task's page
    await expect(page.getByRole('button', { name: 'Make a task' })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Cannot sign in' }).click();
    await expect(page).toHaveURL(/\/tasks\//);
    await expect(page.getByRole('heading', { name: 'Cannot sign in', level: 1 })).toBeVisible();
    // and the task shows the request among its linked records
    await expect(page.getByLabel('Linked records', { exact: true }).getByText('Cannot sign in', { exact: true })).toBeVisible();
    // the task is done (moved on its project's board by keyboard): the request follows to Resolved
    await page.goto(boardPath(projectId));
    const board = page.getByRole('list', { name: 'Tasks by stage' });
    await board.getByRole('group', { name: /Cannot sign in/ }).focus();
    for (const stage of ['In progress', 'In review', 'Done']) {
      await page.keyboard.press('Shift+ArrowRight');
      await expect(page.getByRole('status').filter({ hasText: /moved/ })).toHaveText(/moved to /);
      await expect(
        board.getByRole('listitem', { name: new RegExp(`^${stage}`) }).getByRole('group', { name: /Cannot sign in/ }),
      ).toBeFocused();
    }
    await r.open(request.id, request.subject);
    await expect(page.locator('form').getByText('Resolved', { exact: true })).toBeVisible();
  });

  test('an anonymous visitor finds the published article on the portal and asks a question, at 390 px', async ({ browser }) => {
    const api = await signedInApi(page, tenantId);
    const etag = (await api.send('GET', `/api/v1/helpdesks/${helpdeskId}`)).headers().etag ?? '';
    await api.send('PATCH', `/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalEnabled', value: true }], {
      'content-type': 'application/json-patch+json',
      'if-match': etag,
    });
    const workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(`/portal/${workspace}/help`);
    await expect(visitor.getByRole('heading', { name: 'Customer support', level: 1 })).toBeVisible();
    await expectAccessible(visitor, 'portal home, 390 px');
    await visitor.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('forgotten password');
    await visitor.getByRole('searchbox', { name: 'Search the knowledge base' }).press('Enter');
    const hit = visitor.getByRole('link', { name: 'Resetting forgotten passwords' });
    await expect(hit).toBeVisible();
    await expect(visitor.locator('mark').first()).toBeVisible();
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await hit.click();
    await expect(visitor.getByRole('heading', { name: 'Resetting forgotten passwords', level: 1 })).toBeVisible();
    await expectAccessible(visitor, 'portal article, 390 px');
    // the visitor asks a question: the browser solves the captcha, the request is numbered
    await visitor.goto(`/portal/${workspace}/help`);
    await visitor.getByRole('link', { name: 'Ask us' }).click();
    await expect(visitor.getByRole('heading', { name: 'Send us your question', level: 1 })).toBeVisible();
    await visitor.getByLabel('Your e-mail').fill('visitor@example.com');
    await visitor.getByLabel('Subject').fill('Where is my invoice?');
    await visitor.getByLabel('Your question').fill('I cannot find the November invoice.');
    expect(await horizontalOverflow(visitor)).toEqual({ scrollWidth: 390, innerWidth: 390 });
    await expectAccessible(visitor, 'portal request form, 390 px');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await expect(visitor.getByText(/we received your request HELP-\d+/)).toBeVisible({ timeout: 30_000 });
    const requests = await api.post<{ data: { subject: string; channel: string }[] }>('/api/v1/requests/list', { search: 'invoice' });
    expect(requests.data.map((r) => [r.subject, r.channel])).toEqual([['Where is my invoice?', 'Portal']]);
    // an address that is no portal says so, as the page's heading
    await visitor.goto(`/portal/${workspace}/nothing-here`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'There is no help centre at this address' })).toBeVisible();
    // so does one cut short in the middle of a %-escape (the page was blank: "URI malformed")
    await visitor.goto('/portal/%E0%A4%A/help');
    await expect(visitor.getByText('There is no help centre at this address')).toBeVisible();
    await visitor.context().close();
  });
});
