import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// A task's checklist (issue 20): ordered items, ticked and moved one row at a time, as visible as
// the task, at most CHECKLIST_MAX_ITEMS of them.
let t: TestApp;
let c: Client;
let other: Client;
let taskId: string;
type Item = { id: string; title: string; done: boolean };

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other } = await ownerAndStranger(t));
  const project = await c.post('/api/v1/projects', { name: 'Fair', code: 'FAIR' });
  taskId = (await c.post('/api/v1/tasks', { name: 'Stand', projectId: project.body.id })).body.id;
});
afterAll(async () => t.close());

const titles = async () => (await c.get<Item[]>(`/api/v1/tasks/${taskId}/checklist`)).body.map((i) => i.title);
const add = async (body: Record<string, unknown>) => {
  const res = await c.post<Item>(`/api/v1/tasks/${taskId}/checklist`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('a task checklist', () => {
  it('adds at the end or after an item, ticks, renames, moves and removes', async () => {
    const carpet = await add({ title: 'Order the carpet' });
    const lights = await add({ title: 'Rent the lights' });
    await add({ title: 'Print the banner', afterId: carpet.id });
    await add({ title: 'Sign the contract', afterId: null });
    expect(await titles()).toEqual(['Sign the contract', 'Order the carpet', 'Print the banner', 'Rent the lights']);
    const ticked = await c.patch<Item>(`/api/v1/tasks/${taskId}/checklist/${lights.id}`, { done: true, title: 'Rent the spotlights' });
    expect(ticked.body).toMatchObject({ done: true, title: 'Rent the spotlights' });
    expect((await c.put(`/api/v1/tasks/${taskId}/checklist/${lights.id}/sort-order`, { afterId: null })).status).toBe(200);
    expect(await titles()).toEqual(['Rent the spotlights', 'Sign the contract', 'Order the carpet', 'Print the banner']);
    expect((await c.delete(`/api/v1/tasks/${taskId}/checklist/${carpet.id}`)).status).toBe(204);
    expect(await titles()).toEqual(['Rent the spotlights', 'Sign the contract', 'Print the banner']);
  });

  it('refuses an empty or long title, an unknown item and another workspace, and writes nothing', async () => {
    const before = await titles();
    const empty = await c.post(`/api/v1/tasks/${taskId}/checklist`, { title: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'title', code: 'required' })]);
    expect((await c.post(`/api/v1/tasks/${taskId}/checklist`, { title: 'x'.repeat(301) })).body.errors[0].code).toBe('maxLength');
    const nothing = await c.patch(`/api/v1/tasks/${taskId}/checklist/${taskId}`, {});
    expect(nothing.status).toBe(400);
    expect((await c.patch(`/api/v1/tasks/${taskId}/checklist/${taskId}`, { done: true })).status).toBe(404);
    expect((await other.get(`/api/v1/tasks/${taskId}/checklist`)).status).toBe(404);
    expect((await other.post(`/api/v1/tasks/${taskId}/checklist`, { title: 'Sneaky' })).status).toBe(404);
    expect(await titles()).toEqual(before);
  });

  it('holds at most 100 items', async () => {
    const project = await c.post('/api/v1/projects', { name: 'Long list', code: 'LONG' });
    const long = (await c.post('/api/v1/tasks', { name: 'Many', projectId: project.body.id })).body.id;
    await t.sql(
      `insert into task_checklist_items (tenant_id, task_id, title, sort_order)
       select tenant_id, id, 'Item ' || n, 'a' || lpad(n::text, 3, '0') from tasks, generate_series(1, 100) n where id = $1`,
      [long],
    );
    const full = await c.post(`/api/v1/tasks/${long}/checklist`, { title: 'One too many' });
    expect(full.status).toBe(409);
    expect(full.body.errors).toEqual([expect.objectContaining({ field: 'title', code: 'maxItems' })]);
  });
});
