import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Client;
let member: Client;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  const tenantId = (await t.createTenant(owner)).id;
  admin = t.client(owner, tenantId);
  member = t.client(await t.addMember(tenantId, 'Member'), tenantId);
});
afterAll(async () => t.close());

const names = (wf: { stages: { name: string }[] }) => wf.stages.map((s) => s.name);

describe('workflows and stages', () => {
  it('creates a workflow with the default stages and lists the stage types', async () => {
    expect((await admin.get('/api/v1/core/workflows/stage-types')).body).toEqual(['Open', 'InProgress', 'Won', 'Lost', 'Closed']);
    const defaults = await admin.get('/api/v1/core/workflows/default-stages?entity=Contact');
    expect(defaults.body.map((s: { name: string }) => s.name)).toEqual(['Subscriber', 'Lead', 'Customer', 'Inactive']);
    const res = await admin.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Lifecycle', isDefault: true });
    expect(res.status, res.text).toBe(201);
    expect(names(res.body)).toEqual(['Subscriber', 'Lead', 'Customer', 'Inactive']);
    // the workspace's own default (issue 26) gives way to the new default
    const list = await admin.get('/api/v1/core/workflows?entity=Contact');
    expect(list.body.map((w: { name: string; isDefault: boolean }) => `${w.name}:${w.isDefault}`)).toEqual([
      'Lifecycle:true',
      'Contact lifecycle:false',
    ]);
  });

  it('moves a stage by writing only that stage', async () => {
    const wf = (
      await admin.post('/api/v1/core/workflows', {
        entity: 'Contact',
        name: 'Sales',
        stages: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
      })
    ).body;
    const [a, b, c, d] = wf.stages;
    const before = await t.sql(`select id, sort_order, updated_at from workflow_stages where workflow_id = $1`, [wf.id]);
    const moved = await admin.put(`/api/v1/core/workflow-stages/${d.id}/sort-order`, { afterId: a.id });
    expect(moved.status, moved.text).toBe(200);
    const after = await t.sql(`select id, sort_order, updated_at from workflow_stages where workflow_id = $1`, [wf.id]);
    const changed = after.filter((r) => before.find((x) => x.id === r.id)?.sort_order !== r.sort_order);
    expect(changed.map((r) => r.id)).toEqual([d.id]);
    expect(names((await admin.get(`/api/v1/core/workflows/${wf.id}`)).body)).toEqual(['A', 'D', 'B', 'C']);
    await admin.put(`/api/v1/core/workflow-stages/${a.id}/sort-order`, { beforeId: null });
    expect(names((await admin.get(`/api/v1/core/workflows/${wf.id}`)).body)).toEqual(['D', 'B', 'C', 'A']);
    await admin.put(`/api/v1/core/workflow-stages/${c.id}/sort-order`, { afterId: null });
    expect(names((await admin.get(`/api/v1/core/workflows/${wf.id}`)).body)).toEqual(['C', 'D', 'B', 'A']);
    // many moves between the same neighbours keep a total order
    for (let i = 0; i < 30; i++) await admin.put(`/api/v1/core/workflow-stages/${(i % 2 ? a : b).id}/sort-order`, { afterId: c.id });
    const order = names((await admin.get(`/api/v1/core/workflows/${wf.id}`)).body);
    expect(order[0]).toBe('C');
    expect([...order].sort()).toEqual(['A', 'B', 'C', 'D']);
    const added = await admin.post('/api/v1/core/workflow-stages', {
      workflowId: wf.id,
      name: 'E',
      afterId: c.id,
      stageType: 'Won',
      color: '#00aa00',
    });
    expect(added.status, added.text).toBe(201);
    expect(names((await admin.get(`/api/v1/core/workflows/${wf.id}`)).body)[1]).toBe('E');
    const dup = await admin.post('/api/v1/core/workflow-stages', { workflowId: wf.id, name: 'E' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('duplicateTitle');
    const renamed = await admin.put(`/api/v1/core/workflow-stages/${b.id}`, { name: 'Bee', stageType: 'Lost', color: '#ff0000' });
    expect(renamed.body).toMatchObject({ name: 'Bee', stageType: 'Lost', color: '#ff0000' });
  });

  it('keeps the minimum number of stages', async () => {
    const short = await admin.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Short', stages: [{ name: 'Only' }] });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].code).toBe('minimumStages');
    const wf = (
      await admin.post('/api/v1/core/workflows', {
        entity: 'Contact',
        name: 'Pair',
        stages: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
      })
    ).body;
    expect((await admin.delete(`/api/v1/core/workflow-stages/${wf.stages[0].id}`)).status).toBe(204);
    const last = await admin.delete(`/api/v1/core/workflow-stages/${wf.stages[1].id}`);
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('minimumStages');
  });

  it('moves a contact between stages with PATCH and refuses deleting default or linked pipelines', async () => {
    const lifecycle = (await admin.get('/api/v1/core/workflows?entity=Contact')).body.find((w: { name: string }) => w.name === 'Lifecycle');
    const contact = await admin.post('/api/v1/contacts', { firstName: 'Staged' });
    // new records start in the first stage of the default workflow
    expect(contact.body.workflowStage).toBe(lifecycle.stages[0].id);
    const moved = await admin.patch(
      `/api/v1/contacts/${contact.body.id}`,
      [{ op: 'replace', path: '/workflowStage', value: lifecycle.stages[2].id }],
      { 'if-match': '"1"', 'content-type': 'application/json-patch+json' },
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.workflowStage).toBe(lifecycle.stages[2].id);
    const feed = await admin.get(`/api/v1/core/activity?target=Contact&targetId=${contact.body.id}`);
    // the feed names the stages, not their ids
    expect(feed.body.data[0]).toMatchObject({
      field: 'workflowStage',
      before: { id: lifecycle.stages[0].id, title: lifecycle.stages[0].name },
      after: { id: lifecycle.stages[2].id, title: lifecycle.stages[2].name },
    });
    const bogus = await admin.patch(
      `/api/v1/contacts/${contact.body.id}`,
      [{ op: 'replace', path: '/workflowStage', value: '00000000-0000-4000-8000-000000000009' }],
      { 'if-match': '"2"', 'content-type': 'application/json-patch+json' },
    );
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors[0]).toMatchObject({ field: 'workflowStage', code: 'invalidStage' });

    const del = await admin.delete(`/api/v1/core/workflows/${lifecycle.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('defaultPipelineCannotBeDeleted');
    const other = (await admin.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Other' })).body;
    await admin.patch(`/api/v1/contacts/${contact.body.id}`, [{ op: 'replace', path: '/workflowStage', value: other.stages[1].id }], {
      'if-match': '"2"',
      'content-type': 'application/json-patch+json',
    });
    const linked = await admin.delete(`/api/v1/core/workflows/${other.id}`);
    expect(linked.status).toBe(409);
    expect(linked.body.code).toBe('linkedPipelineCannotBeDeleted');
    const inUse = await admin.delete(`/api/v1/core/workflow-stages/${other.stages[1].id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.errors[0]).toMatchObject({ field: 'moveTo', code: 'stageInUse' });
    // with moveTo (another stage of the same workflow) the contact moves and the stage goes
    const wrong = await admin.delete(`/api/v1/core/workflow-stages/${other.stages[1].id}?moveTo=${lifecycle.stages[0].id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'moveTo', code: 'invalidStage' });
    const extra = (await admin.post('/api/v1/core/workflow-stages', { workflowId: other.id, name: 'Extra' })).body;
    await admin.patch(`/api/v1/contacts/${contact.body.id}`, [{ op: 'replace', path: '/workflowStage', value: extra.id }], {
      'if-match': '"3"',
      'content-type': 'application/json-patch+json',
    });
    expect((await admin.delete(`/api/v1/core/workflow-stages/${extra.id}?moveTo=${other.stages[1].id}`)).status).toBe(204);
    const after = await admin.get(`/api/v1/contacts/${contact.body.id}`);
    expect(after.body).toMatchObject({ workflowStage: other.stages[1].id, version: 5 });
    // a new default takes over; the old one can then go once unused
    await admin.put(`/api/v1/core/workflows/${other.id}`, { name: 'Other', isDefault: true });
    expect((await admin.get(`/api/v1/core/workflows/${lifecycle.id}`)).body.isDefault).toBe(false);
    expect((await admin.delete(`/api/v1/core/workflows/${lifecycle.id}`)).status).toBe(204);
  });

  it('members read workflows but cannot change them', async () => {
    expect((await member.get('/api/v1/core/workflows?entity=Contact')).status).toBe(200);
    const res = await member.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Mine' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('accessDenied');
    expect((await admin.get('/api/v1/core/workflows?entity=Nothing')).status).toBe(400);
  });
});
