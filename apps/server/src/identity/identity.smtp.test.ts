import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestBrowser, formAction, type TestServer } from '../../test/server-harness';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

// A real SMTP sink on loopback: with SMTP_URL set, mail leaves through nodemailer and the local
// mailbox page is gone.
let sink: SmtpSink;
let t: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: sink.url, MAIL_FROM: 'Atrium <no-reply@atrium.test>' });
});

afterAll(async () => {
  await t?.stop();
  await sink?.close();
});

describe('mail over SMTP', () => {
  it('sends the verification mail to the SMTP server and marks the outbox row sent', async () => {
    const browser = new TestBrowser();
    const page = await browser.get(`${t.url}/idp/signup`);
    const email = `smtp-${Date.now()}@example.com`;
    const res = await browser.post(formAction(page), { name: 'Smtp User', email, password: 'a long password' });
    expect(res.text).toContain('Check your mailbox');
    expect(res.text).not.toContain('/mailbox');

    const mail = sink.received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('no-reply@atrium.test');
    const body = (mail?.data ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${t.url}/idp/verify-token?email=`);
    const [row] = await t.sql<{ status: string; sent_at: Date | null }>(`select status, sent_at from mail_outbox where "to" = $1`, [email]);
    expect(row?.status).toBe('sent');
    expect(row?.sent_at).toBeTruthy();
  });

  it('has no local mailbox', async () => {
    expect((await fetch(`${t.url}/mailbox`)).status).toBe(404);
  });
});
