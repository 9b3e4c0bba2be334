import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/platform/router';
import { createTestApp, multipartFile, type TestApp, type TestUser } from '../harness';
import type { EntityKind } from '@atrium/domain';
import { databaseFingerprint, tenantRowIds } from './fingerprint';
import { realize, seedingRoutes, seedRecords } from './examples';

// Walks the server's own route table: every tenant route is covered the day it is added.
let t: TestApp;
let ownerA: TestUser;
let ownerB: TestUser;
let tenantA: { id: string };
let tenantB: { id: string };
let routes: RegisteredRoute[];
let seeded: Map<EntityKind, string>;

const hasParams = (r: RegisteredRoute) => r.url.includes(':');
const fill = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);
const fillExample = (r: RegisteredRoute) => r.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => r.paramsExample?.[name] ?? name);
// Routes whose path names no record (a product type…) act on the header's tenant only.
const probesRecord = (r: RegisteredRoute) => hasParams(r) && !r.paramsExample;

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await t.createUser();
  ownerB = await t.createUser();
  tenantA = await t.createTenant(ownerA);
  tenantB = await t.createTenant(ownerB);
  routes = t.app.atrium.routes.filter((r) => r.access.kind === 'tenant');
  // Seed tenant A: a record of every entity kind, then every other create route with an example
  // body (pointed at those records).
  const a = t.client(ownerA, tenantA.id);
  await a.put('/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' });
  seeded = await seedRecords(t, a);
  for (const r of seedingRoutes(t)) {
    await a.post(r.url, realize(r.example, seeded));
  }
  await a.post('/api/v1/core/users', { email: 'invitee-a@example.com', roleId: (await a.get('/api/v1/admin/roles')).body[0].id });
  // an import: its upload is multipart, which the JSON examples above cannot seed
  const boundary = 'guard-boundary';
  const upload = await a.raw({
    method: 'POST',
    url: '/api/v1/core/imports/upload?entityKind=Contact',
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nFirst name\r\nAda\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (upload.status !== 201) throw new Error(`seeding an import: ${upload.status} ${upload.text}`);
});
afterAll(async () => t.close());

describe('tenant isolation over every registered tenant route', () => {
  it('every route with a path id names the table it reads', () => {
    const missing = routes
      .filter((r) => probesRecord(r) && r.access.kind === 'tenant' && !r.access.table)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it("tenant A's records answer 404 to tenant B, and nothing of A changes or leaks", async () => {
    const aIds = await tenantRowIds(t, tenantA.id);
    const allAIds = [...aIds.values()].flat().concat(tenantA.id);
    const before = await databaseFingerprint(t, { tenantId: tenantA.id });
    const b = t.client(ownerB, tenantB.id);
    const failures: string[] = [];
    for (const r of routes) {
      const body = realize(r.example, seeded) ?? (r.schemas.body ? {} : undefined);
      if (probesRecord(r)) {
        const table = r.access.kind === 'tenant' ? r.access.table : undefined;
        const ids = table ? (aIds.get(table) ?? []) : [];
        const id = table === 'tenants' ? tenantA.id : ids[0];
        if (!id) {
          failures.push(`${r.method} ${r.url}: tenant A has no row in ${table} to probe with (give its create route an example)`);
          continue;
        }
        // a file-only route (a floor map's plan image) gets a small file, as a browser sends it
        const fileOnly = r.consumes.length === 1 && r.consumes[0] === 'multipart/form-data';
        const res = await b.raw({
          method: r.method,
          url: fill(r.url, id),
          ...(fileOnly
            ? multipartFile('probe.png', 'probe')
            : body !== undefined
              ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
              : {}),
        });
        const expected = r.example !== undefined || !r.schemas.body ? [404] : [400, 404];
        if (!expected.includes(res.status)) failures.push(`${r.method} ${r.url}: ${res.status} instead of ${expected.join('/')}`);
        const leaked = allAIds.filter((x) => x !== id && res.text.includes(x));
        if (leaked.length) failures.push(`${r.method} ${r.url}: leaks ${leaked.length} of tenant A's ids`);
      } else {
        const res = await b.raw({
          method: r.method,
          url: fillExample(r),
          ...(body !== undefined ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
        });
        if (res.status >= 500) failures.push(`${r.method} ${r.url}: ${res.status}`);
        const leaked = allAIds.filter((x) => res.text.includes(x));
        if (leaked.length) failures.push(`${r.method} ${r.url}: leaks ${leaked.length} of tenant A's ids`);
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t, { tenantId: tenantA.id })).toBe(before);
  });

  it('naming tenant A in the header without membership is refused on every route', async () => {
    const aIds = await tenantRowIds(t, tenantA.id);
    const failures: string[] = [];
    const b = t.client(ownerB, tenantA.id);
    for (const r of routes) {
      const table = r.access.kind === 'tenant' ? r.access.table : undefined;
      const id = table === 'tenants' ? tenantA.id : (table && aIds.get(table)?.[0]) || tenantA.id;
      const body = r.example ?? (r.schemas.body ? {} : undefined);
      const url = r.paramsExample ? fillExample(r) : fill(r.url, id);
      const res = await b.raw({
        method: r.method,
        url,
        ...(body !== undefined ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
      // refused for the body (400, or 415: an upload sent without its multipart body) or for the membership
      if (![400, 403, 415].includes(res.status)) failures.push(`${r.method} ${r.url}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
