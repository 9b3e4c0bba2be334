import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Helpdesk task types (issue 23, decision 094 round seven): a request has a type, the engine's
// record types at /api/v1/helpdesk-task-types, per workspace as task types are; defining them
// is Helpdesk Pro (Plan.AdvancedFields) and needs Helpdesk.ManageProjectSettings.
let t: TestApp;
let c: Client;
let member: Client;
let other: Client;
let helpdeskId: string;
let tenantId: string;
const base = '/api/v1/helpdesk-task-types';
const codes = (res: { body: { errors?: { field: string; code: string }[] } }) => (res.body.errors ?? []).map((e) => `${e.field}:${e.code}`);

async function post(client: Client, url: string, body: Record<string, unknown>) {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; typeId?: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, member, other, tenantId } = await ownerMemberAndStranger(t, ['Helpdesk.View', 'Helpdesk.Create', 'Helpdesk.ManageRequests']));
  helpdeskId = (await post(c, '/api/v1/helpdesks', { name: 'Support', code: 'SUP' })).id;
});
afterAll(async () => t?.close());

describe('helpdesk task types', () => {
  it('need Helpdesk Pro: on Helpdesk Free a type is refused (403 planFeatureRequired) and none is made', async () => {
    const refused = await c.post(base, { name: 'Incident' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: 'planFeatureRequired', limit: 'Plan.AdvancedFields' });
    expect((await c.post(`${base}/list`, { page: 1, pageSize: 25 })).body).toMatchObject({ total: 0 });
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
  });

  it('refuse bad input naming the field, and a caller without the settings permission', async () => {
    const empty = await c.post(base, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(codes(empty)).toEqual(['name:required']);
    const long = await c.post(base, { name: 'x'.repeat(500) });
    expect(long.status).toBe(400);
    expect(codes(long)).toEqual(['name:maxLength']);
    const unknown = await c.post(base, { name: 'Incident', colour: 'red' });
    expect(unknown.status).toBe(400);
    // an agent answers requests but does not define their types
    const agent = await member.post(base, { name: 'Incident' });
    expect(agent.status).toBe(403);
    expect((await c.post(`${base}/list`, { page: 1, pageSize: 25 })).body).toMatchObject({ total: 0 });
  });

  it('give a request a type: created with it, listed with its count, kept while a request has it', async () => {
    const incident = await post(c, base, { name: 'Incident', description: 'Something is broken' });
    expect((await c.post(base, { name: 'incident' })).status).toBe(409);
    // an agent creates a request of that type and reads the workspace's types
    const request = await post(member, '/api/v1/requests', { subject: 'Printer on fire', helpdeskId, typeId: incident.id });
    expect(request.typeId).toBe(incident.id);
    expect((await member.get(`/api/v1/requests/${request.id}`)).body).toMatchObject({ typeId: incident.id });
    const listed = await member.post(`${base}/list`, { page: 1, pageSize: 25 });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, data: [{ id: incident.id, name: 'Incident', records: 1 }] });
    const ofType = await member.post('/api/v1/requests/list', {
      page: 1,
      pageSize: 25,
      filters: [{ field: 'typeId', op: 'eq', value: incident.id }],
    });
    expect(ofType.status, ofType.text).toBe(200);
    expect((ofType.body as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([request.id]);
    const inUse = await c.delete(`${base}/${incident.id}`);
    expect(inUse.status).toBe(409);
    expect(codes(inUse)).toEqual(['id:typeInUse']);
  });

  it("serve a helpdesk's Agent (a role there, no workspace helpdesk permission): the types to pick, a request with one", async () => {
    const m = await t.addMemberWith(tenantId, []);
    const agent = t.client(m, tenantId);
    // no role yet: a member of the workspace reads no request types
    expect((await agent.post(`${base}/list`, { page: 1, pageSize: 25 })).status).toBe(403);
    expect((await agent.post('/api/v1/core/lookups', { entities: ['RequestType'] })).status).toBe(403);
    expect((await c.post(`/api/v1/helpdesks/${helpdeskId}/members`, { tenantUserId: m.tenantUserId, role: 'Agent' })).status).toBe(201);
    const listed = await agent.post(`${base}/list`, { page: 1, pageSize: 25 });
    expect(listed.status, listed.text).toBe(200);
    const incident = (listed.body as { data: { id: string; name: string }[] }).data.find((ty) => ty.name === 'Incident');
    expect(incident).toBeDefined();
    const options = await agent.post('/api/v1/core/lookups', { entities: ['RequestType'] });
    expect(options.status, options.text).toBe(200);
    expect(options.body).toMatchObject({ RequestType: [{ label: 'Incident' }] });
    const made = await post(agent, '/api/v1/requests', { subject: 'Scanner jammed', helpdeskId });
    const url = `/api/v1/requests/${made.id}`;
    const etag = String((await agent.get(url)).headers.etag);
    const typed = await agent.patch(url, [{ op: 'replace', path: '/typeId', value: incident?.id }], {
      'content-type': 'application/json-patch+json',
      'if-match': etag,
    });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body).toMatchObject({ typeId: incident?.id });
    // defining types stays the workspace's settings permission: types are the workspace's
    expect((await agent.post(base, { name: 'Outage' })).status).toBe(403);
  });

  it("refuse a task's type on a request, and answer 404 to another workspace", async () => {
    expect((await c.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' })).status).toBe(200);
    const bug = await post(c, '/api/v1/task-types', { name: 'Bug' });
    const wrong = await c.post('/api/v1/requests', { subject: 'Typed as a task', helpdeskId, typeId: bug.id });
    expect(wrong.status).toBe(400);
    expect(codes(wrong)).toEqual(['typeId:referenceNotFound']);

    const ours = await post(c, base, { name: 'Question' });
    expect((await other.get(`${base}/${ours.id}`)).status).toBe(404);
    expect((await other.put(`${base}/${ours.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await other.delete(`${base}/${ours.id}`)).status).toBe(404);
    const theirDesk = (await post(other, '/api/v1/helpdesks', { name: 'Theirs', code: 'THR' })).id;
    const foreign = await other.post('/api/v1/requests', { subject: 'Borrowed type', helpdeskId: theirDesk, typeId: ours.id });
    expect(foreign.status).toBe(400);
    expect(codes(foreign)).toEqual(['typeId:referenceNotFound']);
    expect((await c.get(`${base}/${ours.id}`)).body).toMatchObject({ name: 'Question' });
  });
});
