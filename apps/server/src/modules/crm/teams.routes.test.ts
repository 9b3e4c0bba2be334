import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// Teams and custom queries (issue 13, decision 035): the engine's CRUD plus members, invite
// URL, granted permissions, related contacts and query-defined membership.
let t: TestApp;
let admin: TestUser;
let c: Client;
let tenantId: string;
let defaultTeam: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ name: 'Ada Admin' });
  tenantId = (await t.createTenant(admin, { name: 'Teams Inc' })).id;
  c = t.client(admin, tenantId);
  const list = await c.post('/api/v1/teams/list', {});
  expect(list.status, list.text).toBe(200);
  defaultTeam = list.body.data.find((r: { isDefault: boolean }) => r.isDefault);
});
afterAll(async () => t.close());

async function created(path: string, body: Record<string, unknown>) {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const ids = (rows: { id?: string; tenantUserId?: string }[]) => rows.map((r) => r.id ?? r.tenantUserId).sort();

describe('teams', () => {
  it('every workspace has a default team that cannot be deleted; names are unique whatever their case', async () => {
    expect(defaultTeam).toBeDefined();
    const del = await c.delete(`/api/v1/teams/${defaultTeam.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('defaultTeamCannotBeDeleted');
    const sales = await created('/api/v1/teams', { name: 'Sales', description: 'Field sales' });
    expect(sales).toMatchObject({ name: 'Sales', isDefault: false });
    const again = await c.post('/api/v1/teams', { name: 'SALES' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ field: 'name', code: 'duplicateTitle' });
    // isDefault is the server's
    const forged = await c.post('/api/v1/teams', { name: 'Forged', isDefault: true });
    expect(forged.status).toBe(400);
    expect((await c.delete(`/api/v1/teams/${sales.id}`)).status).toBe(204);
  });

  it('members are workspace users: added, listed, removed, never the last one', async () => {
    const team = await created('/api/v1/teams', { name: 'Support' });
    const bob = await t.addMember(tenantId, 'Member', await t.createUser({ name: 'Bob Builder' }));
    // the creator is the first member
    let members = await c.post(`/api/v1/teams/${team.id}/members/list`, {});
    expect(members.body.data.map((m: { name: string }) => m.name)).toEqual(['Ada Admin']);
    const me = members.body.data[0].tenantUserId;
    const added = await c.patch(`/api/v1/teams/${team.id}/members`, { add: [bob.tenantUserId] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.total).toBe(2);
    members = await c.post(`/api/v1/teams/${team.id}/members/list`, { search: 'bob' });
    expect(members.body).toMatchObject({ total: 1, data: [{ tenantUserId: bob.tenantUserId, email: bob.email, status: 'active' }] });
    // a user of another workspace is no member candidate
    const other = await t.addMember((await t.createTenant(await t.createUser())).id, 'Member');
    const bad = await c.patch(`/api/v1/teams/${team.id}/members`, { add: [other.tenantUserId] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'add.0', code: 'referenceNotFound' });
    const none = await c.patch(`/api/v1/teams/${team.id}/members`, { remove: [me, bob.tenantUserId] });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('minimumUsers');
    expect((await c.post(`/api/v1/teams/${team.id}/members/list`, {})).body.total).toBe(2);
    expect((await c.patch(`/api/v1/teams/${team.id}/members`, { remove: [bob.tenantUserId] })).body.total).toBe(1);
  });

  it('an invite URL joins a member to the team and a stranger to the workspace and the team; revoking ends it', async () => {
    const team = await created('/api/v1/teams', { name: 'Partners' });
    const url = await c.post(`/api/v1/teams/${team.id}/invite-url`, { expiresInDays: 3 });
    expect(url.status, url.text).toBe(201);
    expect(url.body.url).toContain(`/teams/join/${url.body.token}`);
    const info = await t.client().get(`/api/v1/team-invites/${url.body.token}`);
    expect(info.body).toMatchObject({ valid: true, workspaceName: 'Teams Inc', teamName: 'Partners' });
    // a member of the workspace joins the team
    const carol = await t.addMember(tenantId, 'Member', await t.createUser({ name: 'Carol Member' }));
    const joined = await t.client(carol).post(`/api/v1/team-invites/${url.body.token}/accept`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toMatchObject({ id: tenantId, tenantUserId: carol.tenantUserId, teamId: team.id });
    // a stranger joins the workspace (as a Member, with the default team) and the team
    const dave = await t.createUser({ name: 'Dave Stranger' });
    const daveJoined = await t.client(dave).post(`/api/v1/team-invites/${url.body.token}/accept`);
    expect(daveJoined.status, daveJoined.text).toBe(200);
    const dc = t.client(dave, tenantId);
    expect((await dc.post('/api/v1/teams/list', {})).status).toBe(200);
    const members = await c.post(`/api/v1/teams/${team.id}/members/list`, {});
    expect(members.body.data.map((m: { name: string }) => m.name)).toEqual(['Ada Admin', 'Carol Member', 'Dave Stranger']);
    const defaults = await c.post(`/api/v1/teams/${defaultTeam.id}/members/list`, { search: 'Dave' });
    expect(defaults.body.total).toBe(1);
    // revoked: the link no longer works, for anyone
    expect((await c.delete(`/api/v1/teams/${team.id}/invite-url`)).status).toBe(204);
    expect((await t.client().get(`/api/v1/team-invites/${url.body.token}`)).body).toEqual({ valid: false });
    const late = await t.client(await t.createUser()).post(`/api/v1/team-invites/${url.body.token}/accept`);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invalidInviteLink');
    // a forged token names no link
    expect((await t.client().get(`/api/v1/team-invites/${tenantId}.not-a-real-secret-at-all`)).body).toEqual({ valid: false });
    // a new URL replaces the old one; an expired one is refused
    const next = await c.post(`/api/v1/teams/${team.id}/invite-url`, {});
    await t.sql(`update team_invite_links set expires_at = now() - interval '1 minute' where team_id = $1`, [team.id]);
    expect((await t.client(await t.createUser()).post(`/api/v1/team-invites/${next.body.token}/accept`)).status).toBe(400);
    const tooLong = await c.post(`/api/v1/teams/${team.id}/invite-url`, { expiresInDays: 31 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toMatchObject({ field: 'expiresInDays', code: 'tooBig' });
  });

  it('a team grants module permissions to its members, merged into their set; granting needs ManagePermissions', async () => {
    const reader = await t.addMemberWith(tenantId, ['Setting.ViewTeams']);
    const rc = t.client(reader, tenantId);
    expect((await rc.post('/api/v1/contacts/list', {})).status).toBe(403);
    const team = await created('/api/v1/teams', { name: 'Readers' });
    await c.patch(`/api/v1/teams/${team.id}/members`, { add: [reader.tenantUserId] });
    const set = await c.put(`/api/v1/teams/${team.id}/permissions`, { permissions: ['Contact.ViewContacts'] });
    expect(set.status, set.text).toBe(200);
    expect((await c.get(`/api/v1/teams/${team.id}/permissions`)).body).toEqual({ permissions: ['Contact.ViewContacts'] });
    expect((await rc.post('/api/v1/contacts/list', {})).status).toBe(200);
    // a team cannot hand out workspace settings
    const admin2 = await c.put(`/api/v1/teams/${team.id}/permissions`, { permissions: ['Setting.ManageUsers'] });
    expect(admin2.status).toBe(400);
    // ManageTeams without ManagePermissions cannot grant
    const lead = await t.addMemberWith(tenantId, ['Setting.ViewTeams', 'Setting.ManageTeams']);
    const denied = await t.client(lead, tenantId).put(`/api/v1/teams/${team.id}/permissions`, { permissions: ['Contact.ManageContacts'] });
    expect(denied.status).toBe(403);
    // leaving the team takes the grant away
    await c.patch(`/api/v1/teams/${team.id}/members`, { remove: [reader.tenantUserId] });
    expect((await rc.post('/api/v1/contacts/list', {})).status).toBe(403);
  });

  it('related contacts: linked from either side, listed, removed', async () => {
    const team = await created('/api/v1/teams', { name: 'Key accounts' });
    const other = await created('/api/v1/teams', { name: 'Events' });
    const ann = await created('/api/v1/contacts', { firstName: 'Ann', lastName: 'Able' });
    const set = await c.post(`/api/v1/contacts/${ann.id}/teams`, { ids: [team.id, other.id] });
    expect(set.status, set.text).toBe(200);
    expect((await c.get(`/api/v1/contacts/${ann.id}/teams`)).body.data.map((r: { name: string }) => r.name)).toEqual([
      'Events',
      'Key accounts',
    ]);
    const listed = await c.post(`/api/v1/teams/${team.id}/contacts`, {});
    expect(ids(listed.body.data)).toEqual([ann.id]);
    expect((await c.delete(`/api/v1/teams/${team.id}/contacts/${ann.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/contacts/${ann.id}/teams`)).body.data.map((r: { name: string }) => r.name)).toEqual(['Events']);
    const bad = await c.post(`/api/v1/contacts/${ann.id}/teams`, { ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(bad.status).toBe(400);
  });

  it('a team defined by a custom query shows the contacts that match now', async () => {
    const bad = await c.post('/api/v1/custom-queries', { name: 'Broken', query: { filters: [{ field: 'nope', op: 'eq', value: 1 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'query.filters.0.field', code: 'unknownField' });
    const query = await created('/api/v1/custom-queries', {
      name: 'Engineers',
      query: { filters: [{ field: 'jobTitle', op: 'contains', value: 'engineer' }] },
    });
    const team = await created('/api/v1/teams', { name: 'Engineering contacts' });
    expect((await c.post(`/api/v1/teams/${team.id}/custom-queries/link`, { ids: [query.id] })).status).toBe(200);
    const eve = await created('/api/v1/contacts', { firstName: 'Eve', lastName: 'Engel', jobTitle: 'Chief Engineer' });
    const fay = await created('/api/v1/contacts', { firstName: 'Fay', lastName: 'Farr', jobTitle: 'Designer' });
    const matches = async () => {
      const res = await c.get(`/api/v1/teams/${team.id}/custom-queries/${query.id}`);
      expect(res.status, res.text).toBe(200);
      return ids(res.body.contacts.data);
    };
    expect(await matches()).toEqual([eve.id]);
    // a contact that changes joins or leaves the query's members at once
    const patched = await c.patch(`/api/v1/contacts/${fay.id}`, [{ op: 'replace', path: '/jobTitle', value: 'Software Engineer' }], {
      'if-match': `"${fay.version}"`,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(await matches()).toEqual([eve.id, fay.id].sort());
    const members = await c.post(`/api/v1/custom-queries/${query.id}/members`, {});
    expect(members.body.total).toBe(2);
    // suggestions, fields and the team's query lookups
    const sugg = await c.post('/api/v1/custom-queries/suggestions', { field: 'jobTitle', search: 'chief' });
    expect(sugg.body).toEqual({ values: ['Chief Engineer'] });
    expect((await c.post('/api/v1/custom-queries/suggestions', { field: 'customFields', search: '' })).status).toBe(400);
    const fields = await c.get('/api/v1/custom-queries/fields');
    expect(fields.body.map((f: { key: string }) => f.key)).toContain('jobTitle');
    const lookups = await c.get('/api/v1/teams/custom-query-lookups?search=eng');
    expect(lookups.body).toEqual([{ value: query.id, label: 'Engineers' }]);
    // a query the team does not use is not found through the team
    const unrelated = await created('/api/v1/custom-queries', { name: 'Everyone', query: { filters: [] } });
    expect((await c.get(`/api/v1/teams/${team.id}/custom-queries/${unrelated.id}`)).status).toBe(404);
  });

  it('another workspace’s team answers 404 on every team call', async () => {
    const team = await created('/api/v1/teams', { name: 'Private' });
    const stranger = await t.createUser();
    const sc = t.client(stranger, (await t.createTenant(stranger)).id);
    expect((await sc.get(`/api/v1/teams/${team.id}`)).status).toBe(404);
    expect((await sc.post(`/api/v1/teams/${team.id}/members/list`, {})).status).toBe(404);
    expect((await sc.patch(`/api/v1/teams/${team.id}/members`, { add: [], remove: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(
      404,
    );
    expect((await sc.post(`/api/v1/teams/${team.id}/invite-url`, {})).status).toBe(404);
    expect((await sc.get(`/api/v1/teams/${team.id}/permissions`)).status).toBe(404);
  });
});
