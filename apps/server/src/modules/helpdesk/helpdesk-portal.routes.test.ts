import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

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
});
