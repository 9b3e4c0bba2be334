import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// Issue 26 item 4: every field filters with the operators of its type — dates also relative to
// today in the caller's zone, a user field as the caller, tags any or all.
let t: TestApp;
let owner: TestUser;
let c: Client;

// the calendar day `offset` days from today in `zone`, as YYYY-MM-DD
function dayIn(zone: string, offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const names = (body: { data: { title: string }[] }) => body.data.map((r) => r.title).sort();

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  const fields = await c.put('/api/v1/core/entity-fields?entity=Opportunity', {
    fields: [{ kind: 'dateTime', label: 'Review', key: 'review', dataType: 'date' }],
  });
  expect(fields.status, fields.text).toBe(200);
});
afterAll(async () => t.close());

describe('list filters by type', () => {
  it('finds dates in the last and the next N days of the caller’s own calendar, built-in and custom', async () => {
    // a zone far from UTC, so that its today is often not the server's
    const zone = 'Pacific/Kiritimati';
    await t.sql('update users set time_zone = $1 where id = $2', [zone, owner.id]);
    const make = async (name: string, offset: number) => {
      const res = await c.post('/api/v1/opportunities', {
        name,
        estimatedCloseDate: dayIn(zone, offset),
        customFields: { review: dayIn(zone, offset) },
      });
      expect(res.status, res.text).toBe(201);
    };
    await make('Ten days ago', -10);
    await make('Three days ago', -3);
    await make('Today', 0);
    await make('In two days', 2);
    await make('In twenty days', 20);
    for (const field of ['estimatedCloseDate', 'customFields.review']) {
      const last = await c.post('/api/v1/opportunities/list', { filters: [{ field, op: 'inLast', value: 7 }] });
      expect(last.status, last.text).toBe(200);
      expect(names(last.body)).toEqual(['Three days ago', 'Today']);
      const next = await c.post('/api/v1/opportunities/list', { filters: [{ field, op: 'inNext', value: 7 }] });
      expect(names(next.body)).toEqual(['In two days', 'Today']);
    }
    // a moment (created) in the last day: everything just made; in the next day: nothing
    const created = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'createdAt', op: 'inLast', value: 1 }] });
    expect(created.body.total).toBe(5);
    const future = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'createdAt', op: 'inNext', value: 1 }] });
    expect(future.body.total).toBe(0);
  });

  it('refuses a relative filter without a whole number of days, and on fields that are no dates', async () => {
    for (const value of [0, -1, 1.5, 'seven', 100000, null]) {
      const res = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'estimatedCloseDate', op: 'inLast', value }] });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.errors[0].field).toBe('filters.0.value');
    }
    const text = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'name', op: 'inLast', value: 7 }] });
    expect(text.status).toBe(400);
    expect(text.body.errors[0]).toMatchObject({ field: 'filters.0.op', code: 'unknownOperator' });
  });

  it('a user field means the caller with @me', async () => {
    const mine = await c.post('/api/v1/opportunities/list', { filters: [{ field: 'ownerId', op: 'in', value: ['@me'] }] });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.total).toBe(5);
  });

  it('narrows by tags carrying any or all of them', async () => {
    const a = (await c.post('/api/v1/core/tags', { name: 'Alpha' })).body.id as string;
    const b = (await c.post('/api/v1/core/tags', { name: 'Beta' })).body.id as string;
    const org = async (name: string, tagIds: string[]) => {
      const id = (await c.post('/api/v1/organizations', { name })).body.id as string;
      expect((await c.put(`/api/v1/core/tags/entity?entityKind=Organization&entityId=${id}`, { tagIds })).status).toBe(200);
    };
    await org('Both', [a, b]);
    await org('Only alpha', [a]);
    await org('Only beta', [b]);
    await org('None', []);
    const any = await c.post('/api/v1/organizations/list', { tags: [a, b] });
    expect(names(any.body)).toEqual(['Both', 'Only alpha', 'Only beta']);
    const all = await c.post('/api/v1/organizations/list', { tags: [a, b], tagsMatch: 'all' });
    expect(names(all.body)).toEqual(['Both']);
    // a tag named twice is still one tag to match
    const twice = await c.post('/api/v1/organizations/list', { tags: [a, a], tagsMatch: 'all' });
    expect(names(twice.body)).toEqual(['Both', 'Only alpha']);
    const bad = await c.post('/api/v1/organizations/list', { tags: [a], tagsMatch: 'most' });
    expect(bad.status).toBe(400);
  });
});
