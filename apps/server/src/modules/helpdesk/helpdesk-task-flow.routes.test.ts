import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Request ↔ task by a helpdesk's rule (issue 23, decision 094 round three): taskStageFlow
// TaskToRequest (the task closed moves the request, to requestStageOnTaskDone when set), Both
// (closing the request closes the task too — and nothing loops), None; the time logged on the
// task shows on the request.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let tenantId: string;
let helpdeskId: string;
let projectId: string;
const codes = (res: { body: { errors?: { field: string; code: string }[] } }) => (res.body.errors ?? []).map((e) => `${e.field}:${e.code}`);

async function post(url: string, body: Record<string, unknown>) {
  const res = await c.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number };
}
async function patch(url: string, ops: Record<string, unknown>[]) {
  const etag = String((await c.get(url)).headers.etag);
  return c.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}
async function rule(ops: Record<string, unknown>[]) {
  const res = await patch(`/api/v1/helpdesks/${helpdeskId}`, ops);
  expect(res.status, res.text).toBe(200);
}
const stageName = async (url: string) => {
  const id = (await c.get(url)).body.workflowStage as string;
  return (await t.sql<{ name: string }>('select name from workflow_stages where id = $1', [id]))[0]?.name;
};
// a stage of the helpdesk's own request workflow (decision 094 round six)
const requestStage = async (name: string) =>
  (
    await t.sql<{ id: string }>(
      `select s.id from workflow_stages s join workflows w on w.id = s.workflow_id
       where s.tenant_id = $1 and w.entity_kind = 'Request' and w.scope_id = $2 and s.name = $3 limit 1`,
      [tenantId, helpdeskId, name],
    )
  )[0]?.id;
const taskStageOf = async (taskId: string, type: string) =>
  (
    await t.sql<{ id: string }>(
      `select s.id from workflow_stages s join tasks k on k.tenant_id = s.tenant_id and k.id = $1
       join workflow_stages c on c.id = k.workflow_stage_id where s.workflow_id = c.workflow_id and s.stage_type = $2 order by s.sort_order limit 1`,
      [taskId, type],
    )
  )[0]?.id;

async function requestWithTask(subject: string): Promise<{ requestId: string; taskId: string }> {
  const { id } = await post('/api/v1/requests', { subject, helpdeskId, requesterEmail: 'ada@example.com' });
  const made = await c.post(`/api/v1/requests/${id}/task`, { projectId });
  expect(made.status, made.text).toBe(201);
  return { requestId: id, taskId: made.body.task.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Helpdesk.View']));
  helpdeskId = (await post('/api/v1/helpdesks', { name: 'Support', code: 'SUP' })).id;
  projectId = (await post('/api/v1/projects', { name: 'Support fixes', code: 'FIX' })).id;
});
afterAll(async () => t?.close());

