import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Opportunities (issue 13, decision 083): a kind on the engine with customer references, money,
// pipelines (workflows of kind Opportunity), linked contacts, types and the board's totals.
let t: TestApp;
let c: Client;
let tenantId: string;
type Stage = { id: string; name: string };
let sales: { id: string; stages: Stage[] };
let partner: { id: string; stages: Stage[] };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
  const a = await c.post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Sales', isDefault: true });
  expect(a.status, a.text).toBe(201);
  sales = a.body;
  const b = await c.post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Partner deals' });
  expect(b.status, b.text).toBe(201);
  partner = b.body;
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>) {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('opportunities', () => {
  it('have an owner: the creator unless chosen, a member of the workspace, filtered and sorted by name, cleared when the member leaves', async () => {
    const me = await create('/api/v1/opportunities', { name: 'Owned by the creator' });
    expect(me.owner).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    const seller = await t.addMember(tenantId, 'Member', await t.createUser({ name: 'Sabine Seller' }));
    const theirs = await create('/api/v1/opportunities', { name: 'Owned by a seller', ownerId: seller.tenantUserId });
    expect(theirs.owner).toEqual({ id: seller.tenantUserId, title: seller.name });
    const unowned = await create('/api/v1/opportunities', { name: 'Owned by nobody', ownerId: null });
    expect(unowned.owner).toBeNull();
    // only a member of this workspace can own a deal
    const stranger = await t.addMember((await t.createTenant(await t.createUser())).id, 'Member');
    const bad = await c.post('/api/v1/opportunities', { name: 'Foreign owner', ownerId: stranger.tenantUserId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'ownerId', code: 'referenceNotFound' });
    // the list filters by owner id and by the owner's name, and sorts by the name
    const mine = await c.post('/api/v1/opportunities/list', {
      filters: [{ field: 'ownerId', op: 'eq', value: seller.tenantUserId }],
    });
    expect(mine.body.data.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    const byName = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'ownerId', op: 'contains', value: seller.name }] });
    expect(byName.body.data.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    const sorted = await c.post('/api/v1/opportunities/list', { sort: [{ field: 'ownerId', order: 'asc' }], pageSize: 100 });
    expect(sorted.status, sorted.text).toBe(200);
    expect(sorted.body.data.at(-1)?.owner).toBeNull();
    // the seller leaves the workspace: the deal stays, without an owner
    expect((await c.delete(`/api/v1/core/users/${seller.tenantUserId}`)).status).toBe(204);
    expect((await c.get(`/api/v1/opportunities/${theirs.id}`)).body.owner).toBeNull();
    await c.delete(`/api/v1/opportunities/${me.id}`);
    await c.delete(`/api/v1/opportunities/${theirs.id}`);
    await c.delete(`/api/v1/opportunities/${unowned.id}`);
  });

  it('take money to the cent across the whole range, a client’s float arithmetic included, and refuse a third decimal', async () => {
    // eleven integer digits: scaling by 100 is not whole there, and these were refused
    const big = await c.post('/api/v1/opportunities', { name: 'Big deal', expectedValue: -73904024716.46 });
    expect(big.status).toBe(201);
    expect(big.body.expectedValue).toBe(-73904024716.46);
    // what 19.99 * 3 gives in JavaScript (59.97000000000001) is stored as 59.97
    const sum = await c.post('/api/v1/opportunities', { name: 'Three chairs', expectedValue: 19.99 * 3 });
    expect(sum.status).toBe(201);
    expect(sum.body.expectedValue).toBe(59.97);
    const third = await c.post('/api/v1/opportunities', { name: 'Fractions', expectedValue: 1.005 });
    expect(third.status).toBe(400);
    expect(third.body.errors[0]).toMatchObject({ field: 'expectedValue', code: 'validation' });
  });

  it('have a customer, an expected value, a close date, a number and the default pipeline’s first stage', async () => {
    const org = await create('/api/v1/organizations', { name: 'Contoso' });
    const contact = await create('/api/v1/contacts', { firstName: 'Laurence', lastName: 'Lebihan', organizationId: org.id });
    const opp = await create('/api/v1/opportunities', {
      name: 'Contoso desks',
      organizationId: org.id,
      contactId: contact.id,
      expectedValue: 48000.5,
      estimatedCloseDate: '2026-12-15',
    });
    expect(opp).toMatchObject({
      number: expect.stringMatching(/^OPP-\d+$/),
      organization: { id: org.id, title: 'Contoso' },
      contact: { id: contact.id, title: 'Laurence Lebihan' },
      expectedValue: 48000.5,
      estimatedCloseDate: '2026-12-15',
      workflowStage: sales.stages[0]?.id,
    });
    // linked contacts: link, list, unlink
    const peer = await create('/api/v1/contacts', { firstName: 'Victoria', lastName: 'Ashworth' });
    expect((await c.post(`/api/v1/opportunities/${opp.id}/contacts/link`, { ids: [peer.id] })).status).toBe(200);
    const linked = await c.post(`/api/v1/opportunities/${opp.id}/contacts`, { page: 1, pageSize: 25 });
    expect(linked.body.data.map((r: { id: string }) => r.id)).toEqual([peer.id]);
    expect((await c.post(`/api/v1/opportunities/${opp.id}/contacts/unlink`, { ids: [peer.id] })).status).toBe(200);
    // a won/lost outcome from the list of outcomes only; the organization cannot go while a deal names it
    const bad = await c.patch(`/api/v1/opportunities/${opp.id}`, [{ op: 'replace', path: '/outcome', value: 'Maybe' }], {
      'if-match': `"${opp.version}"`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'outcome', code: 'invalidOption' });
    expect((await c.delete(`/api/v1/organizations/${org.id}`)).status).toBe(409);
    // the organization and both contacts show the deal
    const ofOrg = await c.post(`/api/v1/organizations/${org.id}/opportunities`, {
      page: 1,
      pageSize: 25,
      sort: [{ field: 'estimatedCloseDate', order: 'desc' }],
    });
    expect(ofOrg.status, ofOrg.text).toBe(200);
    expect(ofOrg.body.data.map((r: { id: string }) => r.id)).toEqual([opp.id]);
    expect((await c.post(`/api/v1/contacts/${contact.id}/opportunities`, {})).body.total).toBe(1);
    expect((await c.post(`/api/v1/opportunities/${opp.id}/contacts/link`, { ids: [peer.id] })).status).toBe(200);
    expect((await c.post(`/api/v1/contacts/${peer.id}/opportunities`, {})).body.data[0].id).toBe(opp.id);
    const viewerOfContacts = t.client(await t.addMemberWith(tenantId, ['Contact.ViewOrganizations']), tenantId);
    expect((await viewerOfContacts.post(`/api/v1/organizations/${org.id}/opportunities`, {})).status).toBe(403);
    // opportunity types come from the engine
    const type = await c.post('/api/v1/opportunity-types', { name: 'Renewal' });
    expect(type.status, type.text).toBe(201);
  });

  it('give the board its totals per stage of a pipeline, under the list’s filters', async () => {
    const [q, proposal] = sales.stages;
    const mk = (name: string, expectedValue: number | null, stage: Stage | undefined) =>
      create('/api/v1/opportunities', { name, expectedValue, workflowStage: stage?.id });
    await mk('Board A', 1000, q);
    await mk('Board B', 2500.25, q);
    await mk('Board C', null, proposal);
    await mk('Other D', 700, proposal);
    const res = await c.post('/api/v1/opportunities/board-totals', { search: 'board', workflowId: sales.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.stages).toHaveLength(sales.stages.length);
    expect(res.body.stages[0]).toEqual({ stageId: q?.id, count: 2, sum: 3500.25 });
    expect(res.body.stages[1]).toEqual({ stageId: proposal?.id, count: 1, sum: 0 });
    expect(res.body.stages[2]).toEqual({ stageId: sales.stages[2]?.id, count: 0, sum: 0 });
    // the other pipeline has its own columns, empty here
    const other = await c.post('/api/v1/opportunities/board-totals', { search: 'board', workflowId: partner.id });
    expect(other.body.stages.every((s: { count: number }) => s.count === 0)).toBe(true);

    const contactFlow = await c.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Lifecycle' });
    const wrong = await c.post('/api/v1/opportunities/board-totals', { workflowId: contactFlow.body.id });
    expect(wrong.status).toBe(404);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'workflowId' });
    const missing = await c.post('/api/v1/opportunities/board-totals', {});
    expect(missing.status).toBe(400);
    const stranger = await t.createUser();
    const outsider = t.client(stranger, (await t.createTenant(stranger)).id);
    expect((await outsider.post('/api/v1/opportunities/board-totals', { workflowId: sales.id })).status).toBe(404);
  });

  it('move on the board within a column and across, writing one row per move', async () => {
    const [first, second] = partner.stages;
    if (!first || !second) throw new Error('the partner pipeline has stages');
    // close dates give the column its order before anyone places a card (ids would be random)
    const a = await create('/api/v1/opportunities', { name: 'Board A', workflowStage: first.id, estimatedCloseDate: '2026-01-01' });
    const b = await create('/api/v1/opportunities', { name: 'Board B', workflowStage: first.id, estimatedCloseDate: '2026-01-02' });
    const cc = await create('/api/v1/opportunities', { name: 'Board C', workflowStage: first.id, estimatedCloseDate: '2026-01-03' });
    const column = async (stageId: string) => {
      const res = await c.post('/api/v1/opportunities/list', {
        filters: [{ field: 'workflowStage', op: 'eq', value: stageId }],
        sort: [{ field: 'boardRank', order: 'asc' }],
        pageSize: 100,
      });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id: string; name: string; version: number; boardRank: number | null }[]).filter((r) =>
        r.name.startsWith('Board '),
      );
    };
    const move = async (row: { id: string }, body: Record<string, unknown>) => {
      const version = (await c.get(`/api/v1/opportunities/${row.id}`)).body.version;
      return c.put(`/api/v1/opportunities/${row.id}/board-position`, body, { 'if-match': `"${version}"` });
    };
    // the first manual order numbers the column; C goes above A
    const first1 = await move(cc, { workflowStage: first.id, beforeId: a.id });
    expect(first1.status, first1.text).toBe(200);
    const ordered = await column(first.id);
    expect(ordered.map((r) => r.name).slice(0, 3)).toEqual(['Board C', 'Board A', 'Board B']);
    // later moves write one row: B between C and A, nobody else's version or rank changes
    const others = new Map(ordered.map((r) => [r.id, [r.version, r.boardRank]]));
    const moved = await move(b, { workflowStage: first.id, beforeId: a.id });
    expect(moved.status, moved.text).toBe(200);
    const after = await column(first.id);
    expect(after.map((r) => r.name).slice(0, 3)).toEqual(['Board C', 'Board B', 'Board A']);
    for (const r of after) if (r.id !== b.id) expect([r.version, r.boardRank]).toEqual(others.get(r.id));
    // across columns: to the end of the next stage, with a stage change on the timeline
    const across = await move(a, { workflowStage: second.id });
    expect(across.status, across.text).toBe(200);
    expect(across.body.workflowStage).toBe(second.id);
    expect((await column(second.id)).at(-1)?.id).toBe(a.id);
    const feed = await c.get(`/api/v1/core/activity?target=Opportunity&targetId=${a.id}`);
    expect(feed.status, feed.text).toBe(200);
    expect(JSON.stringify(feed.body)).toContain('workflowStage');
    // bad moves change nothing
    const wrongColumn = await move(b, { workflowStage: second.id, beforeId: cc.id });
    expect(wrongColumn.status).toBe(400);
    expect(wrongColumn.body.errors[0]).toMatchObject({ field: 'beforeId', code: 'referenceNotFound' });
    const badStage = await move(b, { workflowStage: '00000000-0000-4000-8000-000000000000' });
    expect(badStage.status).toBe(400);
    expect(badStage.body.errors[0]).toMatchObject({ field: 'workflowStage', code: 'invalidStage' });
    expect((await c.put(`/api/v1/opportunities/${b.id}/board-position`, { workflowStage: first.id })).status).toBe(428);
  });

  it('keep their default pipeline, and a pipeline deals are in', async () => {
    const res = await c.delete(`/api/v1/core/workflows/${sales.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('defaultPipelineCannotBeDeleted');
    await create('/api/v1/opportunities', { name: 'Partner deal', workflowStage: partner.stages[0]?.id });
    const linked = await c.delete(`/api/v1/core/workflows/${partner.id}`);
    expect(linked.status).toBe(409);
    expect(linked.body.code).toBe('linkedPipelineCannotBeDeleted');
  });
});
