import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Time tracking (Plan.TaskWorklog): time logs on tasks, totals per task, project and member,
// the project's CSV, and one running timer per member.
let t: TestApp;
let c: Client;
let member: Client;
let memberId: string;
let ownerId: string;
let other: Client;
let tenantId: string;
type Task = { id: string; number: string };

beforeAll(async () => {
  t = await createTestApp();
  // the member sees projects and tasks but manages none
  ({ c, member, other, tenantId, ownerId, memberId } = await ownerMemberAndStranger(t, ['Project.ViewProjects']));
});
afterAll(async () => t.close());

let codes = 0;
async function project(as: Client = c): Promise<{ id: string }> {
  codes += 1;
  const res = await as.post('/api/v1/projects', { name: `Project ${codes}`, code: `TL${codes}` });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function task(projectId: string, as: Client = c): Promise<Task> {
  const res = await as.post('/api/v1/tasks', { name: `Task of ${projectId.slice(0, 4)}`, projectId });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function log(x: Task, body: Record<string, unknown>, as: Client = c) {
  const res = await as.post(`/api/v1/tasks/${x.id}/time-logs`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const count = async (table = 'time_logs') => Number((await t.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// Only Date is faked, so sockets and timers run on; the service reads the time through it.
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(ms));
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('the plan', () => {
  it('needs Plan.TaskWorklog (Projects Pro): 403 naming the plan feature on every call, nothing written', async () => {
    const p = await project();
    const x = await task(p.id);
    const calls = [
      c.get(`/api/v1/tasks/${x.id}/time-logs`),
      c.post(`/api/v1/tasks/${x.id}/time-logs`, { date: day(0), minutes: 30 }),
      c.get(`/api/v1/projects/${p.id}/time-logs`),
      c.get(`/api/v1/projects/${p.id}/time-logs.csv`),
      c.get('/api/v1/time-logs/mine'),
      c.get('/api/v1/time-logs/timer'),
      c.post(`/api/v1/tasks/${x.id}/timer/start`),
      c.post('/api/v1/time-logs/timer/stop'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.TaskWorklog' });
      expect(res.body.detail).toContain('Plan.TaskWorklog');
    }
    expect(await count()).toBe(0);
    expect(await count('task_timers')).toBe(0);
    const sub = await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    expect(sub.status, sub.text).toBe(200);
    await log(x, { date: day(0), minutes: 30 });
    expect(await count()).toBe(1);
  });
});

describe('time logs on a task', () => {
  it('logs, lists newest first with the total, changes and deletes', async () => {
    const x = await task((await project()).id);
    const first = await log(x, { date: day(-2), minutes: 90, note: 'Site visit' });
    expect(first).toMatchObject({
      taskId: x.id,
      task: { id: x.id, number: x.number },
      tenantUserId: ownerId,
      user: { id: ownerId, title: 'Olivia Owner' },
      date: day(-2),
      minutes: 90,
      note: 'Site visit',
    });
    await log(x, { date: day(0), minutes: 15 });
    const list = await c.get(`/api/v1/tasks/${x.id}/time-logs`);
    expect(list.status).toBe(200);
    expect(list.body.total).toEqual({ minutes: 105 });
    expect(list.body.data.map((l: { date: string }) => l.date)).toEqual([day(0), day(-2)]);
    const changed = await c.put(`/api/v1/tasks/${x.id}/time-logs/${first.id}`, { date: day(-1), minutes: 60, note: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ date: day(-1), minutes: 60, note: null });
    expect((await c.delete(`/api/v1/tasks/${x.id}/time-logs/${first.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/tasks/${x.id}/time-logs`)).body.total).toEqual({ minutes: 15 });
    // open pages of the task hear of it
    const events = await t.sql(`select 1 from live_events where tenant_id = $1 and data->>'id' = $2`, [tenantId, x.id]);
    expect(events.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad input with 400 naming the field and code; nothing is written', async () => {
    const x = await task((await project()).id);
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: day(0), minutes: 0 }, 'minutes', 'tooSmall'],
      [{ date: day(0), minutes: 1441 }, 'minutes', 'tooBig'],
      [{ date: day(0), minutes: 1.5 }, 'minutes', 'validation'],
      [{ date: day(0) }, 'minutes', 'required'],
      [{ date: '2026-02-30', minutes: 5 }, 'date', 'validation'],
      [{ date: day(0), minutes: 5, note: 'x'.repeat(1001) }, 'note', 'maxLength'],
      [{ date: day(0), minutes: 5, who: 'else' }, 'who', 'unknownField'],
      [{ date: day(2), minutes: 5 }, 'date', 'invalidDate'],
    ];
    for (const [body, field, code] of cases) {
      const res = await c.post(`/api/v1/tasks/${x.id}/time-logs`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    }
    expect(await count()).toBe(before);
    // tomorrow (UTC) is accepted: east of UTC it is already that day
    await log(x, { date: day(1), minutes: 1440, note: 'x'.repeat(1000) });
  });

  it("a member logs their own time; only a manager of tasks changes someone else's", async () => {
    const x = await task((await project()).id);
    const mine = await log(x, { date: day(0), minutes: 20 }, member);
    expect(mine.tenantUserId).toBe(memberId);
    const owners = await log(x, { date: day(0), minutes: 40 });
    // the list says which logs the caller may change
    const seen = (await member.get(`/api/v1/tasks/${x.id}/time-logs`)).body.data;
    expect(seen.map((l: { id: string; editable: boolean }) => [l.id, l.editable]).sort()).toEqual(
      [
        [mine.id, true],
        [owners.id, false],
      ].sort(),
    );
    const put = await member.put(`/api/v1/tasks/${x.id}/time-logs/${owners.id}`, { date: day(0), minutes: 1, note: null });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('accessDenied');
    expect((await member.delete(`/api/v1/tasks/${x.id}/time-logs/${owners.id}`)).status).toBe(403);
    const byOwner = await c.put(`/api/v1/tasks/${x.id}/time-logs/${mine.id}`, { date: day(0), minutes: 25, note: 'fixed' });
    expect(byOwner.status).toBe(200);
    // the log stays the member's
    expect(byOwner.body).toMatchObject({ tenantUserId: memberId, minutes: 25 });
    expect((await member.delete(`/api/v1/tasks/${x.id}/time-logs/${mine.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/tasks/${x.id}/time-logs`)).body.total).toEqual({ minutes: 40 });
  });

  it("a log is found only under its own task; another workspace's tasks and logs answer 404", async () => {
    const p = await project();
    const [x, y] = [await task(p.id), await task(p.id)];
    const l = await log(x, { date: day(0), minutes: 10 });
    expect((await c.delete(`/api/v1/tasks/${y.id}/time-logs/${l.id}`)).status).toBe(404);
    await other.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
    const before = await count();
    const probes = [
      other.get(`/api/v1/tasks/${x.id}/time-logs`),
      other.post(`/api/v1/tasks/${x.id}/time-logs`, { date: day(0), minutes: 10 }),
      other.put(`/api/v1/tasks/${x.id}/time-logs/${l.id}`, { date: day(0), minutes: 10, note: null }),
      other.delete(`/api/v1/tasks/${x.id}/time-logs/${l.id}`),
      other.get(`/api/v1/projects/${p.id}/time-logs`),
      other.get(`/api/v1/projects/${p.id}/time-logs.csv`),
      other.post(`/api/v1/tasks/${x.id}/timer/start`),
    ];
    for (const res of await Promise.all(probes)) expect(res.status, res.text).toBe(404);
    expect(await count()).toBe(before);
    expect((await other.get('/api/v1/time-logs/mine')).body).toEqual({ data: [], total: { minutes: 0 } });
  });

  it('a deleted task hides its logs (404) and leaves the project total', async () => {
    const p = await project();
    const x = await task(p.id);
    await log(x, { date: day(0), minutes: 10 });
    const version = (await c.get(`/api/v1/tasks/${x.id}`)).body.version;
    expect((await c.delete(`/api/v1/tasks/${x.id}`, { 'if-match': `"${version}"` })).status).toBe(204);
    expect((await c.get(`/api/v1/tasks/${x.id}/time-logs`)).status).toBe(404);
    expect((await c.get(`/api/v1/projects/${p.id}/time-logs`)).body.total).toEqual({ minutes: 0 });
  });
});

describe('totals and lists', () => {
  it("per task, per project (paged) with each member's total, and the caller's own between two days", async () => {
    const p = await project();
    const [x, y] = [await task(p.id), await task(p.id)];
    await log(x, { date: day(-3), minutes: 60 });
    await log(y, { date: day(-1), minutes: 30 });
    await log(y, { date: day(0), minutes: 45 }, member);
    const page1 = await c.get(`/api/v1/projects/${p.id}/time-logs?page=1&pageSize=25`);
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body).toMatchObject({ count: 3, total: { minutes: 135 } });
    expect(page1.body.data).toHaveLength(3);
    expect(page1.body.perUser).toEqual([
      { tenantUserId: ownerId, title: 'Olivia Owner', minutes: 90 },
      { tenantUserId: memberId, title: expect.any(String), minutes: 45 },
    ]);
    expect(page1.body.data[0]).toMatchObject({ projectId: p.id, task: { id: y.id } });
    const page2 = await c.get(`/api/v1/projects/${p.id}/time-logs?page=2&pageSize=25`);
    expect(page2.body).toMatchObject({ data: [], count: 3, total: { minutes: 135 } });
    expect((await c.get(`/api/v1/projects/${p.id}/time-logs?pageSize=7`)).status).toBe(400);

    const mine = await member.get(`/api/v1/time-logs/mine?from=${day(0)}&to=${day(0)}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((l: { tenantUserId: string }) => l.tenantUserId === memberId)).toBe(true);
    expect(mine.body.data.some((l: { taskId: string }) => l.taskId === y.id)).toBe(true);
    const ownerRange = await c.get(`/api/v1/time-logs/mine?from=${day(-3)}&to=${day(-2)}`);
    expect(ownerRange.body.data.map((l: { date: string }) => l.date).every((d: string) => d >= day(-3) && d <= day(-2))).toBe(true);
    expect((await c.get('/api/v1/time-logs/mine?from=yesterday')).status).toBe(400);
  });

  it('the project as CSV: a header row and one row per log, formulas kept as text', async () => {
    const p = await project();
    const x = await task(p.id);
    await log(x, { date: day(-1), minutes: 90, note: '=HYPERLINK("x")' });
    const res = await c.get(`/api/v1/projects/${p.id}/time-logs.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Date,Task,Task title,Member,Minutes,Hours,Note');
    expect(lines[1]).toContain(`${day(-1)},${x.number},`);
    expect(lines[1]).toContain(',Olivia Owner,90,1.50,');
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines).toHaveLength(2);
  });
});

describe('the timer', () => {
  it('starts, survives reading it again, switches task logging the previous, stops into a log', async () => {
    const p = await project();
    const [x, y] = [await task(p.id), await task(p.id)];
    const start = Date.now();
    const started = await at(start, () => member.post(`/api/v1/tasks/${x.id}/timer/start`));
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ timer: { taskId: x.id, task: { number: x.number } }, stopped: null });
    expect((await member.get('/api/v1/time-logs/timer')).body).toMatchObject({ taskId: x.id, startedAt: new Date(start).toISOString() });
    // the owner has no timer: one per member
    expect((await c.get('/api/v1/time-logs/timer')).body).toBeNull();
    // starting on the same task again changes nothing
    const again = await at(start + 5 * 60_000, () => member.post(`/api/v1/tasks/${x.id}/timer/start`));
    expect(again.body).toMatchObject({ timer: { startedAt: new Date(start).toISOString() }, stopped: null });
    // 30 min 10 s later on another task: the first is logged, rounded up to 31 minutes
    const switched = await at(start + 30 * 60_000 + 10_000, () => member.post(`/api/v1/tasks/${y.id}/timer/start`));
    expect(switched.body.timer.taskId).toBe(y.id);
    expect(switched.body.stopped).toMatchObject({ taskId: x.id, minutes: 31, tenantUserId: memberId, date: day(0) });
    // a few seconds still log one minute
    const stopped = await at(start + 30 * 60_000 + 15_000, () => member.post('/api/v1/time-logs/timer/stop'));
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ taskId: y.id, minutes: 1 });
    expect((await member.get('/api/v1/time-logs/timer')).body).toBeNull();
    const none = await member.post('/api/v1/time-logs/timer/stop');
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('conflict');
  });

  it('a timer left running for days logs one full day, the most an entry holds', async () => {
    const x = await task((await project()).id);
    const start = Date.now() - 3 * 86_400_000;
    await at(start, () => c.post(`/api/v1/tasks/${x.id}/timer/start`));
    const stopped = await c.post('/api/v1/time-logs/timer/stop');
    expect(stopped.body).toMatchObject({ minutes: 1440, date: new Date(start).toISOString().slice(0, 10) });
  });

  it('two starts at once leave one timer and log the one they replace once', async () => {
    const p = await project();
    const [a, b, d] = [await task(p.id), await task(p.id), await task(p.id)];
    await c.post(`/api/v1/tasks/${a.id}/timer/start`);
    const before = await count();
    const [r1, r2] = await Promise.all([c.post(`/api/v1/tasks/${b.id}/timer/start`), c.post(`/api/v1/tasks/${d.id}/timer/start`)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const timers = await t.sql('select task_id from task_timers where tenant_id = $1 and tenant_user_id = $2', [tenantId, ownerId]);
    expect(timers).toHaveLength(1);
    // a was logged once; the one that started first was logged by the second
    expect(await count()).toBe(before + 2);
    const logged = await t.sql<{ task_id: string }>('select task_id from time_logs where task_id = any($1)', [[a.id, b.id, d.id]]);
    expect(logged.filter((r) => r.task_id === a.id)).toHaveLength(1);
    await c.post('/api/v1/time-logs/timer/stop');
  });

  it('a deleted task stops showing its timer; the next start replaces it without a log', async () => {
    const p = await project();
    const [x, y] = [await task(p.id), await task(p.id)];
    await c.post(`/api/v1/tasks/${x.id}/timer/start`);
    const version = (await c.get(`/api/v1/tasks/${x.id}`)).body.version;
    await c.delete(`/api/v1/tasks/${x.id}`, { 'if-match': `"${version}"` });
    expect((await c.get('/api/v1/time-logs/timer')).body).toBeNull();
    const res = await c.post(`/api/v1/tasks/${y.id}/timer/start`);
    expect(res.body).toMatchObject({ timer: { taskId: y.id }, stopped: null });
    await c.post('/api/v1/time-logs/timer/stop');
  });
});
