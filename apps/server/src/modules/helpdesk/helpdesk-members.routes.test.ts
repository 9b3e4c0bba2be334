import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerMemberAndStranger, type Client, type TestApp } from '../../../test/harness';

// Helpdesk members and roles (issue 23, decision 094 round six): a workspace user with a role
// (Viewer, Agent, Supervisor) in a helpdesk, managed with Helpdesk.ManageProjectSettings on a plan
// with Plan.Roles; the role adds its permissions on that helpdesk and its requests to the
// member's workspace permissions (the engine's roleScope), and nowhere else.
let t: TestApp;
let c: Client;
let viewer: Client;
let other: Client;
let agent: Client;
let agentId: string;
let first: string;
let second: string;
let mine: string;
let theirs: string;
const codes = (res: { body: { errors?: { field: string; code: string }[] } }) => (res.body.errors ?? []).map((e) => `${e.field}:${e.code}`);

async function post(client: Client, url: string, body: Record<string, unknown>) {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  t = await createTestApp();
  let tenantId: string;
  ({ c, member: viewer, other, tenantId } = await ownerMemberAndStranger(t, ['Helpdesk.View']));
  const m = await t.addMemberWith(tenantId, []);
  agent = t.client(m, tenantId);
  agentId = m.tenantUserId;
  first = (await post(c, '/api/v1/helpdesks', { name: 'Support', code: 'SUP' })).id;
});
afterAll(async () => t?.close());

