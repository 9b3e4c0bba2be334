import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Leads (issue 13, decision 028): a kind declared on the engine, plus their conversion into a
// contact or an organization that carries fields, custom fields, notes, documents, tags and
// history, and refuses a second time.
let t: TestApp;
let c: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
  for (const entity of ['Lead', 'Contact']) {
    const res = await c.put(`/api/v1/core/entity-fields?entity=${entity}`, {
      fields: [
        { kind: 'singleLine', label: 'Budget code', key: 'budgetCode', dataType: 'text' },
        // same key, another kind of value: not carried
        { kind: 'singleLine', label: 'Score', key: 'score', dataType: entity === 'Lead' ? 'text' : 'number' },
      ],
    });
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(async () => t.close());

async function create(path: string, body: Record<string, unknown>) {
  const res = await c.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });

describe('leads on the engine', () => {
  it('are created with a number, listed with the spec default columns, and archived in bulk', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.org', source: 'Event' });
    expect(lead.number).toMatch(/^LEAD-\d+$/);
    expect(lead).toHaveProperty('workflowStage');
    expect(lead.convertedAt).toBeNull();
    const list = await c.post('/api/v1/leads/list', { search: 'byron' });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([lead.id]);
    const columns = await c.get('/api/v1/leads/entity-field-columns');
    expect(columns.body.filter((col: { visible: boolean }) => col.visible).map((col: { key: string }) => col.key)).toEqual(
      expect.arrayContaining(['email', 'phone', 'organization', 'workflowStage']),
    );
    expect((await c.post('/api/v1/leads/archive', { ids: [lead.id] })).status).toBe(200);
    expect((await c.get(`/api/v1/leads/${lead.id}`)).body.archived).toBe(true);
    expect((await c.post('/api/v1/leads/unarchive', { ids: [lead.id] })).status).toBe(200);
    // the conversion fields are the server's
    const bad = await c.post('/api/v1/leads', { firstName: 'X', convertedAt: '2026-01-01T00:00:00Z' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'convertedAt' });
    const badSource = await c.post('/api/v1/leads', { firstName: 'X', source: 'Carrier pigeon' });
    expect(badSource.status).toBe(400);
    expect(badSource.body.errors[0]).toMatchObject({ field: 'source', code: 'invalidOption' });
  });
});

