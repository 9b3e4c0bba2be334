import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// A portal session inside the helpdesk widget (decision 094 round five): a third-party iframe is
// sent no portal cookie, so the embedded page signs in with `pair` — the answer carries a pairing
// secret it keeps; the link mailed to the address is opened in any tab; the pairing is then
// exchanged once for a session token of its own, sent in the X-Portal-Session header.
let t: TestApp;
let c: Client;
let anonymous: Client;
let workspace: string;
const base = () => `/api/v1/public/portal/${workspace}/help`;

async function mailedToken(email: string): Promise<string> {
  const rows = await t.sql<{ text: string }>(`select text from mail_outbox where "to" = $1 order by created_at desc limit 1`, [email]);
  const m = /sign-in\?token=([\w-]+)/.exec(rows[0]?.text ?? '');
  if (!m?.[1]) throw new Error(`no sign-in link mailed to ${email}`);
  return m[1];
}
const pair = (pairing: string) => anonymous.post(`${base()}/sign-in/pair`, { pairing });

beforeAll(async () => {
  t = await createTestApp();
  let tenantId: string;
  ({ c, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  const helpdesk = await c.post('/api/v1/helpdesks', { name: 'Support', code: 'SUP', portalSlug: 'help', portalEnabled: true });
  expect(helpdesk.status, helpdesk.text).toBe(201);
  const request = await c.post('/api/v1/requests', {
    helpdeskId: helpdesk.body.id,
    subject: 'Cannot sign in',
    requesterEmail: 'ada@example.com',
  });
  expect(request.status, request.text).toBe(201);
});
afterAll(async () => t?.close());

describe('a paired sign-in for the widget', () => {
  it('is pending until the mailed link is opened, then gives a header session once', async () => {
    const asked = await anonymous.post(`${base()}/sign-in`, { email: 'ada@example.com', pair: true });
    expect(asked.status, asked.text).toBe(202);
    const pairing = String(asked.body.pairing);
    expect(pairing.length).toBeGreaterThan(40);
    expect((await pair(pairing)).body).toEqual({ status: 'pending' });

    // the mailbox's owner opens the link (another tab, a first-party page): it signs that tab in
    const redeemed = await anonymous.post(`${base()}/sign-in/redeem`, { token: await mailedToken('ada@example.com') });
    expect(redeemed.status, redeemed.text).toBe(200);

    const paired = await pair(pairing);
    expect(paired.status, paired.text).toBe(200);
    expect(paired.body.status).toBe('signedIn');
    const session = { 'x-portal-session': String(paired.body.token) };
    const me = await anonymous.get(`${base()}/me`, session);
    expect(me.status, me.text).toBe(200);
    expect(me.body.email).toBe('ada@example.com');
    const mine = await anonymous.get(`${base()}/my-requests`, session);
    expect(mine.body.data.map((r: { subject: string }) => r.subject)).toEqual(['Cannot sign in']);
    // once only
    const again = await pair(pairing);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('portalAccessDenied');
    // without the header, or with a made-up one, nobody is signed in
    expect((await anonymous.get(`${base()}/my-requests`)).body.code).toBe('loginRequired');
    expect((await anonymous.get(`${base()}/my-requests`, { 'x-portal-session': 'made-up' })).body.code).toBe('loginRequired');
    // signing out ends the header's session
    expect((await anonymous.post(`${base()}/sign-out`, {}, session)).status).toBeLessThan(300);
    expect((await anonymous.get(`${base()}/me`, session)).body.code).toBe('loginRequired');
  });

  it('answers the same for an unknown address (a pairing that never pairs), and refuses a late pairing', async () => {
    const unknown = await anonymous.post(`${base()}/sign-in`, { email: 'nobody@example.com', pair: true });
    expect(unknown.status).toBe(202);
    expect(typeof unknown.body.pairing).toBe('string');
    expect((await pair(String(unknown.body.pairing))).body).toEqual({ status: 'pending' });

    const asked = await anonymous.post(`${base()}/sign-in`, { email: 'ada@example.com', pair: true });
    const pairing = String(asked.body.pairing);
    expect((await anonymous.post(`${base()}/sign-in/redeem`, { token: await mailedToken('ada@example.com') })).status).toBe(200);
    await t.sql(`update helpdesk_portal_tokens set used_at = now() - interval '16 minutes' where kind = 'link' and used_at is not null`);
    const late = await pair(pairing);
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('portalAccessDenied');
    // a sign-in without pair answers no pairing (the portal's own page)
    const plain = await anonymous.post(`${base()}/sign-in`, { email: 'ada@example.com' });
    expect(plain.body).toEqual({ sent: true });
    expect((await pair('')).body.errors).toEqual([expect.objectContaining({ field: 'pairing', code: 'required' })]);
  });
});
