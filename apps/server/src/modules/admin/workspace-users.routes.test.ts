import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let ws: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'owner@acme.test', name: 'Olivia Owner' });
  ws = await t.createTenant(owner, { name: 'Acme' });
});
afterAll(async () => t.close());

async function roleId(key: string): Promise<string> {
  const [row] = await t.sql(`select id from roles where tenant_id = $1 and system_key = $2`, [ws.id, key]);
  return row.id;
}

async function inviteLink(email: string): Promise<string> {
  const [mail] = await t.sql(`select text from mail_outbox where "to" = $1 order by created_at desc limit 1`, [email]);
  const m = mail.text.match(/\/workspaces\/invite\/(\S+)/);
  return m[1];
}

describe('workspace users', () => {
  it('invites by e-mail, and the invitee accepts through the link', async () => {
    const admin = t.client(owner, ws.id);
    const res = await admin.post('/api/v1/core/users', { email: 'Bart@Acme.test', roleId: await roleId('Member') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'bart@acme.test', status: 'invited', roleName: 'Member' });
    const token = await inviteLink('bart@acme.test');
    const info = await t.client().get(`/api/v1/admin/invitations/${token}`);
    expect(info.body).toEqual({ valid: true, tenantName: 'Acme', email: 'bart@acme.test' });

    const wrong = await t.createUser({ email: 'lisa@acme.test' });
    const foreign = await t.client(wrong).post(`/api/v1/admin/invitations/${token}/accept`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('invalidInviteLink');

    const bart = await t.createUser({ email: 'bart@acme.test', name: 'Bart' });
    const ok = await t.client(bart).post(`/api/v1/admin/invitations/${token}/accept`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: ws.id, role: 'Member' });
    const mine = await t.client(bart).get('/api/v1/admin/tenants');
    expect(mine.body.map((x: { id: string }) => x.id)).toEqual([ws.id]);
    const again = await t.client(bart).post(`/api/v1/admin/invitations/${token}/accept`);
    expect(again.body.code).toBe('invalidInviteLink');
    expect((await t.client().get(`/api/v1/admin/invitations/${token}`)).body).toEqual({ valid: false });
  });

  it('rejects expired and malformed tokens', async () => {
    const admin = t.client(owner, ws.id);
    await admin.post('/api/v1/core/users', { email: 'late@acme.test', roleId: await roleId('Member') });
    const token = await inviteLink('late@acme.test');
    await t.sql(`update tenant_users set invite_expires_at = now() - interval '1 minute' where email = 'late@acme.test'`);
    const late = await t.createUser({ email: 'late@acme.test' });
    expect((await t.client(late).post(`/api/v1/admin/invitations/${token}/accept`)).body.code).toBe('invalidInviteLink');
    expect((await t.client(late).post(`/api/v1/admin/invitations/garbage/accept`)).body.code).toBe('invalidInviteLink');
  });

  it('resends an invitation with a new link that replaces the old one', async () => {
    const admin = t.client(owner, ws.id);
    const created = await admin.post('/api/v1/core/users', { email: 'maggie@acme.test', roleId: await roleId('Member') });
    const first = await inviteLink('maggie@acme.test');
    const resent = await admin.post(`/api/v1/core/users/${created.body.tenantUserId}/invite`);
    expect(resent.status).toBe(202);
    const second = await inviteLink('maggie@acme.test');
    expect(second).not.toBe(first);
    const maggie = await t.createUser({ email: 'maggie@acme.test' });
    expect((await t.client(maggie).post(`/api/v1/admin/invitations/${first}/accept`)).body.code).toBe('invalidInviteLink');
    expect((await t.client(maggie).post(`/api/v1/admin/invitations/${second}/accept`)).status).toBe(200);
  });

  // issue 12, defect 8: the admin invites the same address again, as after a lost mail
  it('inviting a pending invitee again sends a new invitation instead of refusing', async () => {
    const admin = t.client(owner, ws.id);
    const created = await admin.post('/api/v1/core/users', { email: 'nora@acme.test', roleId: await roleId('Member') });
    const first = await inviteLink('nora@acme.test');
    await t.sql(`update tenant_users set invite_expires_at = now() + interval '1 minute' where email = 'nora@acme.test'`);
    const again = await admin.post('/api/v1/core/users', { email: 'Nora@acme.test', roleId: await roleId('Member') });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ tenantUserId: created.body.tenantUserId, status: 'invited', roleName: 'Member' });
    const second = await inviteLink('nora@acme.test');
    expect(second).not.toBe(first);
    const [row] = await t.sql(
      `select invite_expires_at > now() + interval '1 day' as renewed from tenant_users where email = 'nora@acme.test'`,
    );
    expect(row.renewed).toBe(true);
    const nora = await t.createUser({ email: 'nora@acme.test' });
    expect((await t.client(nora).post(`/api/v1/admin/invitations/${first}/accept`)).body.code).toBe('invalidInviteLink');
    expect((await t.client().get(`/api/v1/admin/invitations/${second}`)).body).toMatchObject({ valid: true });
  });

  it('lists with paging, search and sort; validates page size', async () => {
    const admin = t.client(owner, ws.id);
    for (let i = 0; i < 30; i += 1) {
      await t.addMember(ws.id, 'Member', await t.createUser({ email: `bulk${String(i).padStart(2, '0')}@acme.test` }));
    }
    const page1 = await admin.post('/api/v1/core/users/list', { page: 1, pageSize: 25, search: 'bulk' });
    expect(page1.body.total).toBe(30);
    expect(page1.body.data).toHaveLength(25);
    expect(page1.body.data[0].email).toBe('bulk00@acme.test');
    const page2 = await admin.post('/api/v1/core/users/list', { page: 2, pageSize: 25, search: 'bulk' });
    expect(page2.body.data).toHaveLength(5);
    const desc = await admin.post('/api/v1/core/users/list', { search: 'bulk', sort: [{ field: 'email', order: 'desc' }] });
    expect(desc.body.data[0].email).toBe('bulk29@acme.test');
    const bad = await admin.post('/api/v1/core/users/list', { pageSize: 30 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('pageSize');
    const unknown = await admin.post('/api/v1/core/users/list', { colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ field: 'colour', code: 'unknownField' }));
  });

  it('changes roles, refuses members without ManageUsers, keeps the last admin', async () => {
    const admin = t.client(owner, ws.id);
    const member = await t.addMember(ws.id, 'Member');
    const asMember = t.client(member, ws.id);
    const denied = await asMember.post('/api/v1/core/users', { email: 'x@acme.test', roleId: await roleId('Member') });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('accessDenied');

    const me = await t.tenantUserIdOf(ws.id, owner.id);
    const demote = await admin.put(`/api/v1/core/users/${me}`, { roleId: await roleId('Member') });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('lastAdminCannotBeRemoved');
    const remove = await admin.delete(`/api/v1/core/users/${me}`);
    expect(remove.body.code).toBe('lastAdminCannotBeRemoved');

    const promoted = await admin.put(`/api/v1/core/users/${member.tenantUserId}`, { roleId: await roleId('Admin') });
    expect(promoted.body.roleName).toBe('Admin');
    expect((await t.client(member, ws.id).get('/api/v1/admin/permissions/me')).body.permissions).toContain('Setting.ManageUsers');
    const back = await t.client(member, ws.id).put(`/api/v1/core/users/${member.tenantUserId}`, { roleId: await roleId('Member') });
    expect(back.status).toBe(200);
    const gone = await admin.delete(`/api/v1/core/users/${member.tenantUserId}`);
    expect(gone.status).toBe(204);
    expect((await admin.get(`/api/v1/core/users/${member.tenantUserId}`)).status).toBe(404);
    expect((await t.client(member, ws.id).get('/api/v1/admin/permissions/me')).status).toBe(403);
  });

  it('refuses a duplicate invitation and an unknown role', async () => {
    const admin = t.client(owner, ws.id);
    const dup = await admin.post('/api/v1/core/users', { email: 'owner@acme.test', roleId: await roleId('Member') });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'email', code: 'alreadyMember' });
    const badRole = await admin.post('/api/v1/core/users', { email: 'new@acme.test', roleId: '00000000-0000-4000-8000-000000000000' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].field).toBe('roleId');
    const badEmail = await admin.post('/api/v1/core/users', { email: 'not-an-email', roleId: await roleId('Member') });
    expect(badEmail.body.errors[0]).toMatchObject({ field: 'email', code: 'invalidEmail' });
  });
});

