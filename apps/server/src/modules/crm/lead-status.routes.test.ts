import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// A lead's life (issue 26 item 8, decision 028): a status New / Working / Disqualified that
// clients choose and Converted that only the conversion sets; a converted lead is read-only; the
// conversion can also create an opportunity for the new customer.
let t: TestApp;
let c: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>) {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });
const count = async (path: string, search: string) => (await c.post(`${path}/list`, { search })).body.total as number;

describe('lead status', () => {
  it('starts New, takes Working and Disqualified, is a default column and filterable', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Stella', lastName: 'Status' });
    expect(lead.status).toBe('New');
    const working = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Stella', lastName: 'Status', status: 'Working' }, ifMatch(1));
    expect(working.status, working.text).toBe(200);
    expect(working.body.status).toBe('Working');
    const other = await create('/api/v1/leads', { firstName: 'Dora', lastName: 'Status', status: 'Disqualified' });
    expect(other.status).toBe('Disqualified');
    // a PUT replaces every writable field: left out, the status is the default again
    const again = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Stella', lastName: 'Status' }, ifMatch(2));
    expect(again.body.status).toBe('New');
    const patched = await c.patch(`/api/v1/leads/${lead.id}`, [{ op: 'replace', path: '/status', value: 'Working' }], ifMatch(3));
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.status).toBe('Working');

    const columns = await c.get('/api/v1/leads/entity-field-columns');
    expect(columns.body.filter((col: { visible: boolean }) => col.visible).map((col: { key: string }) => col.key)).toContain('status');
    const list = await c.post('/api/v1/leads/list', { search: 'status', filters: [{ field: 'status', op: 'in', value: ['Working'] }] });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([lead.id]);
  });

  it('refuses Converted from a client, naming the field and the rule, and writes nothing', async () => {
    const created = await c.post('/api/v1/leads', { firstName: 'Conrad', lastName: 'Cheat', status: 'Converted' });
    expect(created.status).toBe(400);
    expect(created.body.errors[0]).toMatchObject({ field: 'status', code: 'setByConversion' });
    expect(await count('/api/v1/leads', 'cheat')).toBe(0);

    const lead = await create('/api/v1/leads', { firstName: 'Conrad', lastName: 'Honest' });
    const put = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Conrad', status: 'Converted' }, ifMatch(1));
    expect(put.status).toBe(400);
    expect(put.body.errors[0]).toMatchObject({ field: 'status', code: 'setByConversion' });
    const patch = await c.patch(`/api/v1/leads/${lead.id}`, [{ op: 'replace', path: '/status', value: 'Converted' }], ifMatch(1));
    expect(patch.status).toBe(400);
    expect(patch.body.errors[0]).toMatchObject({ field: 'status', code: 'setByConversion' });
    const unknown = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Conrad', status: 'Lost' }, ifMatch(1));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'status', code: 'invalidOption' });
    expect((await c.get(`/api/v1/leads/${lead.id}`)).body).toMatchObject({ version: 1, status: 'New', convertedAt: null });
  });
});

