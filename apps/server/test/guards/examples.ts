import type { EntityKind } from '@atrium/domain';
import { entityRegistry } from '../../src/platform/entity';
import type { RegisteredRoute } from '../../src/platform/router';
import type { Client, TestApp } from '../harness';

const hasParams = (r: RegisteredRoute) => r.url.includes(':');

// Route examples name records by kind and a placeholder id (notes of a contact, a link between
// two records). The guards seed one record of every registered kind first and put its id in
// place, so every example points at a record that exists in the seeded workspace.
export async function seedRecords(t: TestApp, client: Client): Promise<Map<EntityKind, string>> {
  const ids = new Map<EntityKind, string>();
  const registry = entityRegistry(t.app.atrium.router);
  for (const [kind, ent] of registry) {
    const route = t.app.atrium.routes.find((r) => r.method === 'POST' && r.url === ent.definition.basePath);
    const example = route?.example;
    const body: Record<string, unknown> = typeof example === 'object' && example !== null ? { ...example } : {};
    // an example's reference (a task's project) names a made-up id: the seeded record of its kind instead
    for (const [key, f] of Object.entries(ent.definition.fields)) {
      const target = f.kind === 'reference' && typeof body[key] === 'string' ? f.target : undefined;
      const seeded = target && target !== 'User' ? ids.get(target) : undefined;
      if (seeded) body[key] = seeded;
    }
    const res = await client.post(ent.definition.basePath, body);
    if (res.status !== 201) throw new Error(`seeding ${kind}: ${res.status} ${res.text}`);
    ids.set(kind, res.body.id);
  }
  return ids;
}

export function realize<T>(example: T, ids: ReadonlyMap<EntityKind, string>): T {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return example;
  const out: Record<string, unknown> = { ...(example as Record<string, unknown>) };
  const kindId = (kind: unknown) => (typeof kind === 'string' ? ids.get(kind as EntityKind) : undefined);
  if (kindId(out.entityKind) && typeof out.entityId === 'string') out.entityId = kindId(out.entityKind);
  if (kindId(out.linkedKind) && typeof out.linkedId === 'string') out.linkedId = kindId(out.linkedKind);
  // a module's own create route naming a record by `<kind>Id` (a floor map's locationId)
  for (const [kind, id] of ids) {
    const key = `${kind[0]!.toLowerCase()}${kind.slice(1)}Id`;
    if (typeof out[key] === 'string' && key !== 'entityId' && key !== 'linkedId') out[key] = id;
  }
  return out as T;
}

// The create routes (POST, no path id, 201 with an example) other than the entity kinds' own.
export const seedingRoutes = (t: TestApp): RegisteredRoute[] => {
  const bases = new Set([...entityRegistry(t.app.atrium.router).values()].map((e) => e.definition.basePath));
  return t.app.atrium.routes.filter(
    (x) =>
      x.access.kind === 'tenant' &&
      x.method === 'POST' &&
      !hasParams(x) &&
      x.example !== undefined &&
      x.status === 201 &&
      !bases.has(x.url),
  );
};
