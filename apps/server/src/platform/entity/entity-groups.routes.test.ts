import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// A list grouped by one field (POST {base}/groups, engine): counts per group under the list's
// search and filters, in the field's order, each with the filter that lists the group's records.
let t: TestApp;
let c: Client;
let other: Client;
type Group = { value: string | null; title: string | null; count: number; filter: { field: string; op: string; value?: unknown } };
type Groups = { by: string; total: number; groups: Group[]; errors?: unknown[] };

let projectId: string;
let me: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other } = await ownerAndStranger(t));
  const project = await c.post('/api/v1/projects', { name: 'Grouped', code: 'GRP' });
  expect(project.status, project.text).toBe(201);
  projectId = project.body.id;
  me = project.body.assignee.id;
  const tasks = [
    { name: 'Late one', priority: 'High', dueDate: '2030-05-01', assigneeId: me },
    { name: 'Late two', priority: 'High', dueDate: '2030-05-09' },
    { name: 'Today', priority: 'Low', dueDate: '2030-05-10', assigneeId: me },
    { name: 'Soon', dueDate: '2030-05-17' },
    { name: 'Later', priority: 'Low', dueDate: '2030-05-18' },
    { name: 'Someday', priority: 'High' },
  ];
  for (const task of tasks) expect((await c.post('/api/v1/tasks', { ...task, projectId })).status).toBe(201);
});
afterAll(async () => t.close());

const groups = async (body: Record<string, unknown>, as: Client = c) => as.post<Groups>('/api/v1/tasks/groups', body);
const inProject = () => ({ field: 'projectId', op: 'eq', value: projectId });

describe('list groups', () => {
  it('count per option in the options order, records without one last, each with its filter', async () => {
    const res = await groups({ by: 'priority', filters: [inProject()] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(6);
    const high = res.body.groups.find((g) => g.value === 'High');
    expect(res.body.groups.map((g) => [g.value, g.count])).toEqual([
      ['High', 3],
      ['Low', 2],
      [null, 1],
    ]);
    expect(high).toMatchObject({ count: 3, title: null, filter: { field: 'priority', op: 'eq', value: 'High' } });
    // the group's filter lists exactly its records
    const list = await c.post<{ total: number }>('/api/v1/tasks/list', { filters: [inProject(), high?.filter] });
    expect(list.body.total).toBe(3);
    const none = await c.post<{ total: number }>('/api/v1/tasks/list', { filters: [inProject(), res.body.groups.at(-1)?.filter] });
    expect(none.body.total).toBe(1);
  });

  it('follow the list: its search and filters narrow the counts', async () => {
    const res = await groups({ by: 'priority', search: 'late', filters: [inProject()] });
    // Late one, Late two (High) and Later (Low)
    expect(res.body.groups.map((g) => [g.value, g.count])).toEqual([
      ['High', 2],
      ['Low', 1],
    ]);
  });

  it('name linked users and stages, stages in their board order', async () => {
    const byUser = await groups({ by: 'assigneeId', filters: [inProject()] });
    expect(byUser.body.groups).toEqual([
      expect.objectContaining({ value: me, count: 2, title: expect.any(String) }),
      expect.objectContaining({ value: null, count: 4, filter: { field: 'assigneeId', op: 'isEmpty' } }),
    ]);
    const byStage = await groups({ by: 'workflowStage', filters: [inProject()] });
    expect(byStage.body.groups).toEqual([expect.objectContaining({ title: 'To do', count: 6 })]);
    const byProject = await groups({ by: 'projectId', filters: [inProject()] });
    expect(byProject.body.groups).toEqual([expect.objectContaining({ value: projectId, title: 'Grouped', count: 6 })]);
  });

  it('put dates into overdue, today, the next 7 days, later and none around the caller’s today', async () => {
    const res = await groups({ by: 'dueDate', today: '2030-05-10', filters: [inProject()] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.groups.map((g) => [g.value, g.count])).toEqual([
      ['overdue', 2],
      ['today', 1],
      ['next7Days', 1],
      ['later', 1],
      [null, 1],
    ]);
    for (const g of res.body.groups) {
      const list = await c.post<{ total: number }>('/api/v1/tasks/list', { filters: [inProject(), g.filter] });
      expect(list.body.total, JSON.stringify(g.filter)).toBe(g.count);
    }
  });

  it('refuse a field that cannot group or a bad date with a 400 naming it, and show another workspace nothing', async () => {
    const text = await groups({ by: 'name' });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([expect.objectContaining({ field: 'by', code: 'unknownField' })]);
    expect((await groups({ by: 'nope' })).status).toBe(400);
    const day = await groups({ by: 'dueDate', today: '2030-13-01' });
    expect(day.status).toBe(400);
    expect(day.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'today', code: 'validation' })]));
    const theirs = await groups({ by: 'priority', filters: [inProject()] }, other);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ total: 0, groups: [] });
  });
});