describe('roles, permissions and plans', () => {
  it('merges role, default and plan permissions; plan switch grants Plan.* at once', async () => {
    const admin = t.client(owner, ws.id);
    const before = await admin.get('/api/v1/admin/permissions/me');
    expect(before.body.permissions).toContain('Setting.ViewProfile');
    expect(before.body.permissions).toContain('Plan.Projects');
    expect(before.body.permissions).not.toContain('Plan.TaskWorklog');
    const custom = await admin.post('/api/v1/admin/roles', { name: 'Agent', permissions: ['Helpdesk.View'] });
    expect(custom.status).toBe(403);
    expect(custom.body.code).toBe('planFeatureRequired');

    const sw = await admin.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    expect(sw.status).toBe(200);
    expect(sw.body.planSlug).toBe('project-pro');
    const after = await admin.get('/api/v1/admin/permissions/me');
    expect(after.body.permissions).toContain('Plan.TaskWorklog');
    expect(after.body.plans).toContain('project-pro');
    const wrongProduct = await admin.put('/api/v1/admin/subscriptions/Project', { planSlug: 'helpdesk-pro' });
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.body.errors[0].field).toBe('planSlug');

    const created = await admin.post('/api/v1/admin/roles', { name: 'Agent', permissions: ['Helpdesk.View', 'Helpdesk.ManageRequests'] });
    expect(created.status).toBe(201);
    const badPerm = await admin.put(`/api/v1/admin/roles/${created.body.id}`, { name: 'Agent', permissions: ['Plan.Roles'] });
    expect(badPerm.status).toBe(400);
    const dupName = await admin.post('/api/v1/admin/roles', { name: 'Agent', permissions: [] });
    expect(dupName.status).toBe(409);
    const adminRole = await roleId('Admin');
    expect((await admin.put(`/api/v1/admin/roles/${adminRole}`, { name: 'Admin', permissions: [] })).status).toBe(409);
    expect((await admin.delete(`/api/v1/admin/roles/${adminRole}`)).status).toBe(409);
    expect((await admin.delete(`/api/v1/admin/roles/${created.body.id}`)).status).toBe(204);
  });

  it('a role change takes a permission away from a member at once', async () => {
    const admin = t.client(owner, ws.id);
    const member = await t.addMember(ws.id, 'Member');
    const memberRole = await roleId('Member');
    const role = (await admin.get(`/api/v1/admin/roles/${memberRole}`)).body;
    expect((await t.client(member, ws.id).get('/api/v1/admin/permissions/me')).body.permissions).toContain('Contact.ViewContacts');
    const without = role.permissions.filter((p: string) => !p.startsWith('Contact.'));
    const res = await admin.put(`/api/v1/admin/roles/${memberRole}`, { name: role.name, permissions: without });
    expect(res.status).toBe(200);
    expect((await t.client(member, ws.id).get('/api/v1/admin/permissions/me')).body.permissions).not.toContain('Contact.ViewContacts');
  });

  it('reports the limits in force and serves the public catalogue', async () => {
    const limits = await t.client(owner, ws.id).get('/api/v1/admin/subscriptions/limits');
    expect(limits.body).toMatchObject({ locations: 1, bookingPages: 1, helpdesks: 1, users: null });
    const plans = await t.client().get('/api/v1/admin/plans');
    expect(plans.body.map((p: { slug: string }) => p.slug)).toEqual([
      'helpdesk-free',
      'helpdesk-pro',
      'project-free',
      'project-pro',
      'workplace-free',
    ]);
    expect(
      plans.body.every(
        (p: { product: { price: number; billingType: string; billingInterval: string } }) =>
          p.product.price === 0 && p.product.billingType === 'PerUser' && p.product.billingInterval === 'Monthly',
      ),
    ).toBe(true);
    const flags = await t.client().get('/api/v1/admin/features');
    expect(flags.body).toEqual({ hideDevices: false, hideBookings: false, hideCampaigns: false, siteCreationDisabled: true });
  });
});
