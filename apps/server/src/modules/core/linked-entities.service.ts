import type { EntityKind, EntityRef, LinkedEntity } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { recordTitles } from '../../platform/entity';
import { fieldError, notFound } from '../../platform/errors';
import * as linkedEntitiesRepository from './linked-entities.repository';
import { type LinkedRecord } from './linked-entities.repository';
import { recordActivity, requireShared, type SharedRecordDeps } from './shared-records.access';

async function titleMap(ctx: TenantContext, deps: SharedRecordDeps, refs: readonly { kind: EntityKind; id: string }[]) {
  const byKind = new Map<EntityKind, string[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
  const titles = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    const ent = deps.entities.get(kind);
    if (!ent) continue;
    for (const [id, title] of await recordTitles(ctx, ent, ids)) titles.set(`${kind}:${id}`, title);
  }
  return titles;
}

async function withTitles(ctx: TenantContext, deps: SharedRecordDeps, rows: readonly LinkedRecord[]): Promise<LinkedEntity[]> {
  const titles = await titleMap(
    ctx,
    deps,
    rows.map((r) => ({ kind: r.kind, id: r.entityId })),
  );
  return rows.map((r) => ({
    id: r.id,
    entityKind: r.kind,
    entityId: r.entityId,
    title: titles.get(`${r.kind}:${r.entityId}`) ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

// Both records' feeds show a link made or removed, with the other record's title.
async function recordLink(ctx: TenantContext, deps: SharedRecordDeps, a: EntityRef, b: EntityRef, action: 'linked' | 'unlinked') {
  const titles = await titleMap(ctx, deps, [
    { kind: a.entityKind, id: a.entityId },
    { kind: b.entityKind, id: b.entityId },
  ]);
  const ref = (x: EntityRef) => ({ kind: x.entityKind, id: x.entityId, title: titles.get(`${x.entityKind}:${x.entityId}`) ?? '' });
  await recordActivity(ctx, { entityKind: a.entityKind, entityId: a.entityId, type: 'Change', action, after: ref(b) });
  await recordActivity(ctx, { entityKind: b.entityKind, entityId: b.entityId, type: 'Change', action, after: ref(a) });
}

export async function list(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  q: EntityRef & { linkedKind?: EntityKind | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await linkedEntitiesRepository.list(
    ctx,
    { kind: q.entityKind, id: q.entityId },
    q.linkedKind,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { data: await withTitles(ctx, deps, rows), total };
}

// One link, seen from both records; linking twice returns the existing link. The router checked
// the first record; the second needs the same rights.
export async function link(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  body: EntityRef & { linkedKind: EntityKind; linkedId: string },
): Promise<LinkedEntity> {
  if (body.entityKind === body.linkedKind && body.entityId === body.linkedId)
    throw fieldError('linkedId', 'validation', 'A record cannot be linked to itself');
  const other = { entityKind: body.linkedKind, entityId: body.linkedId };
  await requireShared(ctx, deps, other, 'manage', 'linkedEntities');
  const { row, created } = await linkedEntitiesRepository.insert(
    ctx,
    { kind: body.entityKind, id: body.entityId },
    { kind: body.linkedKind, id: body.linkedId },
  );
  if (created) await recordLink(ctx, deps, body, other, 'linked');
  const [item] = await withTitles(ctx, deps, [{ id: row.id, kind: body.linkedKind, entityId: body.linkedId, createdAt: row.createdAt }]);
  if (!item) throw new Error('link lost');
  return item;
}

export async function remove(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<void> {
  const row = await linkedEntitiesRepository.get(ctx, id);
  if (!row) throw notFound('Link');
  const a = { entityKind: row.aKind, entityId: row.aId };
  const b = { entityKind: row.bKind, entityId: row.bId };
  await requireShared(ctx, deps, a, 'manage', 'linkedEntities');
  await requireShared(ctx, deps, b, 'manage', 'linkedEntities');
  await linkedEntitiesRepository.remove(ctx, id);
  await recordLink(ctx, deps, a, b, 'unlinked');
}
