import type { EntityKind, EntityRef, LinkedEntity } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { linkedEntitiesRepository, recordTitles, type LinkedRecord } from './linked-entities.repository';
import { requireEntityManage, requireShared, type SharedRecordDeps } from './shared-records.access';

async function withTitles(ctx: TenantContext, deps: SharedRecordDeps, rows: readonly LinkedRecord[]): Promise<LinkedEntity[]> {
  const byKind = new Map<EntityKind, string[]>();
  for (const r of rows) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.entityId]);
  const titles = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    const ent = deps.entities.get(kind);
    if (!ent) continue;
    for (const [id, title] of await recordTitles(ctx, ent, ids)) titles.set(`${kind}:${id}`, title);
  }
  return rows.map((r) => ({
    id: r.id,
    entityKind: r.kind,
    entityId: r.entityId,
    title: titles.get(`${r.kind}:${r.entityId}`) ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export const linkedEntitiesService = {
  async list(
    ctx: TenantContext,
    deps: SharedRecordDeps,
    q: EntityRef & { linkedKind?: EntityKind | undefined; page: number; pageSize: number },
  ) {
    requireShared(ctx, deps, q.entityKind, 'view', 'linkedEntities');
    const { rows, total } = await linkedEntitiesRepository.list(
      ctx,
      { kind: q.entityKind, id: q.entityId },
      q.linkedKind,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    );
    return { data: await withTitles(ctx, deps, rows), total };
  },

  // One link, seen from both records; linking twice returns the existing link.
  async link(
    ctx: TenantContext,
    deps: SharedRecordDeps,
    body: EntityRef & { linkedKind: EntityKind; linkedId: string },
  ): Promise<LinkedEntity> {
    if (body.entityKind === body.linkedKind && body.entityId === body.linkedId)
      throw fieldError('linkedId', 'validation', 'A record cannot be linked to itself');
    for (const kind of [body.entityKind, body.linkedKind]) {
      requireShared(ctx, deps, kind, 'view', 'linkedEntities');
      requireEntityManage(ctx, deps, kind);
    }
    const row = await linkedEntitiesRepository.insert(
      ctx,
      { kind: body.entityKind, id: body.entityId },
      { kind: body.linkedKind, id: body.linkedId },
    );
    const [item] = await withTitles(ctx, deps, [{ id: row.id, kind: body.linkedKind, entityId: body.linkedId, createdAt: row.createdAt }]);
    if (!item) throw new Error('link lost');
    return item;
  },

  async remove(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<void> {
    const row = await linkedEntitiesRepository.get(ctx, id);
    if (!row) throw notFound('Link');
    for (const kind of [row.aKind, row.bKind]) {
      requireShared(ctx, deps, kind, 'view', 'linkedEntities');
      requireEntityManage(ctx, deps, kind);
    }
    await linkedEntitiesRepository.delete(ctx, id);
  },
};
