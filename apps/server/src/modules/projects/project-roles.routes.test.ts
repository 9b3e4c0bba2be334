import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Project roles per project and template, members, and the merge of a member's project role
// with their workspace role (the engine's roleScope), Plan.Roles.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;
// sees projects and tasks, manages nothing in the workspace
let viewer: Client;
let viewerId: string;
let strangerMemberId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerAndStranger(t));
  const v = await t.addMemberWith(tenantId, ['Project.ViewProjects']);
  viewerId = v.tenantUserId;
  viewer = t.client(v, tenantId);
  const otherTenant = (
    await t.sql<{ id: string }>('select id from tenants where id <> $1 order by created_at desc limit 1', [tenantId])
  )[0];
  strangerMemberId = (await t.sql<{ id: string }>('select id from tenant_users where tenant_id = $1 limit 1', [otherTenant?.id]))[0]
    ?.id as string;
});
afterAll(async () => t.close());

let codes = 0;
async function project(body: Record<string, unknown> = {}): Promise<{ id: string }> {
  codes += 1;
  const res = await c.post('/api/v1/projects', { name: `Project ${codes}`, code: `PR${codes}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function role(ownerPath: string, name: string, permissions: string[]): Promise<{ id: string }> {
  const res = await c.post(`${ownerPath}/roles`, { name, permissions });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const count = async (table: string) => Number((await t.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);

describe('the plan', () => {
  it('needs Plan.Roles (Projects Pro): 403 naming the feature, nothing written; another workspace’s project is 404 first', async () => {
    const p = await project();
    const base = `/api/v1/projects/${p.id}`;
    const calls = [
      c.get(`${base}/roles`),
      c.post(`${base}/roles`, { name: 'Lead', permissions: [] }),
      c.get(`${base}/members`),
      c.post(`${base}/members`, { tenantUserId: viewerId, roleId: viewerId }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.Roles' });
    }
    expect((await other.get(`${base}/roles`)).status).toBe(404);
    expect((await other.get(`${base}/members`)).status).toBe(404);
    expect(await count('project_roles')).toBe(0);
    const sub = await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    expect(sub.status, sub.text).toBe(200);
    expect((await c.get(`${base}/roles`)).body).toEqual([]);
  });
});

describe('roles', () => {
  it('adds, lists, renames and deletes a role; refuses a duplicate name, an unknown permission and a role in use', async () => {
    const p = await project();
    const base = `/api/v1/projects/${p.id}/roles`;
    const lead = await role(`/api/v1/projects/${p.id}`, 'Lead', ['Project.ManageTasks', 'Project.CreateTasks']);
    expect(lead).toMatchObject({
      ownerId: p.id,
      name: 'Lead',
      permissions: ['Project.ManageTasks', 'Project.CreateTasks'],
      memberCount: 0,
    });
    const dup = await c.post(base, { name: 'lead', permissions: [] });
    expect(dup.status, dup.text).toBe(409);
    expect(dup.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'duplicate' })]);
    const before = await count('project_roles');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'X', permissions: ['Project.Fly'] }, 'permissions.0', 'invalidOption'],
      [{ name: 'X', permissions: ['Contact.ViewContacts'] }, 'permissions.0', 'invalidOption'],
      [{ name: 'X', permissions: ['Project.ManageTasks', 'Project.ManageTasks'] }, 'permissions', 'duplicate'],
      [{ name: '', permissions: [] }, 'name', 'required'],
      [{ name: 'x'.repeat(101), permissions: [] }, 'name', 'maxLength'],
      [{ name: 'X' }, 'permissions', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await c.post(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    }
    expect(await count('project_roles')).toBe(before);
    const viewerRole = await role(`/api/v1/projects/${p.id}`, 'Viewer', []);
    const renamed = await c.put(`${base}/${viewerRole.id}`, { name: 'Reader', permissions: ['Project.ViewTaskCalendar'] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Reader', permissions: ['Project.ViewTaskCalendar'] });
    expect((await c.put(`${base}/${viewerRole.id}`, { name: 'LEAD', permissions: [] })).status).toBe(409);
    expect((await c.get(base)).body.map((r: { name: string }) => r.name)).toEqual(['Lead', 'Reader']);
    // in use: refused
    expect((await c.post(`/api/v1/projects/${p.id}/members`, { tenantUserId: viewerId, roleId: lead.id })).status).toBe(201);
    const inUse = await c.delete(`${base}/${lead.id}`);
    expect(inUse.status, inUse.text).toBe(409);
    expect(inUse.body.code).toBe('referencedRecord');
    expect((await c.delete(`${base}/${viewerRole.id}`)).status).toBe(204);
    expect((await c.delete(`${base}/${viewerRole.id}`)).status).toBe(404);
    // another project's role is not this one's
    const q = await project();
    expect((await c.put(`/api/v1/projects/${q.id}/roles/${lead.id}`, { name: 'Lead', permissions: [] })).status).toBe(404);
    // a member without the settings permission may not change roles
    expect((await viewer.post(base, { name: 'Mine', permissions: [] })).status).toBe(403);
  });
});

describe('members', () => {
  it('adds a workspace member with a role, changes the role, removes them; refuses strangers and foreign roles', async () => {
    const p = await project();
    const base = `/api/v1/projects/${p.id}/members`;
    const dev = await role(`/api/v1/projects/${p.id}`, 'Developer', ['Project.ManageTasks']);
    const lead = await role(`/api/v1/projects/${p.id}`, 'Lead', ['Project.ManageTasks', 'Project.DeleteTasks']);
    const q = await project();
    const foreign = await role(`/api/v1/projects/${q.id}`, 'Developer', []);
    const before = await count('project_members');
    const bad: [Record<string, unknown>, string, string][] = [
      [{ tenantUserId: '00000000-0000-4000-8000-000000000000', roleId: dev.id }, 'tenantUserId', 'referenceNotFound'],
      [{ tenantUserId: strangerMemberId, roleId: dev.id }, 'tenantUserId', 'referenceNotFound'],
      [{ tenantUserId: viewerId, roleId: foreign.id }, 'roleId', 'referenceNotFound'],
      [{ tenantUserId: 'nobody', roleId: dev.id }, 'tenantUserId', 'validation'],
      [{ tenantUserId: viewerId }, 'roleId', 'required'],
    ];
    for (const [body, field, code] of bad) {
      const res = await c.post(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    }
    expect(await count('project_members')).toBe(before);
    const added = await c.post(base, { tenantUserId: viewerId, roleId: dev.id });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ tenantUserId: viewerId, roleId: dev.id, roleName: 'Developer', user: { id: viewerId } });
    const again = await c.post(base, { tenantUserId: viewerId, roleId: lead.id });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'tenantUserId', code: 'duplicate' });
    const changed = await c.put(`${base}/${viewerId}`, { roleId: lead.id });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.roleName).toBe('Lead');
    expect((await c.put(`${base}/${viewerId}`, { roleId: foreign.id })).status).toBe(400);
    expect((await c.get(base)).body).toEqual([expect.objectContaining({ tenantUserId: viewerId, roleName: 'Lead' })]);
    // another workspace: 404, whatever the call
    expect((await other.post(base, { tenantUserId: viewerId, roleId: dev.id })).status).toBe(404);
    expect((await other.delete(`${base}/${viewerId}`)).status).toBe(404);
    expect((await viewer.delete(`${base}/${viewerId}`)).status).toBe(403);
    expect((await c.delete(`${base}/${viewerId}`)).status).toBe(204);
    expect((await c.delete(`${base}/${viewerId}`)).status).toBe(404);
    expect((await c.get(base)).body).toEqual([]);
  });
});

describe('the merge with the workspace role', () => {
  it("a member's project role lets them create, edit, move and delete that project's tasks, and nothing elsewhere", async () => {
    const p = await project();
    const q = await project();
    const mine = (await c.post('/api/v1/tasks', { name: 'Mine to edit', projectId: p.id })).body;
    const theirs = (await c.post('/api/v1/tasks', { name: 'Not mine', projectId: q.id })).body;
    const patch = (id: string, version: number, name: string) =>
      viewer.patch(`/api/v1/tasks/${id}`, [{ op: 'replace', path: '/name', value: name }], {
        'if-match': `"${version}"`,
        'content-type': 'application/json-patch+json',
      });
    expect((await patch(mine.id, mine.version, 'Edited')).status).toBe(403);
    expect((await viewer.post('/api/v1/tasks', { name: 'New', projectId: p.id })).status).toBe(403);
    const dev = await role(`/api/v1/projects/${p.id}`, 'Developer', ['Project.CreateTasks', 'Project.ManageTasks', 'Project.DeleteTasks']);
    expect((await c.post(`/api/v1/projects/${p.id}/members`, { tenantUserId: viewerId, roleId: dev.id })).status).toBe(201);
    const edited = await patch(mine.id, mine.version, 'Edited');
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.name).toBe('Edited');
    expect((await patch(theirs.id, theirs.version, 'Edited')).status).toBe(403);
    const created = await viewer.post('/api/v1/tasks', { name: 'New', projectId: p.id });
    expect(created.status, created.text).toBe(201);
    expect((await viewer.post('/api/v1/tasks', { name: 'New', projectId: q.id })).status).toBe(403);
    // moving a task to a project where the role does not reach
    const moved = await viewer.patch(`/api/v1/tasks/${created.body.id}`, [{ op: 'replace', path: '/projectId', value: q.id }], {
      'if-match': `"${created.body.version}"`,
      'content-type': 'application/json-patch+json',
    });
    expect(moved.status, moved.text).toBe(403);
    expect((await viewer.delete(`/api/v1/tasks/${theirs.id}`)).status).toBe(403);
    expect((await viewer.delete(`/api/v1/tasks/${created.body.id}`)).status).toBe(204);
    // the project itself: ManageProjects in the role
    const projectPatch = () =>
      viewer.patch(`/api/v1/projects/${p.id}`, [{ op: 'replace', path: '/status', value: 'Active' }], {
        'if-match': `"${1}"`,
        'content-type': 'application/json-patch+json',
      });
    expect((await projectPatch()).status).toBe(403);
    expect(
      (await c.put(`/api/v1/projects/${p.id}/roles/${dev.id}`, { name: 'Developer', permissions: ['Project.ManageProjects'] })).status,
    ).toBe(200);
    const version = Number((await c.get(`/api/v1/projects/${p.id}`)).body.version);
    const pp = await viewer.patch(`/api/v1/projects/${p.id}`, [{ op: 'replace', path: '/status', value: 'Active' }], {
      'if-match': `"${version}"`,
      'content-type': 'application/json-patch+json',
    });
    expect(pp.status, pp.text).toBe(200);
    // ... and with it the project's members (not its roles: that is ManageSettings)
    expect((await viewer.get(`/api/v1/projects/${p.id}/members`)).status).toBe(200);
    expect((await viewer.post(`/api/v1/projects/${p.id}/roles`, { name: 'Mine', permissions: [] })).status).toBe(403);
    const mp = await viewer.get(`/api/v1/projects/${p.id}/my-permissions`);
    expect(mp.status).toBe(200);
    expect(mp.body.roleId).toBe(dev.id);
    expect(mp.body.permissions).toEqual(expect.arrayContaining(['Project.ViewProjects', 'Project.ManageProjects']));
    expect(mp.body.permissions).not.toContain('Project.ManageTasks');
    expect((await viewer.get(`/api/v1/projects/${q.id}/my-permissions`)).body.roleId).toBeNull();
  });
});

describe('templates', () => {
  it('a template has roles; a project made from it gets copies, and a template saved from a project takes its roles', async () => {
    const tpl = await c.post('/api/v1/project-templates', { name: 'Agency job' });
    expect(tpl.status).toBe(201);
    const tplBase = `/api/v1/project-templates/${tpl.body.id}`;
    await role(tplBase, 'Account manager', ['Project.ManageProjects']);
    await role(tplBase, 'Designer', ['Project.ManageTasks']);
    expect((await other.get(`${tplBase}/roles`)).status).toBe(404);
    expect((await viewer.post(`${tplBase}/roles`, { name: 'X', permissions: [] })).status).toBe(403);
    const p = await project({ projectTemplateId: tpl.body.id });
    const copied = (await c.get(`/api/v1/projects/${p.id}/roles`)).body;
    expect(copied.map((r: { name: string; ownerId: string }) => [r.name, r.ownerId])).toEqual([
      ['Account manager', p.id],
      ['Designer', p.id],
    ]);
    // the copies are the project's own: changing one leaves the template's as it was
    await c.put(`/api/v1/projects/${p.id}/roles/${copied[1].id}`, { name: 'Designer', permissions: [] });
    expect((await c.get(`${tplBase}/roles`)).body[1].permissions).toEqual(['Project.ManageTasks']);
    await role(`/api/v1/projects/${p.id}`, 'Reviewer', ['Project.ViewTaskCalendar']);
    const saved = await c.post(`/api/v1/projects/${p.id}/template`, { name: 'Agency job v2' });
    expect(saved.status, saved.text).toBe(201);
    const back = (await c.get(`/api/v1/project-templates/${saved.body.id}/roles`)).body;
    expect(back.map((r: { name: string }) => r.name)).toEqual(['Account manager', 'Designer', 'Reviewer']);
  });
});
