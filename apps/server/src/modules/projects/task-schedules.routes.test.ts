import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Scheduled tasks (spec TaskSchedule): RFC 5545 rules checked with the spec's message, the
// upcoming list in the schedule's zone across a DST change, the every-minute job creating each
// occurrence once even when two runs overlap, and a template's schedules copied into a project.
let t: TestApp;
let c: Client;
let other: Client;
const JOB = 'projects.task-schedules';

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other } = await ownerAndStranger(t));
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>, as: Client = c) {
  const res = await as.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

// The platform reads the time through Date; only Date is faked, so timers and sockets run on.
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

const schedule = (projectId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Weekly report',
  projectId,
  rule: 'FREQ=WEEKLY;BYDAY=MO',
  startsAt: '2027-01-04T09:00',
  timeZone: 'Europe/Berlin',
  ...extra,
});

describe('task schedules', () => {
  it('refuse an unreadable or never-firing rule, an impossible start, an unknown zone and anything but one owner; nothing is written', async () => {
    const project = await create('/api/v1/projects', { name: 'Checks', code: 'CHK' });
    const template = await create('/api/v1/project-templates', { name: 'Checks template' });
    const refusals: [Record<string, unknown>, string, string][] = [
      [schedule(project.id, { rule: 'FREQ=SOMETIMES' }), 'rule', 'invalidRecurrenceRule'],
      [schedule(project.id, { rule: 'FREQ=WEEKLY;BYDAY=XX' }), 'rule', 'invalidRecurrenceRule'],
      [schedule(project.id, { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }), 'rule', 'invalidRecurrenceRule'],
      [schedule(project.id, { rule: 'FREQ=MINUTELY;INTERVAL=1' }), 'rule', 'invalidRecurrenceRule'],
      [schedule(project.id, { startsAt: '2027-02-30T09:00' }), 'startsAt', 'invalidDate'],
      [schedule(project.id, { startsAt: 'tomorrow' }), 'startsAt', 'invalidDate'],
      [schedule(project.id, { timeZone: 'Mars/Olympus_Mons' }), 'timeZone', 'invalidOption'],
      [schedule(project.id, { projectTemplateId: template.id }), 'projectId', 'validation'],
      [{ ...schedule(project.id), projectId: undefined }, 'projectId', 'validation'],
    ];
    for (const [body, field, code] of refusals) {
      const res = await c.post('/api/v1/task-schedules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field, code })]);
    }
    expect((await c.post('/api/v1/task-schedules/list', {})).body.total).toBe(0);

    const ok = await create('/api/v1/task-schedules', schedule(project.id, { rule: 'FREQ=HOURLY;INTERVAL=4', dueAfterDays: 1 }));
    expect(ok).toMatchObject({ name: 'Weekly report', project: { id: project.id, title: 'Checks' }, lastRunAt: null });
    // an update is checked the same way
    const bad = await c.patch(`/api/v1/task-schedules/${ok.id}`, [{ op: 'replace', path: '/rule', value: 'FREQ=DAILY;BYHOUR=25' }], {
      'if-match': '"1"',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'rule', code: 'invalidRecurrenceRule' })]);
  });

  it('list the upcoming occurrences in the schedule’s zone, at the same local time across the spring DST change', async () => {
    const project = await create('/api/v1/projects', { name: 'Daily', code: 'DAY' });
    const daily = await create('/api/v1/task-schedules', schedule(project.id, { rule: 'FREQ=DAILY', startsAt: '2027-03-20T09:00' }));
    const res = await at('2027-03-26T12:00:00Z', () => c.get(`/api/v1/task-schedules/${daily.id}/upcoming?count=4`));
    expect(res.status, res.text).toBe(200);
    // 09:00 in Berlin: CET (UTC+1) until Sunday 28 March 2027, CEST (UTC+2) after
    expect(res.body.occurrences).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
      '2027-03-30T07:00:00.000Z',
    ]);
    // every 2 hours is 2 elapsed hours across the change: 00:00 CET, 03:00 CEST, 05:00 CEST
    const hourly = await create(
      '/api/v1/task-schedules',
      schedule(project.id, { rule: 'FREQ=HOURLY;INTERVAL=2', startsAt: '2027-03-27T22:00' }),
    );
    const night = await at('2027-03-27T22:30:00Z', () => c.get(`/api/v1/task-schedules/${hourly.id}/upcoming?count=3`));
    expect(night.body.occurrences).toEqual(['2027-03-27T23:00:00.000Z', '2027-03-28T01:00:00.000Z', '2027-03-28T03:00:00.000Z']);
    expect((await c.get(`/api/v1/task-schedules/${daily.id}/upcoming`)).body.occurrences).toHaveLength(5);
    expect((await c.get(`/api/v1/task-schedules/${daily.id}/upcoming?count=51`)).status).toBe(400);
  });

  it('create a task for each due occurrence exactly once, even when two runs overlap', async () => {
    const project = await create('/api/v1/projects', { name: 'Routine', code: 'RTN' });
    const assignee = project.assignee.id;
    const s = await create(
      '/api/v1/task-schedules',
      schedule(project.id, {
        name: 'Water the plants',
        rule: 'FREQ=DAILY',
        startsAt: '2027-01-04T09:00',
        assigneeId: assignee,
        priority: 'High',
        dueAfterDays: 2,
        active: true,
      }),
    );
    // an inactive schedule of the same project creates nothing
    await create('/api/v1/task-schedules', schedule(project.id, { name: 'Paused', rule: 'FREQ=DAILY', active: false }));
    const tasksOfProject = async () =>
      (
        await c.post('/api/v1/tasks/list', {
          filters: [{ field: 'projectId', op: 'eq', value: project.id }],
          sort: [{ field: 'dueDate', order: 'asc' }],
        })
      ).body;

    // 09:00 Berlin is 08:00 UTC in January: 4, 5 and 6 January are due at noon UTC on the 6th
    await at('2027-01-06T12:00:00Z', () => Promise.all([t.app.atrium.jobs.runSystemTask(JOB), t.app.atrium.jobs.runSystemTask(JOB)]));
    const first = await tasksOfProject();
    expect(first.total).toBe(3);
    expect(first.data.map((x: { dueDate: string }) => x.dueDate)).toEqual(['2027-01-06', '2027-01-07', '2027-01-08']);
    expect(first.data[0]).toMatchObject({
      name: 'Water the plants',
      assignee: { id: assignee },
      priority: 'High',
      number: expect.stringMatching(/^RTN-\d$/),
    });
    const runs = await t.sql<{ occurs_at: Date; task_id: string }>(
      'select occurs_at, task_id from task_schedule_runs where schedule_id = $1 order by occurs_at',
      [s.id],
    );
    expect(runs.map((r) => r.occurs_at.toISOString())).toEqual([
      '2027-01-04T08:00:00.000Z',
      '2027-01-05T08:00:00.000Z',
      '2027-01-06T08:00:00.000Z',
    ]);
    expect(new Set(runs.map((r) => r.task_id))).toEqual(new Set(first.data.map((x: { id: string }) => x.id)));
    expect((await c.get(`/api/v1/task-schedules/${s.id}`)).body.lastRunAt).toBe('2027-01-06T12:00:00.000Z');

    // the same minute again, then the next day: only the new occurrence
    await at('2027-01-06T12:00:30Z', () => t.app.atrium.jobs.runSystemTask(JOB));
    expect((await tasksOfProject()).total).toBe(3);
    await at('2027-01-07T08:00:00Z', () => Promise.all([t.app.atrium.jobs.runSystemTask(JOB), t.app.atrium.jobs.runSystemTask(JOB)]));
    expect((await tasksOfProject()).total).toBe(4);
  });

  it('of a template are copied into a project created from it', async () => {
    const template = await create('/api/v1/project-templates', { name: 'Onboarding' });
    await create('/api/v1/task-schedules', {
      name: 'Check in with the new hire',
      projectTemplateId: template.id,
      rule: 'FREQ=WEEKLY;BYDAY=FR',
      startsAt: '2027-01-08T15:00',
      timeZone: 'America/New_York',
      priority: 'Medium',
      dueAfterDays: 0,
      active: true,
    });
    const project = await create('/api/v1/projects', { name: 'Onboard Kim', code: 'KIM', projectTemplateId: template.id });
    const copies = (await c.post('/api/v1/task-schedules/list', { filters: [{ field: 'projectId', op: 'eq', value: project.id }] })).body;
    expect(copies.total).toBe(1);
    expect(copies.data[0]).toMatchObject({
      name: 'Check in with the new hire',
      rule: 'FREQ=WEEKLY;BYDAY=FR',
      startsAt: '2027-01-08T15:00',
      timeZone: 'America/New_York',
      priority: 'Medium',
      active: true,
      projectTemplate: null,
      lastRunAt: null,
    });
    // the template keeps its own
    const own = (await c.post('/api/v1/task-schedules/list', { filters: [{ field: 'projectTemplateId', op: 'eq', value: template.id }] }))
      .body;
    expect(own.total).toBe(1);
  });

  it('of another workspace are not found', async () => {
    const project = await create('/api/v1/projects', { name: 'Private', code: 'PRV' });
    const s = await create('/api/v1/task-schedules', schedule(project.id));
    expect((await other.get(`/api/v1/task-schedules/${s.id}`)).status).toBe(404);
    expect((await other.get(`/api/v1/task-schedules/${s.id}/upcoming`)).status).toBe(404);
    const theirs = await other.post('/api/v1/task-schedules', schedule(project.id));
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toEqual([expect.objectContaining({ field: 'projectId' })]);
  });
});
