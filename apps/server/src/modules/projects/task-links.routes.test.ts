import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Linked tasks (blocks / blocked by / relates to, Plan.LinkTasks), automatic rescheduling of the
// tasks a moved task blocks, and the Gantt charts.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;
type Task = { id: string; number: string; startDate: string | null; dueDate: string | null; version: number };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
  const stranger = await t.createUser();
  other = t.client(stranger, (await t.createTenant(stranger)).id);
});
afterAll(async () => t.close());

let codes = 0;
async function project(mode: 'Manual' | 'Automatic', as: Client = c): Promise<{ id: string; code: string }> {
  codes += 1;
  const code = `P${mode[0]}${codes}`;
  const res = await as.post('/api/v1/projects', { name: `Project ${code}`, code, schedulingMode: mode });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function task(projectId: string, startDate: string | null, dueDate: string | null, as: Client = c): Promise<Task> {
  const res = await as.post('/api/v1/tasks', { name: `Task ${startDate ?? 'unscheduled'}`, projectId, startDate, dueDate });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function link(from: Task, to: Task, kind: 'blocks' | 'blockedBy' | 'relatesTo' = 'blocks') {
  const res = await c.post(`/api/v1/tasks/${from.id}/links`, { taskId: to.id, kind });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const read = async (x: Task): Promise<Task> => (await c.get(`/api/v1/tasks/${x.id}`)).body;
async function move(x: Task, startDate: string | null, dueDate: string | null) {
  const { version } = await read(x);
  const res = await c.patch(
    `/api/v1/tasks/${x.id}`,
    [
      { op: 'replace', path: '/startDate', value: startDate },
      { op: 'replace', path: '/dueDate', value: dueDate },
    ],
    { 'if-match': `"${version}"` },
  );
  expect(res.status, res.text).toBe(200);
  return res;
}
const datesOf = async (...list: Task[]) => Promise.all(list.map(async (x) => read(x).then((r) => [r.startDate, r.dueDate])));
const linkCount = async () => Number((await t.sql<{ n: string }>('select count(*) as n from task_links'))[0]?.n);

describe('linking tasks', () => {
  it('needs Plan.LinkTasks (Projects Pro): 403 naming the plan feature, nothing written', async () => {
    const p = await project('Manual');
    const [a, b] = [await task(p.id, null, null), await task(p.id, null, null)];
    const res = await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: b.id, kind: 'blocks' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.LinkTasks' });
    expect(res.body.detail).toContain('Plan.LinkTasks');
    expect(await linkCount()).toBe(0);
    const sub = await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    expect(sub.status, sub.text).toBe(200);
    await link(a, b);
    expect(await linkCount()).toBe(1);
  });

  it('blocks, blocked by and relates to, read from both ends, across projects', async () => {
    const p = await project('Manual');
    const q = await project('Manual');
    const [a, b, x] = [await task(p.id, '2027-01-04', '2027-01-08'), await task(p.id, null, null), await task(q.id, null, null)];
    const ab = await link(a, b, 'blocks');
    expect(ab).toMatchObject({ kind: 'blocks', direction: 'blocks', task: { id: b.id, number: b.number, projectId: p.id } });
    // "x is blocked by a" is stored as a blocks x
    const xa = await link(x, a, 'blockedBy');
    expect(xa).toMatchObject({ kind: 'blocks', direction: 'blockedBy', task: { id: a.id } });
    await link(b, x, 'relatesTo');
    const ofA = await c.get(`/api/v1/tasks/${a.id}/links`);
    expect(ofA.status).toBe(200);
    expect(ofA.body).toEqual([
      { id: ab.id, kind: 'blocks', direction: 'blocks', task: expect.objectContaining({ id: b.id, title: expect.any(String) }) },
      { id: xa.id, kind: 'blocks', direction: 'blocks', task: expect.objectContaining({ id: x.id, projectId: q.id }) },
    ]);
    expect(ofA.body[0].task).toMatchObject({ startDate: null, dueDate: null });
    const ofX = await c.get(`/api/v1/tasks/${x.id}/links`);
    expect(ofX.body.map((l: { direction: string }) => l.direction)).toEqual(['blockedBy', 'relatesTo']);
    expect(ofX.body[0].task).toMatchObject({ startDate: '2027-01-04', dueDate: '2027-01-08' });
    // both tasks' timelines tell it
    const entries = await t.sql('select entity_id from activities where action = $1 and entity_id = any($2)', ['linked', [a.id, b.id]]);
    expect(entries.map((e) => e.entity_id).sort()).toEqual([a.id, a.id, b.id, b.id].sort());
  });

  it('refuses an unknown task, itself, a duplicate either way and a cycle; nothing is written', async () => {
    const p = await project('Manual');
    const [a, b, d] = [await task(p.id, null, null), await task(p.id, null, null), await task(p.id, null, null)];
    await link(a, b);
    await link(b, d);
    const before = await linkCount();
    const unknown = await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: '6f0c2b1a-0000-4000-8000-000000000001', kind: 'blocks' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'taskId', code: 'notFound' })]);
    const self = await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: a.id, kind: 'relatesTo' });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([expect.objectContaining({ field: 'taskId', code: 'validation' })]);
    const again = await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: b.id, kind: 'relatesTo' });
    expect(again.status).toBe(409);
    const reverse = await c.post(`/api/v1/tasks/${b.id}/links`, { taskId: a.id, kind: 'relatesTo' });
    expect(reverse.status).toBe(409);
    expect(reverse.body.errors).toEqual([expect.objectContaining({ field: 'taskId', code: 'unique' })]);
    // d blocks a would close a → b → d → a
    const cycle = await c.post(`/api/v1/tasks/${d.id}/links`, { taskId: a.id, kind: 'blocks' });
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe('dependencyCycle');
    expect(cycle.body.errors).toEqual([expect.objectContaining({ field: 'taskId', code: 'dependencyCycle' })]);
    expect(cycle.body.detail).toContain(`${d.number} → ${a.number} → ${b.number} → ${d.number}`);
    // the same as "a blocked by d"
    expect((await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: d.id, kind: 'blockedBy' })).body.code).toBe('dependencyCycle');
    // a relation is not a dependency
    expect((await c.post(`/api/v1/tasks/${d.id}/links`, { taskId: a.id, kind: 'relatesTo' })).status).toBe(201);
    expect(await linkCount()).toBe(before + 1);
  });

  it("another workspace's tasks are not found, either end", async () => {
    const p = await project('Manual');
    const [a, b] = [await task(p.id, null, null), await task(p.id, null, null)];
    const ab = await link(a, b);
    const theirs = await task((await project('Manual', other)).id, null, null, other);
    const toTheirs = await c.post(`/api/v1/tasks/${a.id}/links`, { taskId: theirs.id, kind: 'blocks' });
    expect(toTheirs.status).toBe(404);
    expect(toTheirs.body.errors).toEqual([expect.objectContaining({ field: 'taskId' })]);
    expect((await other.get(`/api/v1/tasks/${a.id}/links`)).status).toBe(404);
    expect((await other.post(`/api/v1/tasks/${theirs.id}/links`, { taskId: a.id, kind: 'blocks' })).status).toBe(404);
    expect((await other.delete(`/api/v1/tasks/${a.id}/links/${ab.id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/projects/${p.id}/gantt`)).status).toBe(404);
  });

  it('unlinks: 204, written on both timelines; a second time 404', async () => {
    const p = await project('Manual');
    const [a, b] = [await task(p.id, null, null), await task(p.id, null, null)];
    const ab = await link(a, b);
    const res = await c.delete(`/api/v1/tasks/${b.id}/links/${ab.id}`);
    expect(res.status).toBe(204);
    expect((await c.get(`/api/v1/tasks/${a.id}/links`)).body).toEqual([]);
    expect((await c.delete(`/api/v1/tasks/${b.id}/links/${ab.id}`)).status).toBe(404);
    const entries = await t.sql('select entity_id from activities where action = $1 and entity_id = any($2)', ['unlinked', [a.id, b.id]]);
    expect(entries).toHaveLength(2);
  });
});