describe('a converted lead', () => {
  it('is Converted and read-only: PUT, PATCH, a board move and delete answer 409 alreadyConverted and write nothing', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Rita', lastName: 'Readonly', status: 'Working' });
    const converted = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact' }, ifMatch(1));
    expect(converted.status, converted.text).toBe(200);
    expect(converted.body.lead.status).toBe('Converted');
    expect(converted.body.opportunity).toBeNull();
    const version = converted.body.lead.version as number;
    const listed = await c.post('/api/v1/leads/list', {
      filters: [{ field: 'status', op: 'in', value: ['Converted'] }],
      search: 'readonly',
    });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([lead.id]);

    const put = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Rita', lastName: 'Changed' }, ifMatch(version));
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('alreadyConverted');
    // the same values again (a no-op) are refused too: the rule is about the record, not the change
    const same = await c.put(`/api/v1/leads/${lead.id}`, { firstName: 'Rita', lastName: 'Readonly', status: 'Working' }, ifMatch(version));
    expect(same.status).toBe(409);
    const patch = await c.patch(`/api/v1/leads/${lead.id}`, [{ op: 'replace', path: '/status', value: 'Disqualified' }], ifMatch(version));
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe('alreadyConverted');
    const stages = (await c.get('/api/v1/core/workflows?entity=Lead')).body;
    const lastStage = stages[0].stages.at(-1).id as string;
    const move = await c.put(`/api/v1/leads/${lead.id}/board-position`, { workflowStage: lastStage }, ifMatch(version));
    expect(move.status).toBe(409);
    expect(move.body.code).toBe('alreadyConverted');
    const del = await c.delete(`/api/v1/leads/${lead.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('alreadyConverted');

    const after = (await c.get(`/api/v1/leads/${lead.id}`)).body;
    expect(after).toMatchObject({ version, lastName: 'Readonly', status: 'Converted', workflowStage: lead.workflowStage });
    expect((await c.get('/api/v1/leads/recycle-bin')).body.total).toBe(0);
    const feed = await c.get(`/api/v1/core/activity?target=Lead&targetId=${lead.id}`);
    expect(feed.body.data.map((a: { action: string }) => a.action)).toEqual(['converted']);
    // archiving tidies the list and stays possible
    expect((await c.post('/api/v1/leads/archive', { ids: [lead.id] })).status).toBe(200);
  });
});

describe('converting with an opportunity', () => {
  it('creates it linked to the new contact and its new organization, named after the company by default', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Olga', lastName: 'Oppo', organization: 'Oppo Works' });
    const res = await c.put(
      `/api/v1/leads/${lead.id}/convert`,
      { to: 'Contact', organization: { mode: 'new' }, opportunity: { expectedValue: 12500.5, estimatedCloseDate: '2027-03-01' } },
      ifMatch(1),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.opportunity).toMatchObject({ id: expect.any(String), title: 'Oppo Works opportunity' });
    const opp = (await c.get(`/api/v1/opportunities/${res.body.opportunity.id}`)).body;
    expect(opp).toMatchObject({
      name: 'Oppo Works opportunity',
      expectedValue: 12500.5,
      estimatedCloseDate: '2027-03-01',
      contactId: res.body.created.id,
      organizationId: res.body.organization.id,
    });
    expect(opp.workflowStage).toEqual(expect.any(String));
    const feed = await c.get(`/api/v1/core/activity?target=Opportunity&targetId=${opp.id}`);
    expect(feed.body.data.map((a: { action: string }) => a.action)).toContain('convertedFrom');
  });

  it('into an organization, with the name given, links the opportunity to it', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Info', organization: 'Deal Corp' });
    const res = await c.put(
      `/api/v1/leads/${lead.id}/convert`,
      { to: 'Organization', opportunity: { name: 'Deal Corp rollout' } },
      ifMatch(1),
    );
    expect(res.status, res.text).toBe(200);
    const opp = (await c.get(`/api/v1/opportunities/${res.body.opportunity.id}`)).body;
    expect(opp).toMatchObject({ name: 'Deal Corp rollout', organizationId: res.body.created.id, contactId: null, expectedValue: null });
  });

  it('refuses a bad opportunity naming the field, and writes nothing', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Vera', lastName: 'Invalid', organization: 'Invalid Ltd' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'opportunity.name', 'required'],
      [{ name: 'x'.repeat(201) }, 'opportunity.name', 'maxLength'],
      [{ expectedValue: 'lots' }, 'opportunity.expectedValue', 'validation'],
      [{ expectedValue: 1.005 }, 'opportunity.expectedValue', 'validation'],
      [{ estimatedCloseDate: '2027-13-01' }, 'opportunity.estimatedCloseDate', 'validation'],
      [{ probability: 50 }, 'opportunity.probability', 'unknownField'],
    ];
    for (const [opportunity, field, code] of cases) {
      const res = await c.put(
        `/api/v1/leads/${lead.id}/convert`,
        { to: 'Contact', organization: { mode: 'new' }, opportunity },
        ifMatch(1),
      );
      expect(res.status, JSON.stringify(opportunity)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field, code });
    }
    // without the right to create opportunities: 403, and nothing converted or created
    const noDeals = t.client(
      await t.addMemberWith(tenantId, [
        'Contact.ViewContacts',
        'Contact.ManageContacts',
        'Contact.CreateContacts',
        'Contact.CreateOrganizations',
      ]),
      tenantId,
    );
    const denied = await noDeals.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact', opportunity: {} }, ifMatch(1));
    expect(denied.status).toBe(403);
    expect((await c.get(`/api/v1/leads/${lead.id}`)).body).toMatchObject({ version: 1, status: 'New', convertedAt: null });
    expect(await count('/api/v1/contacts', 'invalid')).toBe(0);
    expect(await count('/api/v1/organizations', 'invalid ltd')).toBe(0);
    expect(await count('/api/v1/opportunities', 'invalid')).toBe(0);
  });

  it('another workspace’s lead is 404 for the conversion and for writes, and nothing is created', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Walter', lastName: 'Walled', organization: 'Walled Garden' });
    const stranger = await t.createUser();
    const other = t.client(stranger, (await t.createTenant(stranger)).id);
    const convert = await other.put(
      `/api/v1/leads/${lead.id}/convert`,
      { to: 'Contact', organization: { mode: 'new' }, opportunity: { name: 'Stolen deal' } },
      ifMatch(1),
    );
    expect(convert.status).toBe(404);
    expect((await other.put(`/api/v1/leads/${lead.id}`, { firstName: 'W', status: 'Disqualified' }, ifMatch(1))).status).toBe(404);
    expect((await other.patch(`/api/v1/leads/${lead.id}`, [{ op: 'replace', path: '/status', value: 'Working' }], ifMatch(1))).status).toBe(
      404,
    );
    expect((await other.delete(`/api/v1/leads/${lead.id}`)).status).toBe(404);
    expect((await c.get(`/api/v1/leads/${lead.id}`)).body).toMatchObject({ version: 1, status: 'New', convertedAt: null });
    expect((await other.post('/api/v1/opportunities/list', {})).body.total).toBe(0);
    expect(await count('/api/v1/opportunities', 'stolen')).toBe(0);
  });
});
