import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { solve } from '../../platform/portal-captcha.util';

// Portal users (issue 23, decision 094 round three): a magic link mailed to a contact's address,
// redeemed once for the portal's session cookie; the user sees and answers their own requests
// only (no internal notes, no hide-on-portal fields), reads Portal articles; a spam-marked
// contact is 403 spammer; the portal cookie reaches no workspace route; a solved captcha counts
// once.
let t: TestApp;
let c: Client;
let other: Client;
let anonymous: Client;
let workspace: string;
let tenantId: string;
let helpdeskId: string;
const base = () => `/api/v1/public/portal/${workspace}/help`;
const codes = (res: { body: { errors?: { field: string; code: string }[] } }) => (res.body.errors ?? []).map((e) => `${e.field}:${e.code}`);

async function post(url: string, body: Record<string, unknown>) {
  const res = await c.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}

// The last sign-in link mailed to an address, from the captured outbox.
async function mailedToken(email: string): Promise<string> {
  const rows = await t.sql<{ text: string }>(`select text from mail_outbox where "to" = $1 order by created_at desc limit 1`, [email]);
  const m = /sign-in\?token=([\w-]+)/.exec(rows[0]?.text ?? '');
  if (!m?.[1]) throw new Error(`no sign-in link mailed to ${email}`);
  return m[1];
}

async function signIn(email: string): Promise<string> {
  const asked = await anonymous.post(`${base()}/sign-in`, { email });
  expect(asked.status, asked.text).toBe(202);
  const redeemed = await anonymous.post(`${base()}/sign-in/redeem`, { token: await mailedToken(email) });
  expect(redeemed.status, redeemed.text).toBe(200);
  const cookie = String(redeemed.headers['set-cookie']);
  expect(cookie).toMatch(/atrium_portal=[\w-]+;/);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  expect(cookie).toContain(`Path=/api/v1/public/portal/${workspace}`);
  return /atrium_portal=([\w-]+)/.exec(cookie)?.[1] ?? '';
}
const as = (session: string) => ({ cookie: `atrium_portal=${session}` });

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  helpdeskId = (await post('/api/v1/helpdesks', { name: 'Support', code: 'SUP', portalSlug: 'help', portalEnabled: true })).id;
  for (const a of [
    { title: 'Public password help', visibility: 'Public' },
    { title: 'Password rules for portal users', visibility: 'Portal' },
    { title: 'Internal password runbook', visibility: 'Internal' },
  ]) {
    const { id } = await post('/api/v1/articles', { helpdeskId, ...a });
    expect((await c.post(`/api/v1/articles/${id}/publish`, {})).status).toBe(200);
  }
  // a field the requester may see, and one hidden on the portal
  const fields = await c.put('/api/v1/core/entity-fields?entity=Request', {
    fields: [
      { kind: 'singleLine', label: 'Order number', key: 'orderNumber' },
      { kind: 'singleLine', label: 'Agent remark', key: 'agentRemark', hideOnPortal: true },
    ],
  });
  expect(fields.status, fields.text).toBe(200);
  await post('/api/v1/requests', {
    helpdeskId,
    subject: 'Cannot sign in',
    requesterEmail: 'ada@example.com',
    customFields: { orderNumber: 'A-17', agentRemark: 'VIP, be quick' },
  });
  await post('/api/v1/requests', { helpdeskId, subject: "Bob's printer", requesterEmail: 'bob@example.com' });
});
afterAll(async () => t?.close());

