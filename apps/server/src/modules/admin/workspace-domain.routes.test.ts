import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../../../test/dns-server';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

// Issue 11, domains: a workspace is recommended to people of a domain only once it has proven
// the domain, by DNS or by a code mailed into it; public mail domains are refused.
let t: TestApp;
let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({}, { DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t.close();
  await dns.stop();
});

const slugOf = (x: { slug: string }) => x.slug;

async function workspaceOf(domain: string): Promise<{ owner: TestUser; id: string; slug: string }> {
  const owner = await t.createUser({ email: `boss@${domain}` });
  const ws = await t.createTenant(owner, { name: `Corp ${domain}`, slug: domain.replace(/\W/g, '-'), domain, domainSignUp: true });
  return { owner, id: ws.id, slug: ws.slug };
}

describe('join by domain', () => {
  it('refuses public mail domains, at registration and later', async () => {
    const owner = await t.createUser();
    const reg = await t
      .client(owner)
      .post('/api/v1/admin/tenants', { name: 'G', slug: 'gmail-people', domain: 'gmail.com', domainSignUp: true });
    expect(reg.status).toBe(400);
    expect(reg.body.errors).toContainEqual(expect.objectContaining({ field: 'domain', code: 'publicMailDomain' }));
    const ws = await t.createTenant(owner);
    const put = await t.client(owner, ws.id).put('/api/v1/admin/workspace-domain', { domain: 'outlook.com', domainSignUp: true });
    expect(put.status).toBe(400);
    expect(put.body.errors[0]).toMatchObject({ field: 'domain', code: 'publicMailDomain' });
  });

  it('recommends nobody until the domain is proven by its DNS TXT record', async () => {
    const { owner, id, slug } = await workspaceOf('initech.test');
    const colleague = await t.createUser({ email: 'peter@initech.test' });
    const recommended = async () => (await t.client(colleague).get('/api/v1/admin/tenants/recommended')).body.map(slugOf);
    expect(await recommended()).toEqual([]);
    expect((await t.client(colleague).post(`/api/v1/admin/tenants/${id}/join`)).status).toBe(404);

    const admin = t.client(owner, id);
    const state = (await admin.get('/api/v1/admin/workspace-domain')).body;
    expect(state).toMatchObject({ domain: 'initech.test', verifiedAt: null, dnsRecord: { name: '_atrium-challenge.initech.test' } });
    // no record yet, then a wrong one, then the right one
    const missing = await admin.post('/api/v1/admin/workspace-domain/verify-dns', {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('domainNotProven');
    dns.records.set('_atrium-challenge.initech.test', ['atrium-domain-verification=someone-else']);
    expect((await admin.post('/api/v1/admin/workspace-domain/verify-dns', {})).status).toBe(400);
    dns.records.set('_atrium-challenge.initech.test', ['v=spf1 -all', state.dnsRecord.value]);
    const proven = await admin.post('/api/v1/admin/workspace-domain/verify-dns', {});
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ method: 'dns' });
    expect(proven.body.verifiedAt).toBeTruthy();
    expect(await recommended()).toEqual([slug]);
    expect((await t.client(colleague).post(`/api/v1/admin/tenants/${id}/join`)).status).toBe(201);

    // moving to another domain starts over
    const moved = await admin.put('/api/v1/admin/workspace-domain', { domain: 'initrode.test', domainSignUp: true });
    expect(moved.body).toMatchObject({ domain: 'initrode.test', verifiedAt: null });
    expect(moved.body.dnsRecord.value).not.toBe(state.dnsRecord.value);
    const other = await t.createUser({ email: 'bill@initrode.test' });
    expect((await t.client(other).get('/api/v1/admin/tenants/recommended')).body).toEqual([]);
  });

  it('is proven by a code mailed to an address in the domain; wrong codes run out', async () => {
    const { owner, id, slug } = await workspaceOf('globex.test');
    const admin = t.client(owner, id);
    const sent = await admin.post('/api/v1/admin/workspace-domain/code', { localPart: 'IT' });
    expect(sent.status).toBe(202);
    expect(sent.body.codeSentTo).toBe('it@globex.test');
    const [mail] = await t.sql<{ text: string }>(
      `select text from mail_outbox where "to" = 'it@globex.test' order by created_at desc limit 1`,
    );
    const code = mail?.text.match(/code: ([A-Z0-9]{8})/)?.[1] ?? '';
    expect(code).toHaveLength(8);
    const wrong = await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code: 'AAAAAAAA' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'code', code: 'domainNotProven' });
    const ok = await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code: code.toLowerCase() });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ method: 'email', codeSentTo: null });
    const homer = await t.createUser({ email: 'homer@globex.test' });
    expect((await t.client(homer).get('/api/v1/admin/tenants/recommended')).body.map(slugOf)).toEqual([slug]);
    // the code worked once
    expect((await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code })).status).toBe(400);

    // five wrong guesses use a code up
    await admin.post('/api/v1/admin/workspace-domain/code', { localPart: 'it' });
    const [again] = await t.sql<{ text: string }>(
      `select text from mail_outbox where "to" = 'it@globex.test' order by created_at desc limit 1`,
    );
    const second = again?.text.match(/code: ([A-Z0-9]{8})/)?.[1] ?? '';
    for (let i = 0; i < 5; i++) await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code: 'BBBBBBBB' });
    expect((await admin.post('/api/v1/admin/workspace-domain/code/confirm', { code: second })).status).toBe(400);
  });

  it('only admins with ManageUserDomain change it', async () => {
    const { id } = await workspaceOf('hooli.test');
    const member = await t.addMember(id, 'Member');
    const res = await t.client(member, id).put('/api/v1/admin/workspace-domain', { domain: 'hooli.test', domainSignUp: false });
    expect(res.status).toBe(403);
  });
});