describe('automatic scheduling', () => {
  it('manual mode: only the moved task moves', async () => {
    const p = await project('Manual');
    const [a, b] = [await task(p.id, '2027-03-01', '2027-03-05'), await task(p.id, '2027-03-08', '2027-03-10')];
    await link(a, b);
    await move(a, '2027-03-03', '2027-03-07');
    expect(await datesOf(b)).toEqual([['2027-03-08', '2027-03-10']]);
  });

  it('automatic mode: the chain keeps its gaps when a predecessor moves or grows, later or earlier', async () => {
    const p = await project('Automatic');
    const a = await task(p.id, '2027-03-01', '2027-03-05');
    const b = await task(p.id, '2027-03-08', '2027-03-10');
    const d = await task(p.id, '2027-03-11', '2027-03-15');
    const loose = await task(p.id, '2027-03-08', '2027-03-09');
    await link(a, b);
    await link(b, d);
    await link(a, loose, 'relatesTo');
    // a grows by three days: b and d move three days, keeping lengths; a related task stays
    await move(a, '2027-03-01', '2027-03-08');
    expect(await datesOf(b, d, loose)).toEqual([
      ['2027-03-11', '2027-03-13'],
      ['2027-03-14', '2027-03-18'],
      ['2027-03-08', '2027-03-09'],
    ]);
    expect((await read(d)).version).toBe(2);
    // moved back earlier, they follow back
    await move(a, '2027-02-25', '2027-03-01');
    expect(await datesOf(b, d)).toEqual([
      ['2027-03-04', '2027-03-06'],
      ['2027-03-07', '2027-03-11'],
    ]);
    // each move is on the moved task's timeline with its dates before and after
    const entries = await t.sql('select field, before, after from activities where entity_id = $1 and field = $2 order by seq', [
      d.id,
      'startDate',
    ]);
    expect(entries).toEqual([
      { field: 'startDate', before: '2027-03-11', after: '2027-03-14' },
      { field: 'startDate', before: '2027-03-14', after: '2027-03-07' },
    ]);
  });

  it('diamond: a task with two predecessors starts at the latest they allow', async () => {
    const p = await project('Automatic');
    const a = await task(p.id, '2027-04-01', '2027-04-10');
    const b = await task(p.id, '2027-04-01', '2027-04-12');
    const d = await task(p.id, '2027-04-15', '2027-04-16');
    await link(a, d);
    await link(b, d);
    // a asks for 04-15 + 4 days; b, unmoved, still asks for 04-15: the later wins
    await move(a, '2027-04-01', '2027-04-14');
    expect(await datesOf(d)).toEqual([['2027-04-19', '2027-04-20']]);
    // a back earlier: b (now 7 days before d) holds d where it is
    await move(a, '2027-04-01', '2027-04-05');
    expect(await datesOf(d)).toEqual([['2027-04-19', '2027-04-20']]);
  });

  it('into other projects: an automatic project follows, a manual one stays and stops the move', async () => {
    const p = await project('Automatic');
    const auto = await project('Automatic');
    const manual = await project('Manual');
    const a = await task(p.id, '2027-05-03', '2027-05-05');
    const there = await task(auto.id, '2027-05-06', '2027-05-07');
    const held = await task(manual.id, '2027-05-06', '2027-05-07');
    const after = await task(p.id, '2027-05-10', '2027-05-11');
    await link(a, there);
    await link(a, held);
    await link(held, after);
    await move(a, '2027-05-05', '2027-05-07');
    expect(await datesOf(there, held, after)).toEqual([
      ['2027-05-08', '2027-05-09'],
      ['2027-05-06', '2027-05-07'],
      ['2027-05-10', '2027-05-11'],
    ]);
  });

  it('a chain of 200 tasks moves in one update through the API', async () => {
    const p = await project('Automatic');
    const chain: Task[] = [];
    for (let i = 0; i < 200; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String(Math.floor(i / 28) + 1).padStart(2, '0');
      chain.push(await task(p.id, `2028-${month}-${day}`, `2028-${month}-${day}`));
    }
    for (let i = 1; i < chain.length; i += 1) await link(chain[i - 1] as Task, chain[i] as Task);
    const first = chain[0] as Task;
    const last = chain[199] as Task;
    const lastStart = (await read(last)).startDate;
    const started = performance.now();
    await move(first, '2028-01-11', '2028-01-11');
    const ms = performance.now() - started;
    console.log(`automatic reschedule of a 200-task chain: PATCH answered in ${ms.toFixed(1)} ms`);
    const movedStart = (await read(last)).startDate;
    // ten days later, like the first task
    expect(Date.parse(String(movedStart)) - Date.parse(String(lastStart))).toBe(10 * 86_400_000);
    const versions = await t.sql('select count(*)::int as n from tasks where project_id = $1 and version = 2', [p.id]);
    expect(versions[0]?.n).toBe(200);
    expect(ms).toBeLessThan(1000);
  });
});