describe('request ↔ task by the helpdesk rule', () => {
  it('checks the rule: a known flow, a stage name of a request workflow', async () => {
    expect((await c.get(`/api/v1/helpdesks/${helpdeskId}`)).body).toMatchObject({
      taskStageFlow: 'TaskToRequest',
      requestStageOnTaskDone: null,
    });
    const bad = await patch(`/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/taskStageFlow', value: 'Sideways' }]);
    expect(bad.status).toBe(400);
    expect(codes(bad)).toEqual(['taskStageFlow:invalidOption']);
    const stage = await patch(`/api/v1/helpdesks/${helpdeskId}`, [{ op: 'replace', path: '/requestStageOnTaskDone', value: 'Nowhere' }]);
    expect(stage.status).toBe(400);
    expect(codes(stage)).toEqual(['requestStageOnTaskDone:invalidStage']);
  });

  it('moves the request to the chosen stage when its task is closed, and back when reopened', async () => {
    await rule([{ op: 'replace', path: '/requestStageOnTaskDone', value: 'Waiting' }]);
    const { requestId, taskId } = await requestWithTask('Chosen stage');
    expect(
      (await patch(`/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStageOf(taskId, 'Closed') }]))
        .status,
    ).toBe(200);
    expect(await stageName(`/api/v1/requests/${requestId}`)).toBe('Waiting');
    await rule([{ op: 'replace', path: '/requestStageOnTaskDone', value: null }]);
  });

  it('with Both, closing the request closes its task, once, and the task does not move the request again', async () => {
    await rule([{ op: 'replace', path: '/taskStageFlow', value: 'Both' }]);
    const { requestId, taskId } = await requestWithTask('Both ways');
    const resolved = await requestStage('Resolved');
    const res = await patch(`/api/v1/requests/${requestId}`, [{ op: 'replace', path: '/workflowStage', value: resolved }]);
    expect(res.status, res.text).toBe(200);
    const closed = await taskStageOf(taskId, 'Closed');
    expect((await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage).toBe(closed);
    expect(await stageName(`/api/v1/requests/${requestId}`)).toBe('Resolved');
    // one stage change each: no loop wrote more
    const moves = await t.sql<{ n: string }>(
      `select count(*) as n from activities where tenant_id = $1 and entity_id = $2 and action = 'stageFollowedTask'`,
      [tenantId, requestId],
    );
    expect(Number(moves[0]?.n)).toBe(0);
    // reopening the task reopens the request (the task's direction still holds)
    await patch(`/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStageOf(taskId, 'Open') }]);
    expect(await stageName(`/api/v1/requests/${requestId}`)).toBe('Open');
  });

  it('with None, neither follows the other', async () => {
    await rule([{ op: 'replace', path: '/taskStageFlow', value: 'None' }]);
    const { requestId, taskId } = await requestWithTask('Independent');
    const before = await stageName(`/api/v1/requests/${requestId}`);
    await patch(`/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStageOf(taskId, 'Closed') }]);
    expect(await stageName(`/api/v1/requests/${requestId}`)).toBe(before);
    const open = (await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage;
    await patch(`/api/v1/tasks/${taskId}`, [{ op: 'replace', path: '/workflowStage', value: await taskStageOf(taskId, 'Open') }]);
    const reopened = (await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage;
    await patch(`/api/v1/requests/${requestId}`, [{ op: 'replace', path: '/workflowStage', value: await requestStage('Resolved') }]);
    expect((await c.get(`/api/v1/tasks/${taskId}`)).body.workflowStage).toBe(reopened);
    expect(open).not.toBe(reopened);
  });

  it("shows the time logged on the request's task: the sum and the entries", async () => {
    const { requestId, taskId } = await requestWithTask('Timed');
    // time tracking is Projects Pro's
    expect((await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' })).status).toBe(200);
    // time tracking is Projects Pro's
    expect((await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' })).status).toBe(200);
    const none = await c.get(`/api/v1/requests/${requestId}/time`);
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ taskId, totalMinutes: 0, data: [] });
    for (const [date, minutes] of [
      ['2026-11-02', 30],
      ['2026-11-03', 45],
    ] as const) {
      const logged = await c.post(`/api/v1/tasks/${taskId}/time-logs`, { date, minutes, note: `Day ${date}` });
      expect(logged.status, logged.text).toBe(201);
    }
    const time = await c.get(`/api/v1/requests/${requestId}/time`);
    expect(time.body.totalMinutes).toBe(75);
    expect(time.body.data.map((r: { date: string; minutes: number; userName: string }) => `${r.date}:${r.minutes}:${r.userName}`)).toEqual([
      '2026-11-03:45:Olivia Owner',
      '2026-11-02:30:Olivia Owner',
    ]);
    // a request without a task has none; a reader of requests may see it; another workspace 404
    const bare = await post('/api/v1/requests', { subject: 'No task', helpdeskId });
    expect((await c.get(`/api/v1/requests/${bare.id}/time`)).body).toEqual({ taskId: null, totalMinutes: 0, data: [] });
    expect((await member.get(`/api/v1/requests/${requestId}/time`)).status).toBe(200);
    expect((await other.get(`/api/v1/requests/${requestId}/time`)).status).toBe(404);
    expect((await c.get('/api/v1/requests/not-a-uuid/time')).status).toBe(400);
  });
});
