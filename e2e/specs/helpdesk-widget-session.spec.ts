import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { databaseSql } from '../support/database';
import { signedInApi } from '../support/signed-in-api';

// Issue 23, decision 094 round five: a portal session inside the helpdesk widget. A page of
// another site (localhost; the app is 127.0.0.1) embeds the widget, whose frame is sent no portal
// cookie: the requester signs in inside the frame, opens the mailed link in a tab of their own,
// and the frame — which kept a pairing meanwhile — signs itself in and shows their requests.
test.describe.serial('helpdesk widget session', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let workspace: string;
  const requester = `ada-${Date.now()}@example.com`;

  test.beforeAll(async ({ signedIn }) => {
    let tenantId: string;
    ({ page, tenantId } = await signedIn.workspace());
    const api = await signedInApi(page, tenantId);
    const helpdesk = await api.post<{ id: string }>('/api/v1/helpdesks', {
      name: 'Dock support',
      code: 'DOCK',
      portalSlug: 'support',
      portalEnabled: true,
    });
    await api.post('/api/v1/requests', { helpdeskId: helpdesk.id, subject: 'Crane is stuck', requesterEmail: requester });
    workspace = (await api.get<{ id: string; slug: string }[]>('/api/v1/admin/tenants')).find((w) => w.id === tenantId)?.slug ?? '';
  });
  test.afterAll(async () => page?.context().close());

  test('the requester signs in inside the widget and sees their requests there', async ({ browser, baseURL }) => {
    const visitor = await (await browser.newContext()).newPage();
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dock shop</title></head>
<body><h1>Dock shop</h1>
<script src="${baseURL}/widget.js" data-atrium-widget="HelpdeskWidget" data-workspace="${workspace}" data-helpdesk="support" async></script>
</body></html>`;
    const shop = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    try {
      await visitor.goto(`http://localhost:${port}/`);
      const help = visitor.frameLocator('iframe[data-atrium-frame]');
      await expect(help.getByRole('heading', { name: 'Dock support', level: 1 })).toBeVisible();
      await help.getByRole('link', { name: 'Sign in' }).click();
      await help.getByLabel('Your e-mail').fill(requester);
      await help.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await expect(help.getByText('This window signs you in as soon as you have.')).toBeVisible();

      // the mailed link, opened in a tab of its own (first-party): that tab signs in too
      const [mail] = await databaseSql(`select text from mail_outbox where "to" = $1 order by created_at desc limit 1`, [requester]);
      const link = /(https?:\/\/\S+\/sign-in\?token=[\w-]+)/.exec(String(mail?.text ?? ''))?.[1] ?? '';
      const tab = await visitor.context().newPage();
      await tab.goto(`${baseURL}${new URL(link).pathname}${new URL(link).search}`);
      await expect(tab.getByRole('heading', { name: 'My requests', level: 1 })).toBeVisible();
      await tab.close();

      // the widget signed itself in meanwhile and shows the requester's requests
      await expect(help.getByRole('heading', { name: 'My requests', level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(help.getByRole('link', { name: /Crane is stuck/ })).toBeVisible();
      await expect(help.getByText(`Signed in as ${requester.split('@')[0]} (${requester})`)).toBeVisible();
    } finally {
      shop.close();
      await visitor.context().close();
    }
  });
});