describe('gantt', () => {
  it("a project's tasks with the links between them; the portfolio with its projects", async () => {
    const p = await project('Manual');
    const [a, b] = [await task(p.id, '2027-06-01', '2027-06-02'), await task(p.id, '2027-06-03', '2027-06-04')];
    const archived = await task(p.id, null, null);
    expect((await c.post('/api/v1/tasks/archive', { ids: [archived.id] })).status).toBeLessThan(300);
    const ab = await link(a, b);
    const res = await c.get(`/api/v1/projects/${p.id}/gantt`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.tasks.map((x: Task) => x.id)).toEqual([a.id, b.id]);
    expect(res.body.tasks[0]).toMatchObject({ number: a.number, startDate: '2027-06-01', dueDate: '2027-06-02', priority: null });
    expect(res.body.links).toEqual([{ id: ab.id, fromId: a.id, toId: b.id, kind: 'blocks' }]);
    const all = await c.get('/api/v1/gantt');
    expect(all.status, all.text).toBe(200);
    expect(all.body.truncated).toBe(false);
    expect(all.body.projects).toContainEqual({ id: p.id, title: `Project ${p.code}`, code: p.code });
    expect(all.body.tasks.map((x: Task) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.body.tasks.map((x: Task) => x.id)).not.toContain(archived.id);
    expect((await other.get('/api/v1/gantt')).body.tasks.map((x: Task) => x.id)).not.toContain(a.id);
  });
});
