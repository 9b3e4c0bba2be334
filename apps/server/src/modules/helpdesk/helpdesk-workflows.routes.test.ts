import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Request stages per helpdesk (issue 23, decision 094 round six): each helpdesk owns its request
// workflow (the engine's workflowScope), made with it from the workspace's; a request's stage is
// one of its helpdesk's; the request ↔ task rule reads stage names per helpdesk; managing the
// stages needs Helpdesk.ManageProjectSettings.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let tenantId: string;
let first: string;
let second: string;
type Stage = { id: string; name: string; stageType: string };
type Workflow = { id: string; scopeId: string | null; isDefault: boolean; stages: Stage[] };
const codes = (res: { body: { errors?: { field: string; code: string }[] } }) => (res.body.errors ?? []).map((e) => `${e.field}:${e.code}`);

async function post(client: Client, url: string, body: Record<string, unknown>) {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; version: number; workflowStage?: string };
}
async function patch(url: string, ops: Record<string, unknown>[]) {
  const etag = String((await c.get(url)).headers.etag);
  return c.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}
async function workflowOf(helpdeskId: string): Promise<Workflow> {
  const res = await c.get(`/api/v1/core/workflows?entity=Request&scopeId=${helpdeskId}`);
  expect(res.status, res.text).toBe(200);
  const flows = res.body as Workflow[];
  expect(flows).toHaveLength(1);
  return flows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Helpdesk.View', 'Helpdesk.Manage', 'Helpdesk.ManageRequests']));
  // two helpdesks need Helpdesk Pro (Free allows one)
  expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
  first = (await post(c, '/api/v1/helpdesks', { name: 'Support', code: 'SUP' })).id;
  second = (await post(c, '/api/v1/helpdesks', { name: 'Billing', code: 'BIL' })).id;
});
afterAll(async () => t?.close());

