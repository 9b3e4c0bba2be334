import type { EntityKind, GlobalSearchQuery, GlobalSearchResult, RecentRecords, RecordCounts } from '@atrium/domain';
import type { TenantContext } from '../context';
import type { RegisteredEntity } from './entity-registry';
import { countVisible, recentlyChanged, searchKinds } from './global-search.repository';
import { mayUse } from './record-access';

// Ctrl/Cmd+K (decision 027): every kind the caller may view, a few hits per kind, grouped in the
// registry's order. Up to five words, each required.
export async function globalSearch(
  ctx: TenantContext,
  registry: ReadonlyMap<EntityKind, RegisteredEntity>,
  q: GlobalSearchQuery,
): Promise<GlobalSearchResult> {
  const kinds = [...registry.values()].filter((ent) => mayUse(ctx, ent, 'view'));
  const words = q.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (kinds.length === 0 || words.length === 0) return { groups: [] };
  const rows = await searchKinds(ctx, kinds, words, q.perKind);
  const groups: GlobalSearchResult['groups'] = [];
  kinds.forEach((ent, i) => {
    const hits = rows.filter((r) => r.k === i);
    if (hits.length === 0) return;
    groups.push({
      kind: ent.definition.kind,
      data: hits.slice(0, q.perKind).map((r) => ({ id: r.id, title: r.title, subtitle: r.subtitle })),
      more: hits.length > q.perKind,
    });
  });
  return { groups };
}

// The dashboard's recently changed records: every kind the caller may view, newest change first.
export async function recentRecords(
  ctx: TenantContext,
  registry: ReadonlyMap<EntityKind, RegisteredEntity>,
  limit: number,
): Promise<RecentRecords> {
  const kinds = [...registry.values()].filter((ent) => mayUse(ctx, ent, 'view'));
  if (kinds.length === 0) return [];
  const rows = await recentlyChanged(ctx, kinds, limit);
  return rows.map((r) => ({ kind: kinds[r.k]?.definition.kind ?? '', id: r.id, title: r.title, updatedAt: r.updated_at }));
}

// The dashboard's first card: how many active records of each kind with a list page the caller
// sees, so a workspace with data says what it holds instead of "nothing here yet".
export async function recordCounts(ctx: TenantContext, registry: ReadonlyMap<EntityKind, RegisteredEntity>): Promise<RecordCounts> {
  const kinds = [...registry.values()].filter((ent) => ent.definition.savedViewKey && mayUse(ctx, ent, 'view'));
  if (kinds.length === 0) return [];
  const rows = await countVisible(ctx, kinds);
  return kinds.map((ent, i) => ({ kind: ent.definition.kind, count: rows.find((r) => r.k === i)?.n ?? 0 }));
}
