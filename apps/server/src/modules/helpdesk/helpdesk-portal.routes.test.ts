import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';
import { solve } from '../../platform/portal-captcha.util';

// The helpdesk's public portal (issue 23): no sign-in; only a helpdesk with its portal on, only
// its published public articles (a draft, a portal-users-only and an internal article never show,
// nor another helpdesk's); old slugs of the portal and of an article keep resolving; the content
// is sanitized HTML.
let t: TestApp;
let c: Client;
let anonymous: Client;
let workspace: string;
let helpdeskId: string;
const base = () => `/api/v1/public/portal/${workspace}`;

async function post(url: string, body: Record<string, unknown>) {
  const res = await c.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}
async function patch(url: string, ops: Record<string, unknown>[]) {
  const etag = String((await c.get(url)).headers.etag);
  const res = await c.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  let tenantId: string;
  ({ c, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  helpdeskId = (await post('/api/v1/helpdesks', { name: 'Support', code: 'SUP', portalSlug: 'help' })).id;
  const topic = (await post('/api/v1/topics', { name: 'Access', helpdeskId })).id;
  const articles = [
    {
      title: 'Resetting your password',
      content: '<p>Choose <b>Forgot password</b>.<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      topicId: topic,
    },
    { title: 'Password rules for portal users', visibility: 'Portal' },
    { title: 'Internal password runbook', visibility: 'Internal' },
  ];
  for (const a of articles) {
    const { id } = await post('/api/v1/articles', { helpdeskId, ...a });
    expect((await c.post(`/api/v1/articles/${id}/publish`, {})).status).toBe(200);
  }
  await post('/api/v1/articles', { helpdeskId, title: 'Password draft' });
});
afterAll(async () => t?.close());

describe('the public portal', () => {
  it('answers 404 while the portal is off, and for an unknown workspace or helpdesk', async () => {
    expect((await anonymous.get(`${base()}/help`)).status).toBe(404);
    await patch(`/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalEnabled', value: true }]);
    expect((await anonymous.get(`/api/v1/public/portal/no-such-workspace/help`)).status).toBe(404);
    expect((await anonymous.get(`${base()}/nothing`)).status).toBe(404);
  });

  it('shows only published public articles, by topic', async () => {
    const home = await anonymous.get(`${base()}/help`);
    expect(home.status, home.text).toBe(200);
    expect(home.body).toMatchObject({ name: 'Support', slug: 'help' });
    expect(home.body.articles.map((a: { title: string }) => a.title)).toEqual(['Resetting your password']);
    expect(home.body.topics).toEqual([
      { name: 'Access', articles: [{ title: 'Resetting your password', slug: 'resetting-your-password', topic: 'Access' }] },
    ]);
  });

  it('searches only what a visitor may read, with snippets', async () => {
    const hits = await anonymous.post(`${base()}/help/search`, { q: 'password' });
    expect(hits.status, hits.text).toBe(200);
    expect(hits.body.data.map((h: { title: string }) => h.title)).toEqual(['Resetting your password']);
    expect(hits.body.data[0].snippet).toContain('<mark>');
    const empty = await anonymous.post(`${base()}/help/search`, { q: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual(['q:required']);
  });

  it('reads an article by its slug, sanitized, and follows old slugs of the article and the portal', async () => {
    const a = await anonymous.get(`${base()}/help/articles/resetting-your-password`);
    expect(a.status, a.text).toBe(200);
    expect(a.body).toMatchObject({ title: 'Resetting your password', topic: 'Access', movedFrom: null });
    expect(a.body.html).toContain('<b>Forgot password</b>');
    expect(a.body.html).not.toMatch(/script|onerror/);
    expect((await anonymous.get(`${base()}/help/articles/password-draft`)).status).toBe(404);
    expect((await anonymous.get(`${base()}/help/articles/internal-password-runbook`)).status).toBe(404);
    await patch(`/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalSlug', value: 'support' }]);
    const moved = await anonymous.get(`${base()}/help`);
    expect(moved.body.slug).toBe('support');
    const list = (await c.post('/api/v1/articles/list', { search: 'Resetting' })).body.data[0] as { id: string };
    await patch(`/api/v1/articles/${list.id}`, [{ op: 'replace', path: '/slug', value: 'password-reset' }]);
    const old = await anonymous.get(`${base()}/support/articles/resetting-your-password`);
    expect(old.body).toMatchObject({ slug: 'password-reset', movedFrom: 'resetting-your-password' });
  });

  it('takes an anonymous request with a solved captcha, and refuses a wrong or reused-late one', async () => {
    const captcha = (await anonymous.get(`${base()}/support/captcha`)).body as { challenge: string; difficulty: number };
    expect(captcha.difficulty).toBe(16);
    const body = { email: 'Visitor@Example.com', subject: 'Locked out', message: 'Since this morning.' };
    const wrong = await anonymous.post(`${base()}/support/requests`, { ...body, captcha: { challenge: captcha.challenge, nonce: 'x' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual(['captcha:captchaInvalid']);
    const forged = `${Date.now() + 60_000}.AAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
    expect(
      (await anonymous.post(`${base()}/support/requests`, { ...body, captcha: { challenge: forged, nonce: solve(forged, 16) } })).status,
    ).toBe(400);
    const bad = await anonymous.post(`${base()}/support/requests`, {
      email: 'nope',
      subject: '',
      message: 'x',
      captcha: { challenge: 'a', nonce: '1' },
    });
    expect(bad.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort()).toEqual([
      'email:invalidEmail',
      'subject:required',
    ]);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from requests', []))[0]?.n)).toBe(0);

    const sent = await anonymous.post(`${base()}/support/requests`, {
      ...body,
      captcha: { challenge: captcha.challenge, nonce: solve(captcha.challenge, 16) },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toEqual({ number: 'SUP-1' });
    const request = (await c.post('/api/v1/requests/list', {})).body.data[0];
    expect(request).toMatchObject({
      subject: 'Locked out',
      requesterEmail: 'visitor@example.com',
      channel: 'Portal',
      description: 'Since this morning.',
    });
    expect(request.requester).toMatchObject({ title: 'visitor' });
    // a portal that is off takes none
    await patch(`/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/portalEnabled', value: false }]);
    expect((await anonymous.get(`${base()}/support/captcha`)).status).toBe(404);
  });
});
