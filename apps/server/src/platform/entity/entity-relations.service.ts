import type { EntityListQuery } from '@atrium/domain';
import { z } from 'zod';
import type { TenantContext } from '../context';
import { AppError, notFound } from '../errors';
import { insertActivities as recordActivities, type ActivityInsert } from './activity.repository';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import { relatedSql } from './entity-sql';
import * as repo from './entity.repository';
import { requireFeature } from './record-access';
import { listEntities } from './entity.service';

// Many-to-many relations and hierarchies declared by a definition.

export function relationTarget(ent: RegisteredEntity, name: string): RegisteredEntity {
  const rel = ent.definition.relations[name];
  const target = rel ? ent.registry.get(rel.target) : undefined;
  if (!rel || !target) throw new Error(`${ent.definition.kind}.${name}: relation target not registered`);
  return target;
}

async function requireVisible(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<void> {
  if (!(await repo.existingIds(ctx, ent, [id])).has(id)) throw notFound(ent.definition.kind);
}

// The related records through the target's own list query (search, filters, sort, paging):
// the linked ones and, with `alsoVia`, those whose reference points at this record.
export async function listRelated(
  ctx: TenantContext,
  ent: RegisteredEntity,
  name: string,
  id: string,
  query: EntityListQuery,
): Promise<{ data: EntityRow[]; total: number }> {
  const target = relationTarget(ent, name);
  requireFeature(ctx, target, 'view');
  await requireVisible(ctx, ent, id);
  const rel = ent.relations.get(name);
  const via = ent.definition.relations[name]?.alsoVia;
  if (!rel) throw new Error(`${ent.definition.kind}.${name}: no join table`);
  return listEntities(ctx, target, query, [relatedSql(ctx, rel.tableName, id, target, via)]);
}

// Links or unlinks records; each side's activity feed records it with the other's title.
export async function setLinked(
  ctx: TenantContext,
  ent: RegisteredEntity,
  name: string,
  id: string,
  ids: readonly string[],
  linking: boolean,
  mustExist = false,
): Promise<{ ids: string[] }> {
  const target = relationTarget(ent, name);
  requireFeature(ctx, target, 'view');
  await requireVisible(ctx, ent, id);
  const rel = ent.relations.get(name);
  if (!rel) throw new Error(`${ent.definition.kind}.${name}: no join table`);
  const unique = [...new Set(ids)];
  const found = await repo.existingIds(ctx, target, unique);
  const missing = unique.filter((x) => !found.has(x));
  if (missing.length > 0) {
    throw new AppError(
      404,
      'notFound',
      `${missing.length} ${target.definition.kind} record(s) not found`,
      missing.map((x) => ({ field: 'ids', code: 'notFound', message: `${x} not found` })),
    );
  }
  const changed = linking ? await repo.link(ctx, rel, id, unique) : await repo.unlink(ctx, rel, id, unique);
  if (mustExist && changed.length === 0) throw notFound(`Link to ${target.definition.kind}`);
  const names = await repo.titles(ctx, target, changed);
  const [self] = [...(await repo.titles(ctx, ent, [id])).values()];
  const action = linking ? ('linked' as const) : ('unlinked' as const);
  const rows: ActivityInsert[] = changed.flatMap((other) => [
    {
      entityKind: ent.definition.kind,
      entityId: id,
      type: 'Change',
      action,
      after: { kind: target.definition.kind, id: other, title: names.get(other) ?? '' },
    },
    {
      entityKind: target.definition.kind,
      entityId: other,
      type: 'Change',
      action,
      after: { kind: ent.definition.kind, id, title: self ?? '' },
    },
  ]);
  await recordActivities(ctx, rows);
  return { ids: changed };
}

export const hierarchySchema = z.object({
  // the top of the tree the record belongs to, and the path from it down to the record
  rootId: z.uuid(),
  path: z.array(z.uuid()),
  nodes: z.array(
    z.object({ id: z.uuid(), parentId: z.uuid().nullable(), title: z.string(), number: z.string().nullable(), depth: z.number().int() }),
  ),
});

export async function hierarchy(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<z.infer<typeof hierarchySchema>> {
  const field = ent.definition.hierarchy?.field;
  if (!field) throw notFound('Hierarchy');
  await requireVisible(ctx, ent, id);
  const up = await repo.ancestors(ctx, ent, field, id);
  const rootId = up[up.length - 1] ?? id;
  const nodes = await repo.tree(ctx, ent, field, rootId);
  return { rootId, path: [...up].reverse(), nodes };
}