describe('request stages per helpdesk', () => {
  it('gives each new helpdesk its own copy of the workspace request stages', async () => {
    const a = await workflowOf(first);
    const b = await workflowOf(second);
    expect(a.scopeId).toBe(first);
    expect(a.isDefault).toBe(true);
    expect(a.stages.map((s) => s.name)).toEqual(['New', 'Open', 'Waiting', 'Resolved']);
    expect(b.stages.map((s) => s.name)).toEqual(['New', 'Open', 'Waiting', 'Resolved']);
    expect(a.stages.map((s) => s.id)).not.toEqual(b.stages.map((s) => s.id));
    // the workspace's own request workflow stays: it is what the next helpdesk copies
    const workspace = (await c.get('/api/v1/core/workflows?entity=Request')).body as Workflow[];
    expect(workspace.map((w) => w.scopeId)).toEqual([null]);
  });

  it("starts a request in its helpdesk's first stage and refuses another helpdesk's stage", async () => {
    const [a, b] = [await workflowOf(first), await workflowOf(second)];
    const request = await post(c, '/api/v1/requests', { subject: 'Printer', helpdeskId: first });
    expect(request.workflowStage).toBe(a.stages[0]!.id);
    const wrong = await patch(`/api/v1/requests/${request.id}`, [{ op: 'replace', path: '/workflowStage', value: b.stages[1]!.id }]);
    expect(wrong.status).toBe(400);
    expect(codes(wrong)).toEqual(['workflowStage:invalidStage']);
    const ok = await patch(`/api/v1/requests/${request.id}`, [{ op: 'replace', path: '/workflowStage', value: a.stages[1]!.id }]);
    expect(ok.status, ok.text).toBe(200);
    // moved to the other helpdesk, it takes that one's first stage
    const moved = await patch(`/api/v1/requests/${request.id}`, [{ op: 'replace', path: '/helpdeskId', value: second }]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.workflowStage).toBe(b.stages[0]!.id);
  });

  it('lets only Helpdesk.ManageProjectSettings change the stages; another workspace sees none', async () => {
    const a = await workflowOf(first);
    const body = { workflowId: a.id, name: 'On hold', stageType: 'InProgress', color: '#8c8c8c' };
    const denied = await member.post('/api/v1/core/workflow-stages', body);
    expect(denied.status).toBe(403);
    // the member reads them (Helpdesk.View)
    expect((await member.get(`/api/v1/core/workflows?entity=Request&scopeId=${first}`)).status).toBe(200);
    const bad = await c.post('/api/v1/core/workflow-stages', { ...body, name: '' });
    expect(bad.status).toBe(400);
    expect(codes(bad)).toEqual(['name:required']);
    const added = await c.post('/api/v1/core/workflow-stages', body);
    expect(added.status, added.text).toBe(201);
    expect((await workflowOf(first)).stages.map((s) => s.name)).toContain('On hold');
    expect((await workflowOf(second)).stages.map((s) => s.name)).not.toContain('On hold');
    expect((await other.get(`/api/v1/core/workflows?entity=Request&scopeId=${first}`)).status).toBe(404);
    expect((await other.post('/api/v1/core/workflow-stages', { ...body, name: 'Theirs' })).status).toBe(404);
  });

  it("reads the task rule's stage name in the helpdesk's own workflow", async () => {
    const b = await workflowOf(second);
    const added = await c.post('/api/v1/core/workflow-stages', {
      workflowId: b.id,
      name: 'Fixed',
      stageType: 'Closed',
      color: '#52c41a',
    });
    expect(added.status, added.text).toBe(201);
    const ok = await patch(`/api/v1/helpdesks/${second}`, [{ op: 'replace', path: '/requestStageOnTaskDone', value: 'Fixed' }]);
    expect(ok.status, ok.text).toBe(200);
    const refused = await patch(`/api/v1/helpdesks/${first}`, [{ op: 'replace', path: '/requestStageOnTaskDone', value: 'Fixed' }]);
    expect(refused.status).toBe(400);
    expect(codes(refused)).toEqual(['requestStageOnTaskDone:invalidStage']);
  });

  it('renames and reorders a stage; deletes one in use only by moving its requests to another stage of the workflow', async () => {
    const a = await workflowOf(first);
    const [newStage, open, waiting] = [a.stages[0]!, a.stages[1]!, a.stages[2]!];
    const renamed = await c.put(`/api/v1/core/workflow-stages/${waiting.id}`, {
      name: 'Waiting for customer',
      stageType: 'InProgress',
      color: '#8c8c8c',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const moved = await c.put(`/api/v1/core/workflow-stages/${waiting.id}/sort-order`, { afterId: null });
    expect(moved.status, moved.text).toBe(200);
    expect((await workflowOf(first)).stages[0]!.name).toBe('Waiting for customer');
    // a request in the Open stage: deleting Open needs moveTo
    const request = await post(c, '/api/v1/requests', { subject: 'Stuck', helpdeskId: first });
    expect((await patch(`/api/v1/requests/${request.id}`, [{ op: 'replace', path: '/workflowStage', value: open.id }])).status).toBe(200);
    const inUse = await c.delete(`/api/v1/core/workflow-stages/${open.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('stageInUse');
    expect(codes(inUse)).toEqual(['moveTo:stageInUse']);
    const b = await workflowOf(second);
    for (const moveTo of [open.id, b.stages[0]!.id]) {
      const bad = await c.delete(`/api/v1/core/workflow-stages/${open.id}?moveTo=${moveTo}`);
      expect(bad.status).toBe(400);
      expect(codes(bad)).toEqual(['moveTo:invalidStage']);
    }
    expect((await c.delete(`/api/v1/core/workflow-stages/${open.id}?moveTo=nope`)).status).toBe(400);
    expect((await member.delete(`/api/v1/core/workflow-stages/${open.id}?moveTo=${newStage.id}`)).status).toBe(403);
    expect((await other.delete(`/api/v1/core/workflow-stages/${open.id}?moveTo=${newStage.id}`)).status).toBe(404);
    expect((await c.get(`/api/v1/requests/${request.id}`)).body.workflowStage).toBe(open.id);
    const done = await c.delete(`/api/v1/core/workflow-stages/${open.id}?moveTo=${newStage.id}`);
    expect(done.status, done.text).toBe(204);
    const after = await c.get(`/api/v1/requests/${request.id}`);
    expect(after.body.workflowStage).toBe(newStage.id);
    expect((await workflowOf(first)).stages.map((s) => s.id)).not.toContain(open.id);
    const activity = await t.sql<{ n: string }>(
      `select count(*) as n from activities where tenant_id = $1 and entity_id = $2 and field = 'workflowStage'`,
      [tenantId, request.id],
    );
    expect(Number(activity[0]?.n)).toBe(2);
    // an unused stage goes without moveTo
    const spare = await c.post('/api/v1/core/workflow-stages', { workflowId: a.id, name: 'Spare', stageType: 'Open', color: '#8c8c8c' });
    expect((await c.delete(`/api/v1/core/workflow-stages/${spare.body.id}`)).status).toBe(204);
  });

  it("gives a helpdesk the definition's default stages where the workspace has no request workflow (made before the helpdesk existed)", async () => {
    const { c: owner, tenantId: bare } = await ownerMemberAndStranger(t, []);
    await t.sql(
      `delete from workflow_stages where workflow_id in (select id from workflows where tenant_id = $1 and entity_kind = 'Request')`,
      [bare],
    );
    await t.sql(`delete from workflows where tenant_id = $1 and entity_kind = 'Request'`, [bare]);
    const id = (await post(owner, '/api/v1/helpdesks', { name: 'Old', code: 'OLD' })).id;
    const flows = (await owner.get(`/api/v1/core/workflows?entity=Request&scopeId=${id}`)).body as Workflow[];
    expect(flows.map((w) => w.isDefault)).toEqual([true]);
    expect(flows[0]!.stages.map((s) => `${s.name}:${s.stageType}`)).toEqual([
      'New:Open',
      'Open:InProgress',
      'Waiting:InProgress',
      'Resolved:Closed',
    ]);
    const request = await post(owner, '/api/v1/requests', { subject: 'First', helpdeskId: id });
    expect(request.workflowStage).toBe(flows[0]!.stages[0]!.id);
  });

  it('keeps the stages of a helpdesk in the recycle bin and removes them when it is purged', async () => {
    const third = (await post(c, '/api/v1/helpdesks', { name: 'Spare', code: 'SPA' })).id;
    expect((await workflowOf(third)).stages).toHaveLength(4);
    const owned = async () =>
      Number(
        (await t.sql<{ n: string }>('select count(*) as n from workflows where tenant_id = $1 and scope_id = $2', [tenantId, third]))[0]?.n,
      );
    expect((await c.delete(`/api/v1/helpdesks/${third}`)).status).toBe(204);
    expect(await owned()).toBe(1);
    expect((await c.post('/api/v1/helpdesks/purge', { ids: [third] })).status).toBe(200);
    expect(await owned()).toBe(0);
  });
});