describe('portal users', () => {
  it('mails a one-time link to a known contact only, and the same answer for an unknown address', async () => {
    const before = Number((await t.sql<{ n: string }>('select count(*) as n from mail_outbox'))[0]?.n);
    const unknown = await anonymous.post(`${base()}/sign-in`, { email: 'nobody@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({ sent: true });
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from mail_outbox'))[0]?.n)).toBe(before);
    const bad = await anonymous.post(`${base()}/sign-in`, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(codes(bad)).toEqual(['email:invalidEmail']);
    expect(codes(await anonymous.post(`${base()}/sign-in/redeem`, {}))).toEqual(['token:required']);

    expect((await anonymous.post(`${base()}/sign-in`, { email: 'Ada@Example.com' })).status).toBe(202);
    const token = await mailedToken('ada@example.com');
    const stored = await t.sql<{ token_hash: string }>(`select token_hash from helpdesk_portal_tokens where kind = 'link'`);
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect((await anonymous.post(`${base()}/sign-in/redeem`, { token })).status).toBe(200);
    // once only; a made-up token is the same
    for (const again of [token, 'made-up-token']) {
      const res = await anonymous.post(`${base()}/sign-in/redeem`, { token: again });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('portalAccessDenied');
    }
  });

  it('expires a link after 15 minutes and limits an address to 5 links an hour', async () => {
    await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com' });
    const token = await mailedToken('bob@example.com');
    await t.sql(`update helpdesk_portal_tokens set expires_at = now() - interval '1 second' where email = 'bob@example.com'`);
    expect((await anonymous.post(`${base()}/sign-in/redeem`, { token })).body.code).toBe('portalAccessDenied');
    for (let i = 0; i < 6; i++) expect((await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com' })).status).toBe(202);
    const links = await t.sql<{ n: string }>(`select count(*) as n from mail_outbox where "to" = 'bob@example.com'`);
    expect(Number(links[0]?.n)).toBe(5);
  });

  it('shows the signed-in user their own requests, without notes or hidden fields, and takes their reply', async () => {
    expect((await anonymous.get(`${base()}/my-requests`)).body.code).toBe('loginRequired');
    expect((await anonymous.get(`${base()}/my-requests`)).status).toBe(403);
    const session = await signIn('ada@example.com');
    expect((await anonymous.get(`${base()}/me`, as(session))).body).toMatchObject({ email: 'ada@example.com' });
    const mine = await anonymous.get(`${base()}/my-requests`, as(session));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.map((r: { subject: string }) => r.subject)).toEqual(['Cannot sign in']);
    const id = mine.body.data[0].id as string;
    expect((await c.post(`/api/v1/requests/${id}/messages`, { kind: 'note', body: 'Internal: check the logs' })).status).toBe(201);
    expect((await c.post(`/api/v1/requests/${id}/messages`, { kind: 'reply', body: 'Please try again now.' })).status).toBe(201);
    const detail = await anonymous.get(`${base()}/my-requests/${id}`, as(session));
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.messages.map((m: { kind: string; body: string }) => `${m.kind}:${m.body}`)).toEqual([
      'outbound:Please try again now.',
    ]);
    expect(detail.body.fields).toEqual([{ key: 'orderNumber', label: 'Order number', value: 'A-17' }]);
    expect(detail.text).not.toContain('VIP');
    expect(detail.text).not.toContain('Internal: check');

    const empty = await anonymous.post(`${base()}/my-requests/${id}/messages`, { body: ' ' }, as(session));
    expect(empty.status).toBe(400);
    expect(codes(empty)).toEqual(['body:required']);
    const replied = await anonymous.post(`${base()}/my-requests/${id}/messages`, { body: 'It works, thanks!' }, as(session));
    expect(replied.status, replied.text).toBe(201);
    const conversation = (await c.get(`/api/v1/requests/${id}/messages`)).body.data as {
      kind: string;
      body: string;
      fromAddress: string;
    }[];
    expect(conversation.at(-1)).toMatchObject({ kind: 'inbound', body: 'It works, thanks!', fromAddress: 'ada@example.com' });

    // Bob's request is not Ada's: 404 to read and to answer
    const bobs = (await c.post('/api/v1/requests/list', { search: 'printer' })).body.data[0].id as string;
    expect((await anonymous.get(`${base()}/my-requests/${bobs}`, as(session))).status).toBe(404);
    expect((await anonymous.post(`${base()}/my-requests/${bobs}/messages`, { body: 'hi' }, as(session))).status).toBe(404);
    expect((await anonymous.get(`${base()}/my-requests/not-a-uuid`, as(session))).status).toBe(400);
  });

  it('shows Portal articles to signed-in users only, and lets them ask without a captcha', async () => {
    const titles = (res: { body: { articles: { title: string }[] } }) => res.body.articles.map((a) => a.title).sort();
    expect(titles(await anonymous.get(base()))).toEqual(['Public password help']);
    const session = await signIn('ada@example.com');
    expect(titles(await anonymous.get(base(), as(session)))).toEqual(['Password rules for portal users', 'Public password help']);
    const hits = await anonymous.post(`${base()}/search`, { q: 'password' }, as(session));
    expect(hits.body.data.map((h: { title: string }) => h.title).sort()).toEqual([
      'Password rules for portal users',
      'Public password help',
    ]);
    expect((await anonymous.get(`${base()}/articles/password-rules-for-portal-users`)).status).toBe(404);
    expect((await anonymous.get(`${base()}/articles/password-rules-for-portal-users`, as(session))).status).toBe(200);
    const asked = await anonymous.post(
      `${base()}/requests`,
      { email: 'someone-else@example.com', subject: 'Another one', message: 'Hello' },
      as(session),
    );
    expect(asked.status, asked.text).toBe(201);
    const mine = await anonymous.get(`${base()}/my-requests`, as(session));
    expect(mine.body.data.map((r: { subject: string }) => r.subject)).toContain('Another one');
    // signed out, the cookie is nothing
    expect((await anonymous.post(`${base()}/sign-out`, undefined, as(session))).status).toBe(204);
    expect((await anonymous.get(`${base()}/my-requests`, as(session))).body.code).toBe('loginRequired');
  });

  it('answers 403 spammer to a contact marked spam or blocked: sign-in, session and request', async () => {
    // Bob's hour of links is used up (above): start afresh
    await t.sql(`delete from helpdesk_portal_tokens where email = 'bob@example.com'`);
    const session = await signIn('bob@example.com');
    await t.sql(`update contacts set spam_at = now() where lower(email) = 'bob@example.com'`);
    const mine = await anonymous.get(`${base()}/my-requests`, as(session));
    expect([mine.status, mine.body.code]).toEqual([403, 'spammer']);
    const link = await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com' });
    expect([link.status, link.body.code]).toEqual([403, 'spammer']);
    const captcha = (await anonymous.get(`${base()}/captcha`)).body as { challenge: string };
    const asked = await anonymous.post(`${base()}/requests`, {
      email: 'bob@example.com',
      subject: 'Buy now',
      message: 'Cheap',
      captcha: { challenge: captcha.challenge, nonce: solve(captcha.challenge, 16) },
    });
    expect([asked.status, asked.body.code]).toEqual([403, 'spammer']);
  });

  it('accepts a solved captcha once', async () => {
    const captcha = (await anonymous.get(`${base()}/captcha`)).body as { challenge: string };
    const body = {
      email: 'carol@example.com',
      subject: 'Question',
      message: 'Hi',
      captcha: { challenge: captcha.challenge, nonce: solve(captcha.challenge, 16) },
    };
    expect((await anonymous.post(`${base()}/requests`, body)).status).toBe(201);
    const again = await anonymous.post(`${base()}/requests`, body);
    expect(again.status).toBe(400);
    expect(codes(again)).toEqual(['captcha:captchaInvalid']);
    const none = await anonymous.post(`${base()}/requests`, { ...body, captcha: undefined });
    expect(codes(none)).toEqual(['captcha:captchaInvalid']);
  });

  it("a portal user's credential reaches no workspace route: every tenant operation answers 401 or 403", async () => {
    const session = await signIn('ada@example.com');
    const routes = t.app.atrium.routes.filter((r) => r.access.kind === 'tenant');
    expect(routes.length).toBeGreaterThan(100);
    const reached: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => r.paramsExample?.[name] ?? helpdeskId);
      for (const headers of <Record<string, string>[]>[
        { cookie: `atrium_portal=${session}`, 'x-tenant-id': tenantId },
        { authorization: `Bearer ${session}`, 'x-tenant-id': tenantId },
      ]) {
        const res = await anonymous.raw({
          method: r.method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: JSON.stringify(r.example ?? {}) }),
        });
        if (res.status !== 401 && res.status !== 403) reached.push(`${r.method} ${r.url} ${res.status}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it("another workspace's session and another workspace's request are nothing", async () => {
    const session = await signIn('ada@example.com');
    const [otherSlug] = await t.sql<{ slug: string }>('select slug from tenants where id <> $1', [tenantId]);
    expect(otherSlug).toBeDefined();
    // the other workspace has no portal of that slug; its own would not know the session either
    expect((await anonymous.get(`/api/v1/public/portal/${otherSlug?.slug}/help/my-requests`, as(session))).status).toBe(404);
    const id = (await anonymous.get(`${base()}/my-requests`, as(session))).body.data[0].id as string;
    expect((await other.get(`/api/v1/requests/${id}`)).status).toBe(404);
  });
});
