import nodemailer from 'nodemailer';
import { RequestPage } from '../pages/helpdesk.pages';
import { expect, test, type Page } from '../support/signed-in.fixture';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

// Issue 23, inbound mail in the browser: a requester's mail to the helpdesk's address (sent with
// nodemailer to the server's inbound SMTP listener, SMTP_INBOUND_PORT of the global setup) makes
// a request; the agent has its page open and answers; the requester's mailed answer threads into
// the request by its In-Reply-To and appears in the open conversation live, without a reload.
test.describe.serial('helpdesk inbound mail', () => {
  let page: Page;
  let api: SignedInApi;
  // an address of this run only: the listener refuses one that two workspaces share
  const address = `inbound-${Date.now()}@example.test`;
  const requester = `grace-${Date.now()}@example.com`;
  const smtp = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.E2E_SMTP_INBOUND_PORT),
    secure: false,
    ignoreTLS: true,
  });

  test.beforeAll(async ({ signedIn }) => {
    const ws = await signedIn.workspace();
    page = ws.page;
    api = await signedInApi(page, ws.tenantId);
    await api.post('/api/v1/helpdesks', { name: 'Mail desk', code: 'MAIL', senderAddress: address });
  });
  test.afterAll(async () => {
    smtp.close();
    await page?.context().close();
  });

  test("the requester's mailed answer threads into the open request page live", async () => {
    await smtp.sendMail({
      from: `Grace Hopper <${requester}>`,
      to: address,
      subject: 'Printer is offline',
      text: 'The office printer shows offline since this morning.',
    });
    const found = await api.post<{ data: { id: string; number: string }[] }>('/api/v1/requests/list', { search: 'Printer is offline' });
    const request = found.data[0];
    expect(request?.number).toBe('MAIL-1');

    const r = new RequestPage(page);
    await r.open(request!.id, 'Printer is offline');
    await page.getByRole('tab', { name: 'Conversation', exact: true }).click();
    const conversation = page.getByRole('tabpanel', { name: 'Conversation' });
    await expect(conversation.getByRole('listitem').filter({ hasText: 'The office printer shows offline' })).toBeVisible();
    await r.reply('Have you tried switching it off and on again?');

    // the answer names no number in its subject: only its In-Reply-To threads it
    const messages = await api.get<{ data: { kind: string; messageId: string | null }[] }>(`/api/v1/requests/${request!.id}/messages`);
    const ours = messages.data.find((m) => m.kind === 'outbound')?.messageId;
    expect(ours).toBeTruthy();
    await smtp.sendMail({
      from: `Grace Hopper <${requester}>`,
      to: address,
      subject: 'Re: the printer',
      text: 'Switched it off and on: still offline.',
      inReplyTo: ours!,
      references: ours!,
    });
    // no reload: the live event brings it
    await expect(conversation.getByRole('listitem').filter({ hasText: 'Switched it off and on: still offline.' })).toBeVisible();
    await expect(conversation.getByRole('listitem')).toHaveCount(3);
  });
});
