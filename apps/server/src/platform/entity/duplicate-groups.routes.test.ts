import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// Issue 26 item 5: duplicates before saving by a similar name too, and a list-wide view of the
// records that share a key or a name.
let t: TestApp;
let owner: TestUser;
let c: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  c = t.client(owner, (await t.createTenant(owner)).id);
});
afterAll(async () => t.close());

async function contact(body: Record<string, unknown>): Promise<string> {
  const res = await c.post('/api/v1/contacts', body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('duplicates by name and across the list', () => {
  it('a similar name as typed is a likely duplicate; a different one is not', async () => {
    const grace = await contact({ firstName: 'Grace', lastName: 'Hopper' });
    await contact({ firstName: 'Alan', lastName: 'Turing' });
    const typed = await c.post('/api/v1/contacts/duplicates', { values: {}, title: 'grace  hoper' });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body.data).toEqual([{ id: grace, title: 'Grace Hopper', archived: false, matches: ['title'] }]);
    expect((await c.post('/api/v1/contacts/duplicates', { values: {}, title: 'Grace Kelly' })).body.data).toEqual([]);
    // too short to say anything, and the record being edited is not its own duplicate
    expect((await c.post('/api/v1/contacts/duplicates', { values: {}, title: 'Gra' })).body.data).toEqual([]);
    expect((await c.post('/api/v1/contacts/duplicates', { values: {}, title: 'Grace Hopper', excludeId: grace })).body.data).toEqual([]);
  });

  it('groups the records sharing an e-mail, a phone or a name, largest first, active and visible ones only', async () => {
    const a = await contact({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' });
    const b = await contact({ firstName: 'Annie', lastName: 'Lee', email: 'ANN@example.org ', phone: '+49 30 555 0101' });
    const c3 = await contact({ firstName: 'Ann', lastName: 'Lee', phone: '030 5550101' });
    const d = await contact({ firstName: 'Bob', lastName: 'Stone', email: 'bob@example.org' });
    const e = await contact({ firstName: 'Bob', lastName: 'Stone' });
    const archived = await contact({ firstName: 'Bob', lastName: 'Stone' });
    expect((await c.post('/api/v1/contacts/archive', { ids: [archived] })).status).toBe(200);

    const res = await c.get('/api/v1/contacts/duplicates/groups');
    expect(res.status, res.text).toBe(200);
    const groups = res.body.data as { key: string; value: string; count: number; records: { id: string }[] }[];
    const of = (key: string, value: string) => groups.find((g) => g.key === key && g.value === value);
    expect(
      of('email', 'ann@example.org')
        ?.records.map((r) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(of('phone', '49305550101')).toBeUndefined(); // digits differ: +49 30 … vs 030 …
    expect(
      of('title', 'ann lee')
        ?.records.map((r) => r.id)
        .sort(),
    ).toEqual([a, c3].sort());
    // the archived Bob Stone is left out: two, not three
    expect(of('title', 'bob stone')).toMatchObject({ count: 2 });
    expect(
      of('title', 'bob stone')
        ?.records.map((r) => r.id)
        .sort(),
    ).toEqual([d, e].sort());
    // Grace Hopper and Alan Turing (the test before) share nothing
    expect(groups.some((g) => g.value === 'grace hopper')).toBe(false);
    expect(groups.map((g) => g.count)).toEqual(groups.map((g) => g.count).sort((x, y) => y - x));

    // another workspace sees none of them
    const stranger = await t.createUser();
    const other = t.client(stranger, (await t.createTenant(stranger)).id);
    expect((await other.get('/api/v1/contacts/duplicates/groups')).body.data).toEqual([]);
  });
});
