import { ALL_PERMISSIONS, type EntityKind } from '@atrium/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRegistry, type RegisteredEntity } from '../../src/platform/entity';
import type { RegisteredRoute } from '../../src/platform/router';
import { createTestApp, type Client, type TestApp, type TestUser } from '../harness';
import { realize, seedRecords } from './examples';

// Every call about one record (notes, documents, tags, collaborators, links, activity…) for every
// registered kind: the permission comes from the kind's definition, an unknown record and another
// workspace's record answer 404. Walks the route table, so new kinds and calls are covered at once.
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let admin: Client;
let seeded: Map<EntityKind, string>;
let foreign: Map<EntityKind, string>;
let kinds: RegisteredEntity[];
let routes: RegisteredRoute[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  admin = t.client(owner, tenant.id);
  seeded = await seedRecords(t, admin);
  const stranger = await t.createUser();
  const other = await t.createTenant(stranger);
  foreign = await seedRecords(t, t.client(stranger, other.id));
  kinds = [...entityRegistry(t.app.atrium.router).values()];
  routes = t.app.atrium.routes.filter((r) => r.access.kind === 'tenant' && r.access.record);
});
afterAll(async () => t.close());

type Call = { method: string; url: string; payload?: string };

// The route's request about record `id` of `kind`, or undefined when the route is about another kind.
function callFor(r: RegisteredRoute, ent: RegisteredEntity, id: string): Call | undefined {
  const kind = ent.definition.kind;
  if (r.url.includes(':id')) {
    // a kind's own path (POST /organizations/:id/documents)
    if (!r.url.startsWith(`${ent.definition.basePath}/`)) return undefined;
    return { method: r.method, url: r.url.replace(':id', id), payload: JSON.stringify(r.example ?? {}) };
  }
  if (r.url.endsWith('/core/activity')) return { method: r.method, url: `${r.url}?target=${kind}&targetId=${id}` };
  if (r.schemas.query && r.example === undefined) {
    return { method: r.method, url: `${r.url}?entityKind=${kind}&entityId=${id}` };
  }
  if (r.method === 'PUT' && r.schemas.query) {
    return { method: r.method, url: `${r.url}?entityKind=${kind}&entityId=${id}`, payload: JSON.stringify(r.example) };
  }
  const body = { ...(realize(r.example, seeded) as Record<string, unknown>), entityKind: kind, entityId: id };
  return { method: r.method, url: r.url, payload: JSON.stringify(body) };
}

async function send(c: Client, call: Call) {
  return c.raw({
    method: call.method,
    url: call.url,
    ...(call.payload !== undefined ? { payload: call.payload, headers: { 'content-type': 'application/json' } } : {}),
  });
}

describe('shared-record calls follow each kind’s definition', () => {
  it('covers at least notes, documents, tags, collaborators and links', () => {
    const urls = routes.map((r) => r.url).join(' ');
    for (const part of ['notes', 'documents', 'tags', 'collaborators', 'linked-entities']) expect(urls).toContain(part);
  });

  it('refuses a caller without the feature’s permission (403)', async () => {
    const failures: string[] = [];
    const members = new Map<string, Client>();
    for (const ent of kinds) {
      for (const r of routes) {
        if (r.access.kind !== 'tenant' || !r.access.record) continue;
        const { feature, capability } = r.access.record;
        if (capability && !ent.definition.capabilities[capability]) continue;
        const p = ent.definition.permissions;
        const withheld = p[feature] ?? p.view;
        let member = members.get(withheld);
        if (!member) {
          member = t.client(
            await t.addMemberWith(
              tenant.id,
              ALL_PERMISSIONS.filter((x) => x !== withheld),
            ),
            tenant.id,
          );
          members.set(withheld, member);
        }
        const call = callFor(r, ent, seeded.get(ent.definition.kind) ?? '');
        if (!call) continue;
        const res = await send(member, call);
        // a kind whose records a role on another record may open (roleScope, on this workspace's
        // Pro plans): without the workspace's view permission the record is one the caller cannot
        // see — 404, as for any record out of sight; any other permission withheld is a 403
        const expected = withheld === p.view && ent.definition.roleScope ? 404 : 403;
        if (res.status !== expected) failures.push(`${ent.definition.kind} ${r.method} ${r.url} without ${withheld}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 for an unknown record and for another workspace’s record', async () => {
    const failures: string[] = [];
    for (const ent of kinds) {
      for (const r of routes) {
        if (r.access.kind !== 'tenant' || !r.access.record) continue;
        const { capability } = r.access.record;
        if (capability && !ent.definition.capabilities[capability]) continue;
        for (const [label, id] of [
          ['unknown', randomUUID()],
          ['foreign', foreign.get(ent.definition.kind) ?? ''],
        ] as const) {
          const call = callFor(r, ent, id);
          if (!call) continue;
          const res = await send(admin, call);
          if (res.status !== 404)
            failures.push(`${ent.definition.kind} ${r.method} ${r.url} (${label} id): ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a kind no module registered (400 unknownKind)', async () => {
    for (const r of routes.filter((x) => !x.url.includes(':id'))) {
      // a kind of the spec's enumeration that no module registers yet (signage's devices)
      const call = callFor(r, { definition: { kind: 'Device', basePath: '/none' } } as RegisteredEntity, randomUUID());
      if (!call) continue;
      const res = await send(admin, call);
      expect(res.status, `${r.method} ${r.url}`).toBe(400);
    }
  });
});
