import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Spec §6 Project.CreateTasksAcrossProjects (issue 20): a task goes into a project its writer
// leads, owns or is a member of; into any other project only with that permission.
let t: TestApp;
let c: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, tenantId } = await ownerAndStranger(t));
});
afterAll(async () => t.close());

const BASE = ['Project.ViewProjects', 'Project.CreateProjects', 'Project.CreateTasks', 'Project.ManageTasks'];

describe('tasks across projects', () => {
  it('without the permission a task goes only into a project of one’s own; with it, into any', async () => {
    const theirs = await c.post('/api/v1/projects', { name: 'Not mine', code: 'NOTM' });
    expect(theirs.status, theirs.text).toBe(201);
    const member = await t.addMemberWith(tenantId, BASE);
    const as = t.client(member, tenantId);
    const mine = await as.post('/api/v1/projects', { name: 'Mine', code: 'MINE' });
    expect(mine.status, mine.text).toBe(201);

    const inMine = await as.post('/api/v1/tasks', { name: 'Fine', projectId: mine.body.id });
    expect(inMine.status, inMine.text).toBe(201);
    const before = (await c.post('/api/v1/tasks/list', { filters: [{ field: 'projectId', op: 'eq', value: theirs.body.id }] })).body.total;
    const refused = await as.post('/api/v1/tasks', { name: 'Not here', projectId: theirs.body.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'accessDenied', limit: 'Project.CreateTasksAcrossProjects' });
    expect(refused.body.errors[0]).toMatchObject({ field: 'projectId' });
    // moving one's task there is the same
    const moved = await as.patch(`/api/v1/tasks/${inMine.body.id}`, [{ op: 'replace', path: '/projectId', value: theirs.body.id }], {
      'if-match': `"${inMine.body.version}"`,
    });
    expect(moved.status).toBe(403);
    expect((await c.post('/api/v1/tasks/list', { filters: [{ field: 'projectId', op: 'eq', value: theirs.body.id }] })).body.total).toBe(
      before,
    );

    // leading the project is being part of it
    const lead = await c.patch(`/api/v1/projects/${theirs.body.id}`, [{ op: 'replace', path: '/assigneeId', value: member.tenantUserId }], {
      'if-match': `"${theirs.body.version}"`,
    });
    expect(lead.status, lead.text).toBe(200);
    expect((await as.post('/api/v1/tasks', { name: 'Now fine', projectId: theirs.body.id })).status).toBe(201);

    // with the permission, any project
    const other = await c.post('/api/v1/projects', { name: 'Elsewhere', code: 'ELSE' });
    const across = t.client(await t.addMemberWith(tenantId, [...BASE, 'Project.CreateTasksAcrossProjects']), tenantId);
    expect((await across.post('/api/v1/tasks', { name: 'Anywhere', projectId: other.body.id })).status).toBe(201);
  });
});
