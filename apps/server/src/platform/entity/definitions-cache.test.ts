import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Custom fields and the default workflow's first stage are cached per process on the
// workspace's definitions version (decision 050). Every change, through the API or written by
// anyone else to the database (another node), is honoured by the very next request.

let t: TestApp;
let tenantId: string;
let admin: Client;
let member: Client;

const CODE = { kind: 'singleLine', label: 'Code', key: 'code', dataType: 'text' };

async function putFields(c: Client, fields: unknown[]) {
  const res = await c.put('/api/v1/core/entity-fields?entity=Contact', { fields });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; key: string; label: string }[];
}

async function create(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; workflowStage: string | null; customFields: Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  admin = t.client(owner, tenantId);
  member = t.client(await t.addMember(tenantId, 'Member'), tenantId);
});
afterAll(async () => t.close());

describe('definitions cached per workspace and version', () => {
  it('a field added or removed through the API is honoured by the next request', async () => {
    // warm the cache with no custom fields
    const before = await create(admin, { firstName: 'Before' });
    expect((await admin.get(`/api/v1/contacts/${before.id}`)).body.customFields).toEqual({});
    const refused = await admin.post('/api/v1/contacts', { firstName: 'Early', customFields: { code: 'A-1' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'customFields.code', code: 'unknownField' });

    const fields = await putFields(admin, [CODE]);
    expect(fields.map((f) => f.key)).toEqual(['code']);
    const made = await create(admin, { firstName: 'After', customFields: { code: 'A-1' } });
    expect(made.customFields).toEqual({ code: 'A-1' });
    const listed = await admin.post('/api/v1/contacts/list', {
      page: 1,
      pageSize: 25,
      filters: [{ field: 'customFields.code', op: 'eq', value: 'A-1' }],
      sort: [],
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([made.id]);

    await putFields(admin, []);
    expect((await admin.get(`/api/v1/contacts/${made.id}`)).body.customFields).toEqual({});
    const gone = await admin.post('/api/v1/contacts/list', {
      page: 1,
      pageSize: 25,
      filters: [{ field: 'customFields.code', op: 'eq', value: 'A-1' }],
      sort: [],
    });
    expect(gone.status).toBe(400);
  });

  it('a definition changed in the database by anyone else (another node) is honoured by the next request', async () => {
    const [field] = await putFields(admin, [CODE]);
    const made = await create(admin, { firstName: 'Restricted later', customFields: { code: 'R-1' } });
    expect((await member.get(`/api/v1/contacts/${made.id}`)).body.customFields).toEqual({ code: 'R-1' });
    const [r0] = await t.sql<{ v: number }>('select definitions_version::int as v from tenants where id = $1', [tenantId]);

    // as the owner, outside this process's code: the trigger bumps the version in that transaction
    await t.sql(`update entity_fields set definition = definition || '{"restricted": true}'::jsonb where id = $1`, [field!.id]);
    const [r1] = await t.sql<{ v: number }>('select definitions_version::int as v from tenants where id = $1', [tenantId]);
    expect(r1!.v).toBeGreaterThan(r0!.v);
    expect((await member.get(`/api/v1/contacts/${made.id}`)).body.customFields).toEqual({});
    expect((await admin.get(`/api/v1/contacts/${made.id}`)).body.customFields).toEqual({ code: 'R-1' });

    await t.sql(`delete from entity_fields where id = $1`, [field!.id]);
    expect((await admin.get(`/api/v1/contacts/${made.id}`)).body.customFields).toEqual({});
  });

  it('a new first stage of the default workflow applies to the next record created', async () => {
    // the workspace's own default workflow (issue 26): its first stage, cached
    const [own] = (await admin.get('/api/v1/core/workflows?entity=Contact')).body as { stages: { id: string }[] }[];
    expect((await create(admin, { firstName: 'Staged first' })).workflowStage).toBe(own?.stages[0]?.id);
    const workflow = await admin.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Lifecycle', isDefault: true });
    expect(workflow.status, workflow.text).toBe(201);
    const first = await create(admin, { firstName: 'Staged' });
    expect(first.workflowStage).toBe(workflow.body.stages[0].id);
    const [stage] = await t.sql<{ id: string }>(
      `select s.id from workflow_stages s join workflows w on w.id = s.workflow_id
       where w.tenant_id = $1 and w.entity_kind = 'Contact' and w.is_default and w.type_id is null and s.id <> $2
       order by s.sort_order collate "C" desc limit 1`,
      [tenantId, first.workflowStage],
    );
    // the last stage moves before every other one
    await t.sql(`update workflow_stages set sort_order = '!' where id = $1`, [stage!.id]);
    const next = await create(admin, { firstName: 'Staged again' });
    expect(next.workflowStage).toBe(stage!.id);
  });

  it("a stage's name, type and workflow are read again once any stage or workflow changed", async () => {
    // a stage is cached as a write first meets it (its name for the activity, its workflow for the
    // check that it is one of the kind's); changed through the API or by anyone else, the next
    // request sees the change
    const wf = (
      await admin.post('/api/v1/core/workflows', { entity: 'Contact', name: 'Cached', stages: [{ name: 'One' }, { name: 'Two' }] })
    ).body as { id: string; stages: { id: string }[] };
    const [one, two] = wf.stages as [{ id: string }, { id: string }];
    const contact = await create(admin, { firstName: 'Cached stages' });
    const move = (stage: string, version: number) =>
      admin.patch(`/api/v1/contacts/${contact.id}`, [{ op: 'replace', path: '/workflowStage', value: stage }], {
        'if-match': `"${version}"`,
        'content-type': 'application/json-patch+json',
      });
    const lastChange = async () =>
      ((await admin.get(`/api/v1/core/activity?target=Contact&targetId=${contact.id}`)).body.data[0] as { after: { title: string } }).after
        .title;
    expect((await move(one.id, 1)).status).toBe(200);
    expect((await move(two.id, 2)).status).toBe(200);
    expect(await lastChange()).toBe('Two');

    expect((await admin.put(`/api/v1/core/workflow-stages/${one.id}`, { name: 'Uno', stageType: 'Open', color: '#1677ff' })).status).toBe(
      200,
    );
    expect((await move(one.id, 3)).status).toBe(200);
    expect(await lastChange()).toBe('Uno');

    // by SQL, as another node would: the stage's workflow now belongs to another kind
    await t.sql(`update workflows set entity_kind = 'Organization' where id = $1`, [wf.id]);
    const refused = await move(two.id, 4);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'workflowStage', code: 'invalidStage' });
    await t.sql(`update workflows set entity_kind = 'Contact' where id = $1`, [wf.id]);
    expect((await move(two.id, 4)).status).toBe(200);
    await t.sql(`update workflow_stages set name = 'Dos' where id = $1`, [two.id]);
    expect((await move(one.id, 5)).status).toBe(200);
    expect((await move(two.id, 6)).status).toBe(200);
    expect(await lastChange()).toBe('Dos');
  });

  it('keeps workspaces apart: the same key means what each workspace defines', async () => {
    const other = await t.createUser();
    const otherTenant = (await t.createTenant(other)).id;
    const otherAdmin = t.client(other, otherTenant);
    await putFields(admin, [CODE]);
    await putFields(otherAdmin, [{ ...CODE, dataType: 'number' }]);
    expect((await admin.post('/api/v1/contacts', { firstName: 'Text', customFields: { code: 'abc' } })).status).toBe(201);
    const wrong = await otherAdmin.post('/api/v1/contacts', { firstName: 'Number', customFields: { code: 'abc' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('customFields.code');
    expect((await otherAdmin.post('/api/v1/contacts', { firstName: 'Number', customFields: { code: 12 } })).status).toBe(201);
  });
});
