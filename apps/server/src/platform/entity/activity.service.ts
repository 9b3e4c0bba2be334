import { ACTIVITY_FEED_TYPES, type ActivityFeed, type ActivityFeedType, type ActivityQuery, type EntityField } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied, fieldError } from '../errors';
import { dataFields, fieldAccess } from './custom-fields';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import { insertActivities, selectFeed, type ActivityInsert } from './activity.repository';
import { sameValue } from './json-value';

// Field-level rows of an update: one per changed built-in field and per changed custom field.
export function changeRows(ent: RegisteredEntity, fields: readonly EntityField[], before: EntityRow, after: EntityRow): ActivityInsert[] {
  const kind = ent.definition.kind;
  const id = String(after.id);
  const rows: ActivityInsert[] = [];
  for (const key of ent.definition.writableFields) {
    if (!sameValue(before[key], after[key])) {
      rows.push({
        entityKind: kind,
        entityId: id,
        type: 'Change',
        action: 'updated',
        field: key,
        before: before[key] ?? null,
        after: after[key] ?? null,
      });
    }
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
  registry: ReadonlyMap<string, RegisteredEntity>,
  q: ActivityQuery,
): Promise<ActivityFeed> {
  const ent = registry.get(q.target);
  if (!ent) throw fieldError('target', 'unknownField', `${q.target} has no activity feed`);
  if (!ctx.permissions.has(ent.definition.permissions.timeline))
    throw accessDenied(`Requires permission ${ent.definition.permissions.timeline}`);
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
  };
}