describe('converting a lead', () => {
  it('into a contact with a new organization carries fields, custom fields, notes, documents, tags and history', async () => {
    const lead = await create('/api/v1/leads', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
      phone: '+1 555 0101',
      organization: 'Navy Labs',
      jobTitle: 'Rear Admiral',
      customFields: { budgetCode: 'B-7', score: 'high' },
    });
    const ref = { entityKind: 'Lead', entityId: lead.id };
    expect((await c.post('/api/v1/core/notes', { ...ref, body: '<p>Met at the fair</p>' })).status).toBe(201);
    expect((await c.post('/api/v1/core/documents', { ...ref, type: 'Folder', name: 'Offers' })).status).toBe(201);
    const tag = await c.post('/api/v1/core/tags', { name: 'Hot' });
    await c.put(`/api/v1/core/tags/entity?entityKind=Lead&entityId=${lead.id}`, { tagIds: [tag.body.id] });

    const now = (await c.get(`/api/v1/leads/${lead.id}`)).body;
    const res = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact', organization: { mode: 'new' } }, ifMatch(now.version));
    expect(res.status, res.text).toBe(200);
    expect(res.body.created).toMatchObject({ kind: 'Contact', title: 'Grace Hopper' });
    expect(res.body.organization).toMatchObject({ title: 'Navy Labs', created: true });
    expect(res.body.lead).toMatchObject({ convertedToKind: 'Contact', convertedToId: res.body.created.id });
    expect(res.body.lead.convertedAt).toEqual(expect.any(String));
    expect(res.headers.etag).toBe(`"${res.body.lead.version}"`);

    const contact = (await c.get(`/api/v1/contacts/${res.body.created.id}`)).body;
    expect(contact).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
      phone: '+1 555 0101',
      jobTitle: 'Rear Admiral',
      organizationId: res.body.organization.id,
      customFields: { budgetCode: 'B-7' },
    });
    expect(contact.customFields.score).toBeUndefined();
    expect(contact.tags.map((x: { name: string }) => x.name)).toEqual(['Hot']);
    const mine = { entityKind: 'Contact', entityId: contact.id };
    const notes = await c.post('/api/v1/core/notes/list', mine);
    expect(notes.body.data.map((n: { body: string }) => n.body)).toEqual(['<p>Met at the fair</p>']);
    const docs = await c.post('/api/v1/core/documents/list', { ...mine, parentId: null });
    expect(docs.body.data.map((d: { name: string }) => d.name)).toEqual(['Offers']);
    // one history: the lead's, then the contact's own
    const feed = await c.get(`/api/v1/core/activity?target=Contact&targetId=${contact.id}&pageSize=50`);
    const actions = feed.body.data.map((a: { action: string }) => a.action);
    expect(actions[0]).toBe('convertedFrom');
    expect(feed.body.data[0].after).toMatchObject({ id: lead.id, title: 'Grace Hopper' });
    expect(actions.filter((a: string) => a === 'created')).toHaveLength(2);
    expect(feed.body.counts.Note).toBe(1);
    const leadFeed = await c.get(`/api/v1/core/activity?target=Lead&targetId=${lead.id}`);
    expect(leadFeed.body.data.map((a: { action: string }) => a.action)).toEqual(['converted']);

    // a second conversion is refused, nothing more is created
    const again = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Organization' }, ifMatch(res.body.lead.version));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alreadyConverted');
    expect((await c.post('/api/v1/organizations/list', { search: 'navy labs' })).body.total).toBe(1);
  });

  it('into a contact linked to an existing organization, or into an organization', async () => {
    const org = await create('/api/v1/organizations', { name: 'Existing Works' });
    const lead = await create('/api/v1/leads', { firstName: 'Linus', organization: 'Existing Works' });
    const res = await c.put(
      `/api/v1/leads/${lead.id}/convert`,
      { to: 'Contact', organization: { mode: 'existing', id: org.id } },
      ifMatch(1),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.organization).toMatchObject({ id: org.id, created: false });
    expect((await c.get(`/api/v1/contacts/${res.body.created.id}`)).body.organizationId).toBe(org.id);

    const company = await create('/api/v1/leads', { firstName: 'Info', organization: 'Fresh Corp', email: 'info@fresh.example' });
    const asOrg = await c.put(`/api/v1/leads/${company.id}/convert`, { to: 'Organization' }, ifMatch(1));
    expect(asOrg.status, asOrg.text).toBe(200);
    expect(asOrg.body.created).toMatchObject({ kind: 'Organization', title: 'Fresh Corp' });
    expect((await c.get(`/api/v1/organizations/${asOrg.body.created.id}`)).body.email).toBe('info@fresh.example');
  });

  it('refuses bad requests with the field and the rule, and changes nothing', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Nobody' });
    const stale = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact' }, ifMatch(99));
    expect(stale.status).toBe(412);
    expect((await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact' })).status).toBe(428);
    const noCompany = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact', organization: { mode: 'new' } }, ifMatch(1));
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.errors[0]).toMatchObject({ field: 'organization.mode', code: 'required' });
    const orgWithOrg = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Organization', organization: { mode: 'new' } }, ifMatch(1));
    expect(orgWithOrg.status).toBe(400);
    expect(orgWithOrg.body.errors[0]).toMatchObject({ field: 'organization', code: 'notForOrganization' });
    const unknownOrg = await c.put(
      `/api/v1/leads/${lead.id}/convert`,
      { to: 'Contact', organization: { mode: 'existing', id: '00000000-0000-4000-8000-000000000009' } },
      ifMatch(1),
    );
    expect(unknownOrg.status).toBe(404);
    expect(unknownOrg.body.errors[0]).toMatchObject({ field: 'organization.id' });
    const badTarget = await c.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Opportunity' }, ifMatch(1));
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.errors[0]).toMatchObject({ field: 'to', code: 'invalidOption' });
    const after = (await c.get(`/api/v1/leads/${lead.id}`)).body;
    expect(after).toMatchObject({ version: 1, convertedAt: null });
    expect((await c.post('/api/v1/contacts/list', { search: 'nobody' })).body.total).toBe(0);
  });

  it('needs the right to manage leads and to create the target; another workspace’s lead is 404', async () => {
    const lead = await create('/api/v1/leads', { firstName: 'Guarded' });
    const viewer = t.client(await t.addMemberWith(tenantId, ['Contact.ViewContacts']), tenantId);
    expect((await viewer.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact' }, ifMatch(1))).status).toBe(403);
    const noOrgs = t.client(
      await t.addMemberWith(tenantId, ['Contact.ViewContacts', 'Contact.ManageContacts', 'Contact.CreateContacts']),
      tenantId,
    );
    expect((await noOrgs.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Organization' }, ifMatch(1))).status).toBe(403);
    const stranger = await t.createUser();
    const other = t.client(stranger, (await t.createTenant(stranger)).id);
    expect((await other.put(`/api/v1/leads/${lead.id}/convert`, { to: 'Contact' }, ifMatch(1))).status).toBe(404);
    expect((await c.get(`/api/v1/leads/${lead.id}`)).body.convertedAt).toBeNull();
  });
});
