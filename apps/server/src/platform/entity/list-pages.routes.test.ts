import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { FEW_MATCHES } from './entity.repository';

// A narrowed list (a search, filters, tags) takes its page and total from the matches when they
// are few, and counts them apart and walks the sort order when they are many (entity.repository,
// listStatements); whichever statement runs, every page and the total are the same.
let t: TestApp;
let owner: TestUser;
let c: Client;

const MANY = FEW_MATCHES + 30;
const nameOf = (i: number) => `N${String(i).padStart(5, '0')}`;
type Page = { data: { firstName: string }[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  for (let i = 1; i <= 3; i++) expect((await c.post('/api/v1/contacts', { firstName: nameOf(i), lastName: 'Few' })).status).toBe(201);
  // more matches than the page-from-the-matches statement takes, written as the API would
  const made = await c.post('/api/v1/contacts', { firstName: 'Template', lastName: 'Other' });
  await t.sql(
    `insert into contacts (tenant_id, first_name, last_name, created_by, updated_by)
     select c.tenant_id, 'N' || lpad(n::text, 5, '0'), 'Many', c.created_by, c.created_by
     from contacts c, generate_series(1, $2) n where c.id = $1`,
    [made.body.id, MANY],
  );
});
afterAll(async () => t.close());

const list = async (body: Record<string, unknown>): Promise<Page> => {
  const res = await c.post('/api/v1/contacts/list', { sort: [{ field: 'firstName', order: 'asc' }], ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as Page;
};
const names = (p: Page) => p.data.map((r) => r.firstName);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => nameOf(from + i));

describe('narrowed list pages', () => {
  it('takes a page of few matches with their total', async () => {
    const page = await list({ filters: [{ field: 'lastName', op: 'eq', value: 'Few' }] });
    expect(page.total).toBe(3);
    expect(names(page)).toEqual(range(1, 3));
  });

  it('walks many matches in order, with the total of all of them, on the first, a middle and the last page', async () => {
    const many = { filters: [{ field: 'lastName', op: 'eq', value: 'Many' }], pageSize: 100 };
    const first = await list({ ...many, page: 1 });
    expect(first.total).toBe(MANY);
    expect(names(first)).toEqual(range(1, 100));
    expect(names(await list({ ...many, page: 26 }))).toEqual(range(2501, 2600));
    const lastPage = Math.ceil(MANY / 100);
    const last = await list({ ...many, page: lastPage });
    expect(last.total).toBe(MANY);
    expect(names(last)).toEqual(range((lastPage - 1) * 100 + 1, MANY));
    expect(await list({ ...many, page: lastPage + 1 })).toEqual({ data: [], total: MANY });
  });

  it('counts a search that matches many', async () => {
    const page = await list({ search: 'Many', pageSize: 25 });
    expect(page.total).toBe(MANY);
    expect(names(page)).toEqual(range(1, 25));
  });

  it('answers no match with an empty page and a zero total, on any page', async () => {
    const none = { filters: [{ field: 'lastName', op: 'eq', value: 'Nobody' }] };
    expect(await list(none)).toEqual({ data: [], total: 0 });
    expect(await list({ ...none, page: 3 })).toEqual({ data: [], total: 0 });
  });

  it('names the page sizes a list takes', async () => {
    const res = await c.post('/api/v1/contacts/list', { pageSize: 10 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'pageSize', message: 'pageSize must be one of 25, 50, 100' })]);
  });
});
