import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Issue 26: a new workspace has a default workflow for every kind with stages, named in the
// creator's language, and every record of such a kind has a stage from the first minute.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Workflow = { name: string; isDefault: boolean; stages: { id: string; name: string; stageType: string }[] };

describe('default workflows', () => {
  it('a new workspace has a sales pipeline, a lead process and a contact lifecycle with their stages', async () => {
    const owner = await t.createUser();
    const c = t.client(owner, (await t.createTenant(owner)).id);
    const of = async (entity: string) => (await c.get<Workflow[]>(`/api/v1/core/workflows?entity=${entity}`)).body;
    const [sales] = await of('Opportunity');
    expect(sales).toMatchObject({ name: 'Sales pipeline', isDefault: true });
    expect(sales?.stages.map((s) => `${s.name}:${s.stageType}`)).toEqual([
      'Qualification:Open',
      'Proposal:InProgress',
      'Negotiation:InProgress',
      'Won:Won',
      'Lost:Lost',
    ]);
    expect((await of('Lead')).map((w) => w.name)).toEqual(['Lead process']);
    expect((await of('Contact')).map((w) => w.name)).toEqual(['Contact lifecycle']);
  });

  it('names them in the creator’s language', async () => {
    const owner = await t.createUser();
    await t.sql(`update users set culture = 'de-DE' where id = $1`, [owner.id]);
    const c = t.client(owner, (await t.createTenant(owner)).id);
    const [sales] = (await c.get<Workflow[]>('/api/v1/core/workflows?entity=Opportunity')).body;
    expect(sales?.name).toBe('Vertriebspipeline');
    expect(sales?.stages.map((s) => s.name)).toEqual(['Qualifizierung', 'Angebot', 'Verhandlung', 'Gewonnen', 'Verloren']);
  });

  it('gives every record a stage: left out, sent empty, or emptied later', async () => {
    const owner = await t.createUser();
    const c = t.client(owner, (await t.createTenant(owner)).id);
    const [sales] = (await c.get<Workflow[]>('/api/v1/core/workflows?entity=Opportunity')).body;
    const first = sales?.stages[0]?.id;
    const plain = await c.post('/api/v1/opportunities', { name: 'Desks' });
    expect(plain.body.workflowStage).toBe(first);
    const empty = await c.post('/api/v1/opportunities', { name: 'Chairs', workflowStage: null });
    expect(empty.body.workflowStage).toBe(first);
    const second = sales?.stages[1]?.id;
    const moved = await c.patch(`/api/v1/opportunities/${plain.body.id}`, [{ op: 'replace', path: '/workflowStage', value: second }], {
      'if-match': `"${plain.body.version}"`,
    });
    expect(moved.body.workflowStage).toBe(second);
    const cleared = await c.patch(`/api/v1/opportunities/${plain.body.id}`, [{ op: 'replace', path: '/workflowStage', value: null }], {
      'if-match': `"${moved.body.version}"`,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.workflowStage).toBe(second);
  });
});
