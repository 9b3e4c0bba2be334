import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('workspace registration', () => {
  it('makes the creator admin and default-team member, with free plans', async () => {
    const owner = await t.createUser();
    const res = await t.client(owner).post('/api/v1/admin/tenants', { name: 'Acme', slug: 'acme' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Acme', slug: 'acme', role: 'Admin' });
    const teams = await t.sql(
      `select t.name, t.is_default from team_members m join teams t on t.tenant_id = m.tenant_id and t.id = m.team_id where m.tenant_id = $1`,
      [res.body.id],
    );
    expect(teams).toEqual([{ name: 'Everyone', is_default: true }]);
    const subs = await t.client(owner, res.body.id).get('/api/v1/admin/subscriptions');
    expect(subs.body.map((s: { planSlug: string }) => s.planSlug).sort()).toEqual(['helpdesk-free', 'project-free', 'workplace-free']);
    const mine = await t.client(owner).get('/api/v1/admin/tenants');
    expect(mine.body).toEqual([expect.objectContaining({ id: res.body.id, role: 'Admin' })]);
    const one = await t.client(owner, res.body.id).get(`/api/v1/admin/tenants/${res.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body.slug).toBe('acme');
  });

  it('validates the slug: required, max length, format, already exists', async () => {
    const u = await t.createUser();
    const c = t.client(u);
    const missing = await c.post('/api/v1/admin/tenants', { name: 'X', slug: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'slug', code: 'slugRequired' }));
    const long = await c.post('/api/v1/admin/tenants', { name: 'X', slug: 'a'.repeat(64) });
    expect(long.body.errors).toContainEqual(expect.objectContaining({ field: 'slug', code: 'slugMaxLength' }));
    const bad = await c.post('/api/v1/admin/tenants', { name: 'X', slug: 'Not OK' });
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ field: 'slug', code: 'slugInvalid' }));
    await c.post('/api/v1/admin/tenants', { name: 'Taken', slug: 'taken' });
    const dup = await c.post('/api/v1/admin/tenants', { name: 'Again', slug: 'taken' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toContainEqual(expect.objectContaining({ field: 'slug', code: 'slugAlreadyExists' }));
    expect((await c.get('/api/v1/admin/tenants/slug-available?slug=taken')).body).toEqual({ available: false });
    expect((await c.get('/api/v1/admin/tenants/slug-available?slug=free-one')).body).toEqual({ available: true });
    const count = await t.sql(`select count(*)::int as n from tenants where name in ('X', 'Again')`);
    expect(count[0].n).toBe(0);
  });

  it('requires a domain when domain sign-up is on, with a max length', async () => {
    const c = t.client(await t.createUser());
    const res = await c.post('/api/v1/admin/tenants', { name: 'D', slug: 'dom-1', domainSignUp: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'domain', code: 'domainRequired' }));
    const long = await c.post('/api/v1/admin/tenants', { name: 'D', slug: 'dom-2', domain: `${'a'.repeat(250)}.com`, domainSignUp: true });
    expect(long.body.errors).toContainEqual(expect.objectContaining({ field: 'domain', code: 'domainMaxLength' }));
  });

  it('recommends workspaces open to my e-mail domain and lets me join as member', async () => {
    const owner = await t.createUser({ email: 'boss@globex.test' });
    const ws = await t.createTenant(owner, { name: 'Globex', slug: 'globex', domain: 'globex.test', domainSignUp: true });
    await t.createTenant(owner, { name: 'Closed', slug: 'globex-closed', domain: 'globex.test', domainSignUp: false });
    // proven by a code mailed into the domain (workspace-domain.routes.test.ts covers the proofs)
    const admin = t.client(owner, ws.id);
    await admin.post('/api/v1/admin/workspace-domain/code', { localPart: 'boss' });
    const [mail] = await t.sql<{ text: string }>(
      `select text from mail_outbox where "to" = 'boss@globex.test' order by created_at desc limit 1`,
    );
    const code = mail?.text.match(/code: ([A-Z0-9]{8})/)?.[1];
    expect((await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code })).status).toBe(200);
    const colleague = await t.createUser({ email: 'homer@globex.test' });
    const outsider = await t.createUser({ email: 'someone@other.test' });
    const rec = await t.client(colleague).get('/api/v1/admin/tenants/recommended');
    expect(rec.body.map((x: { slug: string }) => x.slug)).toEqual(['globex']);
    expect((await t.client(outsider).get('/api/v1/admin/tenants/recommended')).body).toEqual([]);
    const refused = await t.client(outsider).post(`/api/v1/admin/tenants/${ws.id}/join`);
    expect(refused.status).toBe(404);
    const joined = await t.client(colleague).post(`/api/v1/admin/tenants/${ws.id}/join`);
    expect(joined.status).toBe(201);
    expect(joined.body.role).toBe('Member');
    expect((await t.client(colleague).get('/api/v1/admin/tenants/recommended')).body).toEqual([]);
    const perms = await t.client(colleague, ws.id).get('/api/v1/admin/permissions/me');
    expect(perms.body.role).toBe('Member');
    expect(perms.body.permissions).not.toContain('Setting.ManageUsers');
  });

  it('refuses non-members and unauthenticated callers', async () => {
    const owner = await t.createUser();
    const ws = await t.createTenant(owner);
    const stranger = await t.createUser();
    const res = await t.client(stranger, ws.id).get(`/api/v1/admin/tenants/${ws.id}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('accessDenied');
    const anon = await t.client(undefined, ws.id).get(`/api/v1/admin/tenants/${ws.id}`);
    expect(anon.status).toBe(401);
    const noHeader = await t.client(owner).get(`/api/v1/admin/tenants/${ws.id}`);
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.code).toBe('tenantRequired');
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/tenants',
      headers: { authorization: `Bearer ${await t.tokenFor(owner, { expiresIn: -60 })}` },
    });
    expect(expired.statusCode).toBe(401);
  });
});
