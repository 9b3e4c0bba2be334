import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Work management on the engine (issue 20): projects with codes and their own task stages,
// templates whose stages a project copies, tasks numbered per project, dates and parents checked.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;
type Stage = { id: string; name: string; wipLimit?: number | null };
type Workflow = { id: string; scopeId: string | null; isDefault: boolean; stages: Stage[] };

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerAndStranger(t));
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>, as: Client = c) {
  const res = await as.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const stagesOf = async (scopeId: string, as: Client = c) => {
  const res = await as.get<Workflow[]>(`/api/v1/core/workflows?entity=Task&scopeId=${scopeId}`);
  return res;
};

describe('projects', () => {
  it('have a code: two to ten capitals or digits starting with a letter, unique in the workspace whatever the case', async () => {
    const bad = await c.post('/api/v1/projects', { name: 'Bad code', code: 'web site' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'code', code: 'validation' })]);
    await create('/api/v1/projects', { name: 'Website', code: 'WEBX' });
    const taken = await c.post('/api/v1/projects', { name: 'Web shop', code: 'webx' });
    expect(taken.status).toBe(400);
    const again = await c.post('/api/v1/projects', { name: 'Web shop', code: 'WEBX' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([expect.objectContaining({ field: 'code', code: 'unique' })]);
    // another workspace may use the same code
    await create('/api/v1/projects', { name: 'Theirs', code: 'WEBX' }, other);
  });

  it('get their own task stages, copied from the workspace, which another workspace cannot read', async () => {
    const project = await create('/api/v1/projects', { name: 'Stages', code: 'STG' });
    const res = await stagesOf(project.id);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ scopeId: project.id, isDefault: true });
    expect(res.body[0]?.stages.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done']);
    expect((await stagesOf(project.id, other)).status).toBe(404);
    // the project lead is the creator unless chosen
    expect(project.assignee).toMatchObject({ id: expect.any(String) });
  });

  it('start from a template: its stages, changed on the template, are the new project stages', async () => {
    const template = await create('/api/v1/project-templates', { name: 'Office move' });
    const [flow] = (await stagesOf(template.id)).body;
    expect(flow?.stages).toHaveLength(4);
    const added = await c.post('/api/v1/core/workflow-stages', { workflowId: flow?.id, name: 'Signed off', stageType: 'Closed' });
    expect(added.status, added.text).toBe(201);
    const project = await create('/api/v1/projects', { name: 'Move to Berlin', code: 'BER', projectTemplateId: template.id });
    expect(project.projectTemplate).toEqual({ id: template.id, title: 'Office move' });
    const [copied] = (await stagesOf(project.id)).body;
    expect(copied?.stages.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done', 'Signed off']);
    expect(copied?.id).not.toBe(flow?.id);
  });
});

describe('tasks', () => {
  it('are numbered per project with its code, start in its first stage, and follow a new code', async () => {
    const a = await create('/api/v1/projects', { name: 'Alpha', code: 'ALP' });
    const b = await create('/api/v1/projects', { name: 'Beta', code: 'BET' });
    const [alphaFlow] = (await stagesOf(a.id)).body;
    const t1 = await create('/api/v1/tasks', { name: 'First', projectId: a.id });
    const t2 = await create('/api/v1/tasks', { name: 'Second', projectId: a.id });
    const u1 = await create('/api/v1/tasks', { name: 'Other first', projectId: b.id });
    expect([t1.number, t2.number, u1.number]).toEqual(['ALP-1', 'ALP-2', 'BET-1']);
    expect(t1.workflowStage).toBe(alphaFlow?.stages[0]?.id);
    const renamed = await c.patch(`/api/v1/projects/${a.id}`, [{ op: 'replace', path: '/code', value: 'ALF' }], { 'if-match': '"1"' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await c.get(`/api/v1/tasks/${t2.id}`)).body.number).toBe('ALF-2');
    expect((await create('/api/v1/tasks', { name: 'Third', projectId: a.id })).number).toBe('ALF-3');
  });

  it('refuse a stage of another project, a due date before the start and a parent of another project; nothing is written', async () => {
    const a = await create('/api/v1/projects', { name: 'Gamma', code: 'GAM' });
    const b = await create('/api/v1/projects', { name: 'Delta', code: 'DEL' });
    const [deltaFlow] = (await stagesOf(b.id)).body;
    const wrongStage = await c.post('/api/v1/tasks', { name: 'Lost', projectId: a.id, workflowStage: deltaFlow?.stages[1]?.id });
    expect(wrongStage.status).toBe(400);
    expect(wrongStage.body.errors).toEqual([expect.objectContaining({ field: 'workflowStage', code: 'invalidStage' })]);
    const dates = await c.post('/api/v1/tasks', { name: 'Backwards', projectId: a.id, startDate: '2027-03-10', dueDate: '2027-03-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.errors).toEqual([expect.objectContaining({ field: 'dueDate', code: 'invalidDueDate' })]);
    const parent = await create('/api/v1/tasks', { name: 'Parent in Delta', projectId: b.id });
    const child = await c.post('/api/v1/tasks', { name: 'Child', projectId: a.id, parentTaskId: parent.id });
    expect(child.status).toBe(400);
    expect(child.body.errors).toEqual([expect.objectContaining({ field: 'parentTaskId' })]);
    const list = await c.post('/api/v1/tasks/list', { filters: [{ field: 'projectId', op: 'eq', value: a.id }] });
    expect(list.body.total).toBe(0);
    // a subtask of the same project is fine
    const sub = await create('/api/v1/tasks', { name: 'Subtask', projectId: b.id, parentTaskId: parent.id });
    expect(sub.parentTask).toEqual({ id: parent.id, title: 'Parent in Delta' });
  });

  it('move to another project: a new stage of that project, unless one of it is named', async () => {
    const a = await create('/api/v1/projects', { name: 'Epsilon', code: 'EPS' });
    const b = await create('/api/v1/projects', { name: 'Zeta', code: 'ZET' });
    const [zetaFlow] = (await stagesOf(b.id)).body;
    const task = await create('/api/v1/tasks', { name: 'Wanderer', projectId: a.id });
    const moved = await c.patch(`/api/v1/tasks/${task.id}`, [{ op: 'replace', path: '/projectId', value: b.id }], { 'if-match': '"1"' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.workflowStage).toBe(zetaFlow?.stages[0]?.id);
    const board = await c.put(`/api/v1/tasks/${task.id}/board-position`, { workflowStage: zetaFlow?.stages[2]?.id }, { 'if-match': '"2"' });
    expect(board.status, board.text).toBe(200);
    const [epsFlow] = (await stagesOf(a.id)).body;
    const wrong = await c.put(`/api/v1/tasks/${task.id}/board-position`, { workflowStage: epsFlow?.stages[1]?.id }, { 'if-match': '"3"' });
    expect(wrong.status).toBe(400);
  });
});

describe('my work on the dashboard', () => {
  it('lists my open tasks soonest due first and the projects I lead or have open tasks in', async () => {
    const lead = await create('/api/v1/projects', { name: 'Mine to lead', code: 'MYL' });
    const elsewhere = await create('/api/v1/projects', { name: 'Someone else’s', code: 'SEL', assigneeId: null });
    const [flow] = (await stagesOf(elsewhere.id)).body;
    const self = lead.assignee.id as string;
    await create('/api/v1/tasks', { name: 'Later', projectId: elsewhere.id, assigneeId: self, dueDate: '2031-05-02' });
    await create('/api/v1/tasks', { name: 'Sooner', projectId: elsewhere.id, assigneeId: self, dueDate: '2031-05-01' });
    await create('/api/v1/tasks', { name: 'Undated', projectId: elsewhere.id, assigneeId: self });
    await create('/api/v1/tasks', { name: 'Finished', projectId: elsewhere.id, assigneeId: self, workflowStage: flow?.stages.at(-1)?.id });
    await create('/api/v1/tasks', { name: 'Nobody’s', projectId: elsewhere.id });
    const tasks = await c.get<{ total: number; tasks: { title: string; projectTitle: string; stageName: string }[] }>(
      '/api/v1/dashboard/my-tasks',
    );
    expect(tasks.status).toBe(200);
    const mine = tasks.body.tasks.filter((x) => x.projectTitle === 'Someone else’s').map((x) => x.title);
    expect(mine).toEqual(['Sooner', 'Later', 'Undated']);
    expect(tasks.body.tasks[0]).toMatchObject({ stageName: 'To do' });
    const projects = await c.get<{ title: string; openTasks: number; myOpenTasks: number }[]>('/api/v1/dashboard/my-projects');
    expect(projects.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Mine to lead', openTasks: 0, myOpenTasks: 0 }),
        expect.objectContaining({ title: 'Someone else’s', openTasks: 4, myOpenTasks: 3 }),
      ]),
    );
    // a list filter on a user field may name the caller as @me
    const mineListed = await c.post<{ data: { title: string }[] }>('/api/v1/tasks/list', {
      filters: [
        { field: 'assigneeId', op: 'eq', value: '@me' },
        { field: 'projectId', op: 'eq', value: elsewhere.id },
      ],
      sort: [{ field: 'name', order: 'asc' }],
    });
    expect(mineListed.body.data.map((x) => x.title)).toEqual(['Finished', 'Later', 'Sooner', 'Undated']);
    // another workspace sees none of it
    const theirs = await other.get<{ total: number }>('/api/v1/dashboard/my-tasks');
    expect(theirs.body.total).toBe(0);
  });
});

describe('tasks on customer records', () => {
  it('link to a contact and an opportunity, and are listed from either side', async () => {
    const project = await create('/api/v1/projects', { name: 'Onboarding', code: 'ONB' });
    const task = await create('/api/v1/tasks', { name: 'Kick-off call', projectId: project.id });
    const contact = await create('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace' });
    const deal = await create('/api/v1/opportunities', { name: 'Engines' });
    for (const [linkedKind, linkedId] of [
      ['Contact', contact.id],
      ['Opportunity', deal.id],
    ])
      expect((await c.post('/api/v1/core/linked-entities', { entityKind: 'Task', entityId: task.id, linkedKind, linkedId })).status).toBe(
        201,
      );
    const fromContact = await c.post('/api/v1/core/linked-entities/list', {
      entityKind: 'Contact',
      entityId: contact.id,
      linkedKind: 'Task',
    });
    expect(fromContact.body.data).toEqual([expect.objectContaining({ entityKind: 'Task', entityId: task.id, title: 'Kick-off call' })]);
    const fromTask = await c.post('/api/v1/core/linked-entities/list', { entityKind: 'Task', entityId: task.id });
    expect(fromTask.body.data.map((l: { entityKind: string }) => l.entityKind).sort()).toEqual(['Contact', 'Opportunity']);
  });
});

describe('plans', () => {
  it('task custom fields and task types need Projects Pro; other kinds keep theirs on the free plans', async () => {
    const owner = await t.createUser();
    const free = t.client(owner, (await t.createTenant(owner)).id);
    const field = { fields: [{ kind: 'singleLine', label: 'Customer ref', key: 'customerRef' }] };
    const refused = await free.put('/api/v1/core/entity-fields?entity=Task', field);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.TaskCustomFields' });
    const type = await free.post('/api/v1/task-types', { name: 'Bug' });
    expect(type.status).toBe(403);
    expect(type.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.ProjectSettings' });
    expect((await free.get('/api/v1/core/entity-fields?entity=Task')).body).toEqual([]);
    expect((await free.put('/api/v1/core/entity-fields?entity=Contact', field)).status).toBe(200);

    expect((await free.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' })).status).toBe(200);
    expect((await free.put('/api/v1/core/entity-fields?entity=Task', field)).status).toBe(200);
    expect((await free.post('/api/v1/task-types', { name: 'Bug' })).status).toBe(201);
  });
});

describe('a template made from a project', () => {
  it('takes the project’s stages and scheduled tasks, and a new project from it starts with them', async () => {
    const source = await create('/api/v1/projects', { name: 'Berlin move', code: 'BMV' });
    const [flow] = (await stagesOf(source.id)).body;
    await c.post('/api/v1/core/workflow-stages', { workflowId: flow?.id, name: 'Keys handed over', stageType: 'Closed' });
    await create('/api/v1/task-schedules', {
      name: 'Check the post',
      projectId: source.id,
      rule: 'FREQ=WEEKLY;BYDAY=FR',
      startsAt: '2031-01-03T09:00',
      timeZone: 'Europe/Berlin',
    });
    const bad = await c.post(`/api/v1/projects/${source.id}/template`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'required' })]);
    expect((await other.post(`/api/v1/projects/${source.id}/template`, { name: 'Stolen' })).status).toBe(404);

    const made = await c.post(`/api/v1/projects/${source.id}/template`, { name: 'Office move (Berlin)' });
    expect(made.status, made.text).toBe(201);
    const [copied] = (await stagesOf(made.body.id)).body;
    expect(copied?.stages.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done', 'Keys handed over']);
    const schedules = await c.post('/api/v1/task-schedules/list', {
      filters: [{ field: 'projectTemplateId', op: 'eq', value: made.body.id }],
    });
    expect(schedules.body.data.map((r: { name: string }) => r.name)).toEqual(['Check the post']);
    const next = await create('/api/v1/projects', { name: 'Munich move', code: 'MMV', projectTemplateId: made.body.id });
    expect((await stagesOf(next.id)).body[0]?.stages.at(-1)?.name).toBe('Keys handed over');
  });
});

describe('mention suggestions for a task', () => {
  it('offer the task’s assignee and followers first, only for a task the caller can see', async () => {
    const aaron = await t.addMember(tenantId, 'Member', await t.createUser({ name: 'Aaron Early' }));
    const zoe = await t.addMember(tenantId, 'Member', await t.createUser({ name: 'Zoe Zimmer' }));
    const project = await create('/api/v1/projects', { name: 'Mentions', code: 'MEN' });
    const task = await create('/api/v1/tasks', { name: 'Ask Zoe', projectId: project.id, assigneeId: zoe.tenantUserId });
    const plain = await c.get<{ id: string; name: string }[]>('/api/v1/core/notes/mention-suggestions?limit=50');
    const names = plain.body.map((m) => m.name);
    expect(names.indexOf('Aaron Early')).toBeLessThan(names.indexOf('Zoe Zimmer'));
    const forTask = await c.get<{ id: string; name: string }[]>(
      `/api/v1/core/notes/mention-suggestions?limit=50&entityKind=Task&entityId=${task.id}`,
    );
    expect(forTask.status).toBe(200);
    expect(forTask.body[0]).toMatchObject({ id: zoe.tenantUserId, name: 'Zoe Zimmer' });
    expect(forTask.body.map((m) => m.id)).toContain(aaron.tenantUserId);
    expect((await other.get(`/api/v1/core/notes/mention-suggestions?entityKind=Task&entityId=${task.id}`)).status).toBe(404);
    // a kind without an id names no record: the plain suggestions
    const half = await c.get<{ id: string }[]>(`/api/v1/core/notes/mention-suggestions?limit=50&entityKind=Task`);
    expect(half.body.map((m) => m.id)).toEqual(plain.body.map((m) => m.id));
  });
});

describe('work-in-progress limits', () => {
  it('are kept per stage, copied with the stages, and must be a whole number from 1', async () => {
    const template = await create('/api/v1/project-templates', { name: 'Kanban' });
    const [flow] = (await stagesOf(template.id)).body;
    const doing = flow?.stages[1];
    const bad = await c.put(`/api/v1/core/workflow-stages/${doing?.id}`, { name: 'In progress', stageType: 'InProgress', wipLimit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'wipLimit', code: 'validation' })]);
    const set = await c.put(`/api/v1/core/workflow-stages/${doing?.id}`, { name: 'In progress', stageType: 'InProgress', wipLimit: 3 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.wipLimit).toBe(3);
    const project = await create('/api/v1/projects', { name: 'Limited', code: 'LIM', projectTemplateId: template.id });
    const [copied] = (await stagesOf(project.id)).body;
    expect(copied?.stages.map((s) => s.wipLimit)).toEqual([null, 3, null, null]);
  });
});

describe('a project in the recycle bin', () => {
  // a project that tasks refer to — live, archived or in the bin — cannot be deleted (the refuse
  // rule, decision 086), so the tasks in question are those of the restored project
  it('keeps its task stages: restored, it and its tasks have them; purged, they go with it', async () => {
    const project = await create('/api/v1/projects', { name: 'Bin and back', code: 'BIN' });
    const [flow] = (await stagesOf(project.id)).body;
    const added = await c.post('/api/v1/core/workflow-stages', {
      workflowId: flow?.id,
      name: 'Waiting for parts',
      stageType: 'InProgress',
    });
    expect(added.status, added.text).toBe(201);
    const stageId = String(added.body.id);
    expect((await c.delete(`/api/v1/projects/${project.id}`)).status).toBe(204);
    expect((await stagesOf(project.id)).status).toBe(404);
    expect((await c.post('/api/v1/projects/restore', { ids: [project.id] })).status).toBe(200);
    const [back] = (await stagesOf(project.id)).body;
    expect(back?.id).toBe(flow?.id);
    expect(back?.stages.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done', 'Waiting for parts']);
    // its tasks start in its first stage and take its own
    const first = await create('/api/v1/tasks', { name: 'Look at the damage', projectId: project.id });
    expect(first.workflowStage).toBe(back?.stages[0]?.id);
    const task = await create('/api/v1/tasks', { name: 'Order the parts', projectId: project.id, workflowStage: stageId });
    expect((await c.get(`/api/v1/tasks/${task.id}`)).body).toMatchObject({ workflowStage: stageId });

    // a template the same
    const template = await create('/api/v1/project-templates', { name: 'Repair' });
    const [own] = (await stagesOf(template.id)).body;
    expect((await c.delete(`/api/v1/project-templates/${template.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/project-templates/restore', { ids: [template.id] })).status).toBe(200);
    expect((await stagesOf(template.id)).body[0]?.id).toBe(own?.id);

    // purged (its tasks first): the stages go with it
    for (const id of [first.id, task.id]) {
      expect((await c.delete(`/api/v1/tasks/${id}`)).status).toBe(204);
      expect((await c.post('/api/v1/tasks/purge', { ids: [id] })).status).toBe(200);
    }
    expect((await c.delete(`/api/v1/projects/${project.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/projects/purge', { ids: [project.id] })).status).toBe(200);
    expect((await c.delete(`/api/v1/project-templates/${template.id}`)).status).toBe(204);
    expect((await c.post('/api/v1/project-templates/purge', { ids: [template.id] })).status).toBe(200);
    const left = await t.sql<{ n: number }>(
      'select count(*)::int as n from workflows where tenant_id = $1 and scope_id = any($2::uuid[])',
      [tenantId, [project.id, template.id]],
    );
    expect(left[0]?.n).toBe(0);
  });
});
