import type { Workflow } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Reads through project roles (the engine's roleScope): a member whose workspace role lacks
// Project.ViewProjects sees the projects where their role grants it, and those projects' tasks,
// in every read — and nothing of other projects. The project's other calls (checklist, links,
// time logs, archive, recycle bin) take the merged permission the same way.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;
// a member with no Project permission in the workspace
let member: Client;
let memberId: string;
let a: { id: string };
let b: { id: string };
let taskA: { id: string; version: number };
let taskB: { id: string };
let reader: { id: string };
let worker: { id: string };

const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerAndStranger(t));
  const m = await t.addMemberWith(tenantId, ['Contact.ViewContacts']);
  memberId = m.tenantUserId;
  member = t.client(m, tenantId);
  a = (await c.post('/api/v1/projects', { name: 'Apollo', code: 'APO' })).body;
  b = (await c.post('/api/v1/projects', { name: 'Borealis', code: 'BOR' })).body;
  taskA = (await c.post('/api/v1/tasks', { name: 'Apollo launch checklist', projectId: a.id })).body;
  taskB = (await c.post('/api/v1/tasks', { name: 'Borealis launch plan', projectId: b.id })).body;
  expect(taskA.id && taskB.id).toBeTruthy();
});
afterAll(async () => t.close());

describe('visibility through project roles', () => {
  it('without Plan.Roles a member lacking Project.ViewProjects is refused (403) and sees no project', async () => {
    expect((await member.post('/api/v1/projects/list', {})).status).toBe(403);
    expect((await member.post('/api/v1/tasks/list', {})).status).toBe(403);
    expect((await member.get(`/api/v1/tasks/${taskA.id}`)).status).toBe(403);
    const sub = await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    expect(sub.status, sub.text).toBe(200);
  });

  it('on Projects Pro a non-member still sees nothing: empty lists, 404 for a record', async () => {
    expect((await member.post('/api/v1/projects/list', {})).body).toMatchObject({ data: [], total: 0 });
    expect((await member.post('/api/v1/tasks/list', {})).body).toMatchObject({ data: [], total: 0 });
    expect((await member.get('/api/v1/admin/permissions/me')).body.throughRoles).toEqual([]);
    expect((await member.get(`/api/v1/projects/${a.id}`)).status).toBe(404);
    expect((await member.get(`/api/v1/tasks/${taskA.id}`)).status).toBe(404);
    expect((await member.get(`/api/v1/tasks/${taskA.id}/checklist`)).status).toBe(404);
  });

  it('a member whose role grants ViewProjects sees that project and its tasks in lists, reads, boards, search and lookups, and nothing of others', async () => {
    reader = (await c.post(`/api/v1/projects/${a.id}/roles`, { name: 'Reader', permissions: ['Project.ViewProjects'] })).body;
    worker = (
      await c.post(`/api/v1/projects/${a.id}/roles`, {
        name: 'Worker',
        permissions: ['Project.ViewProjects', 'Project.CreateTasks', 'Project.ManageTasks', 'Project.DeleteTasks'],
      })
    ).body;
    const added = await c.post(`/api/v1/projects/${a.id}/members`, { tenantUserId: memberId, roleId: reader.id });
    expect(added.status, added.text).toBe(201);

    expect(names(await member.post('/api/v1/projects/list', {}))).toEqual(['Apollo']);
    expect(names(await member.post('/api/v1/tasks/list', {}))).toEqual(['Apollo launch checklist']);
    // the web opens the project and task pages by what the caller holds through some role
    const mine = await member.get('/api/v1/admin/permissions/me');
    expect(mine.body.throughRoles).toEqual(['Project.ViewProjects']);
    expect(mine.body.permissions).not.toContain('Project.ViewProjects');
    expect((await c.get('/api/v1/admin/permissions/me')).body.throughRoles).toEqual([]);
    expect((await member.get(`/api/v1/projects/${a.id}`)).status).toBe(200);
    expect((await member.get(`/api/v1/tasks/${taskA.id}`)).body.name).toBe('Apollo launch checklist');
    expect((await member.get(`/api/v1/projects/${b.id}`)).status).toBe(404);
    expect((await member.get(`/api/v1/tasks/${taskB.id}`)).status).toBe(404);
    // the board: the project's stages and its column totals
    const flows = await member.get<Workflow[]>(`/api/v1/core/workflows?entity=Task&scopeId=${a.id}`);
    expect(flows.status, flows.text).toBe(200);
    const flow = flows.body[0] as Workflow;
    const totals = await member.post('/api/v1/tasks/board-totals', {
      workflowId: flow.id,
      filters: [{ field: 'projectId', op: 'eq', value: a.id }],
    });
    expect(totals.status, totals.text).toBe(200);
    expect(totals.body.stages.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(1);
    expect((await member.get(`/api/v1/core/workflows?entity=Task&scopeId=${b.id}`)).status).toBe(404);
    // search across kinds and lookups
    const search = await member.get('/api/v1/core/search?q=launch');
    const hits = (search.body.groups as { kind: string; data: { title: string }[] }[]).flatMap((g) => g.data.map((h) => h.title));
    expect(hits).toEqual(['Apollo launch checklist']);
    const lookups = await member.post('/api/v1/core/lookups', { entities: ['Task', 'Project'], search: '' });
    expect(lookups.status, lookups.text).toBe(200);
    expect(lookups.body.Task.map((o: { label: string }) => o.label)).toEqual(['Apollo launch checklist']);
    expect(lookups.body.Project.map((o: { label: string }) => o.label)).toEqual(['Apollo']);
    // the project's own calls about a task read the same way
    expect((await member.get(`/api/v1/tasks/${taskA.id}/checklist`)).status).toBe(200);
    expect((await member.get(`/api/v1/tasks/${taskB.id}/checklist`)).status).toBe(404);
    expect((await member.get(`/api/v1/projects/${a.id}/my-permissions`)).body.permissions).toContain('Project.ViewProjects');
    // another workspace's member: 404 as ever
    expect((await other.get(`/api/v1/projects/${a.id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/tasks/${taskA.id}`)).status).toBe(404);
  });

  it('viewing is not changing: a reader gets 403 on writes, the checklist and archive', async () => {
    const put = await member.patch(`/api/v1/tasks/${taskA.id}`, [{ op: 'replace', path: '/name', value: 'x' }], { 'if-match': '"1"' });
    expect(put.status, put.text).toBe(403);
    expect((await member.post(`/api/v1/tasks/${taskA.id}/checklist`, { title: 'Fuel' })).status).toBe(403);
    expect((await member.post('/api/v1/tasks/archive', { ids: [taskA.id] })).status).toBe(403);
    expect((await member.post('/api/v1/tasks', { name: 'New', projectId: a.id })).status).toBe(403);
  });

  it('a role that manages tasks changes them with the checklist, archive and the recycle bin — in its project only', async () => {
    expect((await c.put(`/api/v1/projects/${a.id}/members/${memberId}`, { roleId: worker.id })).status).toBe(200);
    const item = await member.post(`/api/v1/tasks/${taskA.id}/checklist`, { title: 'Fuel' });
    expect(item.status, item.text).toBe(201);
    // a task of another project is not even there
    expect((await member.post(`/api/v1/tasks/${taskB.id}/checklist`, { title: 'Fuel' })).status).toBe(404);
    const both = await member.post('/api/v1/tasks/archive', { ids: [taskA.id, taskB.id] });
    expect(both.status, both.text).toBe(404);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from tasks where archived_at is not null'))[0]?.n)).toBe(0);
    expect((await member.post('/api/v1/tasks/archive', { ids: [taskA.id] })).body).toEqual({ ids: [taskA.id] });
    expect((await member.post('/api/v1/tasks/unarchive', { ids: [taskA.id] })).body).toEqual({ ids: [taskA.id] });
    // delete, the bin shows the project's deleted tasks only, restore
    expect((await member.delete(`/api/v1/tasks/${taskA.id}`)).status).toBe(204);
    expect((await c.delete(`/api/v1/tasks/${taskB.id}`)).status).toBe(204);
    const bin = await member.get('/api/v1/tasks/recycle-bin');
    expect(bin.status, bin.text).toBe(200);
    expect(bin.body.data.map((r: { id: string }) => r.id)).toEqual([taskA.id]);
    expect((await member.post('/api/v1/tasks/restore', { ids: [taskB.id] })).status).toBe(404);
    expect((await member.post('/api/v1/tasks/purge', { ids: [taskB.id] })).status).toBe(404);
    expect((await member.post('/api/v1/tasks/restore', { ids: [taskA.id] })).body).toEqual({ ids: [taskA.id] });
    expect((await c.post('/api/v1/tasks/restore', { ids: [taskB.id] })).status).toBe(200);
  });

  it('a workspace viewer who manages tasks by a role in one project: that project’s tasks yes, another’s 403 (checklist, archive, time logs of others)', async () => {
    const v = await t.addMemberWith(tenantId, ['Project.ViewProjects']);
    const viewer = t.client(v, tenantId);
    expect((await c.post(`/api/v1/projects/${a.id}/members`, { tenantUserId: v.tenantUserId, roleId: worker.id })).status).toBe(201);
    expect((await viewer.post(`/api/v1/tasks/${taskA.id}/checklist`, { title: 'Oxygen' })).status).toBe(201);
    const denied = await viewer.post(`/api/v1/tasks/${taskB.id}/checklist`, { title: 'Oxygen' });
    expect(denied.status, denied.text).toBe(403);
    expect((await viewer.post('/api/v1/tasks/archive', { ids: [taskA.id, taskB.id] })).status).toBe(403);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from tasks where archived_at is not null'))[0]?.n)).toBe(0);
    // the owner's time logs: editable by the role in Apollo, not in Borealis
    const logA = (await c.post(`/api/v1/tasks/${taskA.id}/time-logs`, { date: '2026-01-05', minutes: 30 })).body;
    const logB = (await c.post(`/api/v1/tasks/${taskB.id}/time-logs`, { date: '2026-01-05', minutes: 30 })).body;
    const listed = await viewer.get(`/api/v1/tasks/${taskA.id}/time-logs`);
    expect(listed.body.data.map((l: { editable: boolean }) => l.editable)).toEqual([true]);
    expect(
      (await viewer.put(`/api/v1/tasks/${taskA.id}/time-logs/${logA.id}`, { date: '2026-01-05', minutes: 45, note: null })).status,
    ).toBe(200);
    expect(
      (await viewer.put(`/api/v1/tasks/${taskB.id}/time-logs/${logB.id}`, { date: '2026-01-05', minutes: 45, note: null })).status,
    ).toBe(403);
  });

  it('a member removed from the project sees nothing of it again', async () => {
    expect((await c.delete(`/api/v1/projects/${a.id}/members/${memberId}`)).status).toBe(204);
    expect((await member.post('/api/v1/tasks/list', {})).body.total).toBe(0);
    expect((await member.get(`/api/v1/tasks/${taskA.id}`)).status).toBe(404);
    expect((await member.get('/api/v1/admin/permissions/me')).body.throughRoles).toEqual([]);
  });
});
