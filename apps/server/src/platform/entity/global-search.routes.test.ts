import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Ctrl/Cmd+K (issue 12, decision 027): one call searches every kind the caller may view.
let t: TestApp;
let c: Client;
let tenantId: string;

type Group = { kind: string; data: { id: string; title: string; subtitle: string | null }[]; more: boolean };
const search = async (cl: Client, q: string, perKind?: number) => {
  const res = await cl.get(`/api/v1/core/search?q=${encodeURIComponent(q)}${perKind ? `&perKind=${perKind}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body.groups as Group[];
};
const titles = (groups: Group[], kind: string) => groups.find((g) => g.kind === kind)?.data.map((h) => h.title) ?? [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser();
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
  const created = await Promise.all([
    c.post('/api/v1/contacts', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' }),
    c.post('/api/v1/contacts', { firstName: 'Hopper', lastName: 'Jones', email: 'jones@example.org' }),
    c.post('/api/v1/contacts', { firstName: 'Grace', lastName: 'Kelly', email: 'kelly@example.org' }),
    c.post('/api/v1/organizations', { name: 'Hopper Logistics', email: 'info@hopper.example' }),
  ]);
  for (const r of created) expect(r.status, r.text).toBe(201);
});
afterAll(async () => t.close());

describe('global search', () => {
  it('groups hits by kind, every word required, titles starting with the first word first, a second line per hit', async () => {
    const groups = await search(c, 'hopper');
    expect(groups.map((g) => g.kind).sort()).toEqual(['Contact', 'Organization']);
    expect(titles(groups, 'Contact')).toEqual(['Hopper Jones', 'Grace Hopper']);
    expect(titles(groups, 'Organization')).toEqual(['Hopper Logistics']);
    expect(groups.find((g) => g.kind === 'Contact')?.data[1]).toMatchObject({ title: 'Grace Hopper', subtitle: 'grace@navy.example' });
    expect(titles(await search(c, 'grace HOPPER'), 'Contact')).toEqual(['Grace Hopper']);
    expect(await search(c, 'nobody-by-that-name')).toEqual([]);
    // a percent sign is a character, not a wildcard
    expect(await search(c, '%%')).toEqual([]);
  });

  it('says when a kind has more hits than shown, and leaves archived records out', async () => {
    const grace = await search(c, 'grace', 1);
    expect(grace[0]).toMatchObject({ kind: 'Contact', more: true });
    expect(grace[0]?.data).toHaveLength(1);
    const kelly = (await search(c, 'kelly'))[0]?.data[0];
    expect((await c.post('/api/v1/contacts/archive', { ids: [kelly?.id] })).status).toBe(200);
    expect(await search(c, 'kelly')).toEqual([]);
  });

  it('shows only kinds the caller may view and never another workspace', async () => {
    const orgsOnly = t.client(await t.addMemberWith(tenantId, ['Contact.ViewOrganizations']), tenantId);
    expect((await search(orgsOnly, 'hopper')).map((g) => g.kind)).toEqual(['Organization']);
    const stranger = await t.createUser();
    const other = t.client(stranger, (await t.createTenant(stranger)).id);
    expect(await search(other, 'hopper')).toEqual([]);
  });

  it('refuses a query too short or too long, naming the field and the rule', async () => {
    const short = await c.get('/api/v1/core/search?q=h');
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ field: 'querystring.q', code: 'minLength' });
    const long = await c.get(`/api/v1/core/search?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'querystring.q', code: 'maxLength' });
    expect((await c.get('/api/v1/core/search?q=hopper&perKind=11')).status).toBe(400);
  });
});
