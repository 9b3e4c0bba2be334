import {
  ACTIVITY_FEED_TYPES,
  type EntityKind,
  type ActivityFeed,
  type ActivityFeedType,
  type ActivityQuery,
  type EntityField,
} from '@atrium/domain';
import type { TenantContext } from '../context';
import { dataFields, fieldAccess } from './custom-fields';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import { linkTargetOf } from './entity-sql';
import { typeNames } from './entity-types.repository';
import { titles } from './entity.repository';
import { stageNames } from './workflows.repository';
import { insertActivities, selectFeed, type ActivityInsert } from './activity.repository';
import { sameValue } from './json-value';

// Titles of the linked records of reference fields, the stage names and the type names, so
// that an entry reads "Lead → Qualified" or "Acme → Globex", never two ids.
async function linkTitles(ctx: TenantContext, ent: RegisteredEntity, key: string, ids: string[]): Promise<Map<string, string>> {
  if (key === 'workflowStage') return stageNames(ctx, ids);
  if (key === 'typeId') return typeNames(ctx, ids);
  return titles(ctx, linkTargetOf(ent, key), ids);
}

// Field-level rows of an update: one per changed built-in field and per changed custom field.
// References carry { id, title } of both sides.
export async function changeRows(
  ctx: TenantContext,
  ent: RegisteredEntity,
  fields: readonly EntityField[],
  before: EntityRow,
  after: EntityRow,
): Promise<ActivityInsert[]> {
  const kind = ent.definition.kind;
  const id = String(after.id);
  const rows: ActivityInsert[] = [];
  for (const key of ent.definition.writableFields) {
    if (sameValue(before[key], after[key])) continue;
    let b: unknown = before[key] ?? null;
    let a: unknown = after[key] ?? null;
    if (ent.definition.fields[key]?.kind === 'reference') {
      const names = await linkTitles(
        ctx,
        ent,
        key,
        [b, a].filter((v): v is string => typeof v === 'string'),
      );
      const ref = (v: unknown) => (typeof v === 'string' ? { id: v, title: names.get(v) ?? '' } : null);
      b = ref(b);
      a = ref(a);
    }
    rows.push({ entityKind: kind, entityId: id, type: 'Change', action: 'updated', field: key, before: b, after: a });
  }
  const prev = (before.customFields ?? {}) as Record<string, unknown>;
  const next = (after.customFields ?? {}) as Record<string, unknown>;
  const defs = new Map(dataFields(fields).map((f) => [f.key, f]));
  for (const key of new Set([...Object.keys(prev), ...Object.keys(next)])) {
    if (sameValue(prev[key], next[key])) continue;
    rows.push({
      entityKind: kind,
      entityId: id,
      type: 'Change',
      action: 'updated',
      field: `customFields.${key}`,
      before: prev[key] ?? null,
      after: next[key] ?? null,
      restricted: defs.get(key)?.restricted ?? false,
    });
  }
  return rows;
}

export async function recordActivities(ctx: TenantContext, rows: readonly ActivityInsert[]): Promise<void> {
  await insertActivities(ctx, rows);
}

// The timeline of one record, with the count of every feed type (0 when none).
export async function activityFeed(
  ctx: TenantContext,
  registry: ReadonlyMap<EntityKind, RegisteredEntity>,
  q: ActivityQuery,
): Promise<ActivityFeed> {
  // the route's record rule has checked the kind, the permission and the record
  const ent = registry.get(q.target as EntityKind);
  if (!ent) throw new Error(`${q.target} is not registered`);
  const access = fieldAccess(ctx, ent.definition);
  const { rows, total, counts } = await selectFeed(ctx, q, { viewRestricted: access.viewRestricted });
  const all = [...counts.values()].reduce((s, n) => s + n, 0);
  const countsOut = Object.fromEntries(ACTIVITY_FEED_TYPES.map((t) => [t, t === 'All Activity' ? all : (counts.get(t) ?? 0)])) as Record<
    ActivityFeedType,
    number
  >;
  return {
    data: rows.map((r) => ({
      id: r.id,
      target: r.entity_kind,
      targetId: r.entity_id,
      type: r.type,
      action: r.action,
      field: r.field,
      before: r.before,
      after: r.after,
      actor: { tenantUserId: r.actor_id, name: r.actor_name },
      createdAt: r.created_at,
    })),
    total,
    counts: countsOut,
    types: [...ent.definition.feedTypes],
  };
}