describe('helpdesk members', () => {
  it('needs Plan.Roles (Helpdesk Pro) to add one', async () => {
    const res = await c.post(`/api/v1/helpdesks/${first}/members`, { tenantUserId: agentId, role: 'Agent' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('planFeatureRequired');
    expect((await c.get(`/api/v1/helpdesks/${first}/members`)).body).toEqual([]);
    expect((await c.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
    second = (await post(c, '/api/v1/helpdesks', { name: 'Billing', code: 'BIL' })).id;
    mine = (await post(c, '/api/v1/requests', { subject: 'Printer', helpdeskId: first })).id;
    theirs = (await post(c, '/api/v1/requests', { subject: 'Invoice', helpdeskId: second })).id;
  });

  it('adds, lists, changes and removes a member; refuses bad input, other workspaces and callers without the settings permission', async () => {
    const url = `/api/v1/helpdesks/${first}/members`;
    for (const [body, expected] of [
      [{ tenantUserId: agentId, role: 'Boss' }, 'role:invalidOption'],
      [{ role: 'Agent' }, 'tenantUserId:required'],
      [{ tenantUserId: 'x', role: 'Agent' }, 'tenantUserId:validation'],
      [{ tenantUserId: '00000000-0000-4000-8000-000000000009', role: 'Agent' }, 'tenantUserId:referenceNotFound'],
    ] as const) {
      const res = await c.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codes(res)).toEqual([expected]);
    }
    expect((await viewer.post(url, { tenantUserId: agentId, role: 'Agent' })).status).toBe(403);
    expect((await other.post(url, { tenantUserId: agentId, role: 'Agent' })).status).toBe(404);
    expect((await other.get(url)).status).toBe(404);
    const added = await c.post(url, { tenantUserId: agentId, role: 'Viewer' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ tenantUserId: agentId, role: 'Viewer' });
    expect((await c.post(url, { tenantUserId: agentId, role: 'Agent' })).status).toBe(409);
    const changed = await c.put(`${url}/${agentId}`, { role: 'Agent' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.role).toBe('Agent');
    expect((await c.put(`${url}/${agentId}`, { role: 'Owner' })).status).toBe(400);
    expect((await viewer.get(url)).body.map((m: { tenantUserId: string; role: string }) => `${m.tenantUserId}:${m.role}`)).toEqual([
      `${agentId}:Agent`,
    ]);
  });

  it("gives an agent the helpdesk's requests and nothing of another helpdesk", async () => {
    expect((await agent.get(`/api/v1/requests/${mine}`)).status).toBe(200);
    expect((await agent.get(`/api/v1/requests/${theirs}`)).status).toBe(404);
    const list = await agent.post('/api/v1/requests/list', {});
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([mine]);
    const etag = String((await agent.get(`/api/v1/requests/${mine}`)).headers.etag);
    const patched = await agent.patch(`/api/v1/requests/${mine}`, [{ op: 'replace', path: '/priority', value: 'High' }], {
      'content-type': 'application/json-patch+json',
      'if-match': etag,
    });
    expect(patched.status, patched.text).toBe(200);
    // the module's own request calls follow the role too: the conversation, an internal note
    const note = await agent.post(`/api/v1/requests/${mine}/messages`, { kind: 'note', body: 'Checked the toner' });
    expect(note.status, note.text).toBe(201);
    expect((await agent.get(`/api/v1/requests/${mine}/messages`)).body.data).toHaveLength(1);
    expect((await agent.get(`/api/v1/requests/${mine}/time`)).status).toBe(200);
    expect((await agent.post(`/api/v1/requests/${theirs}/messages`, { kind: 'note', body: 'x' })).status).toBe(404);
    expect((await agent.get(`/api/v1/helpdesks/${first}/threading`)).status).toBe(200);
    expect((await agent.post(`/api/v1/helpdesks/${first}/email-preview`, {})).status).toBe(403);
    // a workspace reader without ManageRequests and without a role only reads
    expect((await viewer.post(`/api/v1/requests/${mine}/messages`, { kind: 'note', body: 'x' })).status).toBe(403);
    // an agent does not delete requests, nor change the helpdesk's members
    expect((await agent.delete(`/api/v1/requests/${mine}`)).status).toBe(403);
    expect((await agent.post(`/api/v1/helpdesks/${first}/members`, { tenantUserId: agentId, role: 'Supervisor' })).status).toBe(403);
    const perms = await agent.get(`/api/v1/helpdesks/${first}/my-permissions`);
    expect(perms.body.role).toBe('Agent');
    expect(perms.body.permissions).toEqual(expect.arrayContaining(['Helpdesk.ManageRequests', 'Helpdesk.View']));
    expect(perms.body.permissions).not.toContain('Helpdesk.DeleteRequests');
  });

  it("gives a helpdesk's roles its topics and knowledge base, and nothing of another helpdesk's", async () => {
    // written by the owner: a topic and a published article in each helpdesk
    const [topic, otherTopic] = [
      (await post(c, '/api/v1/topics', { name: 'Printers', helpdeskId: first })).id,
      (await post(c, '/api/v1/topics', { name: 'Invoices', helpdeskId: second })).id,
    ];
    const ours = (
      await post(c, '/api/v1/articles', { title: 'Replacing the toner', helpdeskId: first, content: '<p>Open the toner flap</p>' })
    ).id;
    const other = (
      await post(c, '/api/v1/articles', { title: 'Paying an invoice', helpdeskId: second, content: '<p>The toner invoice</p>' })
    ).id;
    for (const id of [ours, other]) expect((await c.post(`/api/v1/articles/${id}/publish`, {})).status).toBe(200);

    // the agent (no workspace helpdesk permission) reads the first helpdesk's, not the second's
    expect((await agent.get(`/api/v1/topics/${topic}`)).status).toBe(200);
    expect((await agent.get(`/api/v1/topics/${otherTopic}`)).status).toBe(404);
    expect((await agent.post('/api/v1/topics/list', {})).body.data.map((r: { id: string }) => r.id)).toEqual([topic]);
    expect((await agent.get(`/api/v1/articles/${ours}`)).status).toBe(200);
    expect((await agent.get(`/api/v1/articles/${other}`)).status).toBe(404);
    expect((await agent.post('/api/v1/articles/list', {})).body.data.map((r: { id: string }) => r.id)).toEqual([ours]);
    const found = await agent.post('/api/v1/articles/search', { q: 'toner' });
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((h: { id: string }) => h.id)).toEqual([ours]);
    // the owner's search finds both
    expect((await c.post('/api/v1/articles/search', { q: 'toner' })).body.data).toHaveLength(2);
    // an agent does not write the knowledge base or publish
    expect((await agent.post('/api/v1/articles', { title: 'Mine', helpdeskId: first })).status).toBe(403);
    expect((await agent.post('/api/v1/topics', { name: 'Mine', helpdeskId: first })).status).toBe(403);
    expect((await agent.post(`/api/v1/articles/${ours}/unpublish`, {})).status).toBe(403);

    // a supervisor writes and publishes the helpdesk's knowledge base, and no other helpdesk's
    const url = `/api/v1/helpdesks/${first}/members/${agentId}`;
    expect((await c.put(url, { role: 'Supervisor' })).status).toBe(200);
    const written = await agent.post('/api/v1/articles', { title: 'Clearing a jam', helpdeskId: first });
    expect(written.status, written.text).toBe(201);
    const published = await agent.post(`/api/v1/articles/${written.body.id}/publish`, {});
    expect(published.status, published.text).toBe(200);
    expect(published.body.status).toBe('Published');
    expect((await agent.post('/api/v1/topics', { name: 'Scanners', helpdeskId: first })).status).toBe(201);
    expect((await agent.post('/api/v1/articles', { title: 'Elsewhere', helpdeskId: second })).status).toBe(403);
    expect((await agent.post('/api/v1/topics', { name: 'Elsewhere', helpdeskId: second })).status).toBe(403);
    expect((await agent.post(`/api/v1/articles/${other}/unpublish`, {})).status).toBe(404);
    expect((await c.get(`/api/v1/articles/${other}`)).body.status).toBe('Published');
    expect((await c.put(url, { role: 'Agent' })).status).toBe(200);
  });

  it('follows a changed role and a removal at once', async () => {
    const url = `/api/v1/helpdesks/${first}/members/${agentId}`;
    expect((await c.put(url, { role: 'Supervisor' })).status).toBe(200);
    const extra = (await post(c, '/api/v1/requests', { subject: 'Spam', helpdeskId: first })).id;
    expect((await agent.delete(`/api/v1/requests/${extra}`)).status).toBe(204);
    // a Supervisor changes the helpdesk's request stages (its settings), not another helpdesk's
    const flowOf = async (helpdeskId: string) =>
      ((await c.get(`/api/v1/core/workflows?entity=Request&scopeId=${helpdeskId}`)).body as { id: string }[])[0]!.id;
    const stage = { name: 'With IT', stageType: 'InProgress', color: '#8c8c8c' };
    const added = await agent.post('/api/v1/core/workflow-stages', { ...stage, workflowId: await flowOf(first) });
    expect(added.status, added.text).toBe(201);
    expect((await agent.post('/api/v1/core/workflow-stages', { ...stage, workflowId: await flowOf(second) })).status).toBe(403);
    expect((await agent.post('/api/v1/core/workflows', { entity: 'Request', scopeId: second, name: 'Mine' })).status).toBe(403);
    expect((await other.delete(url)).status).toBe(404);
    expect((await viewer.delete(url)).status).toBe(403);
    expect((await c.delete(url)).status).toBe(204);
    expect((await c.delete(url)).status).toBe(404);
    // out of sight again, like any record it cannot see
    expect((await agent.get(`/api/v1/requests/${mine}`)).status).toBe(404);
  });
});
