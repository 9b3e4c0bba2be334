import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerAndStranger, type Client, type TestApp } from '../../../test/harness';

// Issue 26 polish: the dashboard's first card says what the workspace holds — active records
// of each kind with a list page that the caller may see.
let t: TestApp;
let c: Client;
let other: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerAndStranger(t));
});
afterAll(async () => t.close());

const countOf = async (cl: Client, kind: string) => {
  const res = await cl.get('/api/v1/core/record-counts');
  expect(res.status, res.text).toBe(200);
  return (res.body as { kind: string; count: number }[]).find((x) => x.kind === kind)?.count;
};

describe('record counts', () => {
  it('counts active, visible records per kind, for the caller alone', async () => {
    expect(await countOf(c, 'Contact')).toBe(0);
    const ids: string[] = [];
    for (const firstName of ['Ada', 'Alan', 'Grace']) ids.push((await c.post('/api/v1/contacts', { firstName })).body.id);
    await c.post('/api/v1/organizations', { name: 'Contoso' });
    expect((await c.post('/api/v1/contacts/archive', { ids: [ids[0]] })).status).toBe(200);
    expect(await countOf(c, 'Contact')).toBe(2);
    expect(await countOf(c, 'Organization')).toBe(1);
    // another workspace holds none of them
    expect(await countOf(other, 'Contact')).toBe(0);
    // a member who may not view contacts gets no count for them
    const member = await t.addMemberWith(tenantId, ['Contact.ViewOrganizations']);
    const theirs = (await t.client(member, tenantId).get('/api/v1/core/record-counts')).body as { kind: string }[];
    expect(theirs.map((x) => x.kind)).not.toContain('Contact');
  });
});
