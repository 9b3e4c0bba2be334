import {
  DUPLICATE_GROUPS_MAX,
  isEmptyValue,
  type BuiltinField,
  type DuplicateCheck,
  type DuplicateGroupList,
  type DuplicateList,
  type MergeRequest,
} from '@atrium/domain';
import type { TenantContext } from '../context';
import { AppError, fieldError, notFound } from '../errors';
import { publishRecordEvent } from '../events/live-events.service';
import { moveActivities } from './activity.repository';
import { recordActivities } from './activity.service';
import { fieldAccess, visibleFields } from './custom-fields';
import { clearEntityUniqueValues, selectFields } from './entity-fields.repository';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import { column } from './entity-sql';
import { duplicateKeySql, duplicateKeyValue } from './entity-table';
import * as repo from './entity.repository';
import { getEntity, updateEntity } from './entity.service';
import { checkIfMatch, etagOf } from './etag';
import { recordTransferred } from './record-cleanup';
import { recordsWritten } from './record-changes';

const MAX_MATCHES = 5;

// Records that look like the one being written: equal e-mail, phone, name… (decision 026).
export async function findDuplicates(ctx: TenantContext, ent: RegisteredEntity, body: DuplicateCheck): Promise<DuplicateList> {
  const { definition } = ent;
  const keys = [];
  for (const key of definition.duplicates) {
    const raw = body.values[key];
    const f = definition.fields[key] as BuiltinField;
    const value = typeof raw === 'string' ? duplicateKeyValue(f, raw) : null;
    if (value !== null) keys.push({ key, expr: duplicateKeySql(f, column(ent, key)), value });
  }
  for (const key of Object.keys(body.values)) {
    if (!definition.duplicates.includes(key))
      throw fieldError(`values.${key}`, 'unknownField', `${key} is not a duplicate key of ${definition.kind}`);
  }
  // a title says little until it has a few letters
  const title = body.title?.trim().toLowerCase().replace(/\s+/g, ' ');
  return { data: await repo.duplicates(ctx, ent, keys, title && title.length >= 4 ? title : undefined, body.excludeId, MAX_MATCHES) };
}

// The whole list's likely duplicates: per duplicate key and per title, the values more than one
// visible record shares.
export async function duplicateGroups(ctx: TenantContext, ent: RegisteredEntity): Promise<DuplicateGroupList> {
  const keys = ent.definition.duplicates.map((key) => ({
    key,
    expr: duplicateKeySql(ent.definition.fields[key] as BuiltinField, column(ent, key)),
  }));
  return { data: await repo.duplicateGroups(ctx, ent, keys, DUPLICATE_GROUPS_MAX) };
}

// An empty contact-details object ({ emails: [], phones: [] …}) is empty too.
const isEmpty = (v: unknown): boolean =>
  isEmptyValue(v) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => isEmptyValue(x)));

// Merges the other record into this one, in the request's transaction: the chosen values are
// written to this record (through the same rules as a PUT), what hangs off the other record —
// notes, documents, tags, collaborators, links, activity, many-to-many rows and the references
// other records hold — moves here, and the other record is archived (deleted if its kind has no
// archive). The other record's version must be the one the user compared.
export async function mergeEntities(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  body: MergeRequest,
  ifMatch: string | string[] | undefined,
): Promise<EntityRow> {
  const { definition } = ent;
  const kind = definition.kind;
  if (body.otherId === id) throw fieldError('otherId', 'mergeSameRecord', 'A record cannot be merged into itself');
  // both rows locked in id order, so two opposite merges cannot deadlock
  const [first, second] = [id, body.otherId].sort();
  const rows = new Map<string, EntityRow | undefined>();
  for (const x of [first, second] as string[]) rows.set(x, await repo.findById(ctx, ent, x, true));
  const keep = rows.get(id);
  const other = rows.get(body.otherId);
  if (!keep) throw notFound(kind);
  checkIfMatch(ifMatch, Number(keep.version), true);
  if (!other) throw fieldError('otherId', 'notFound', `otherId names no ${kind} of this workspace`, 404);
  if (Number(other.version) !== body.otherVersion)
    throw new AppError(412, 'preconditionFailed', 'The other record was changed by someone else; compare it again');

  const pick = (key: string, mine: unknown, theirs: unknown): unknown => {
    const side = body.take[key];
    if (side === 'other') return theirs;
    if (side === 'this') return mine;
    return isEmpty(mine) ? theirs : mine;
  };
  for (const key of Object.keys(body.take)) {
    const known = key.startsWith('customFields.') || definition.writableFields.includes(key);
    if (!known) throw fieldError(`take.${key}`, 'unknownField', `${key} is not a field of ${definition.kind}`);
  }

  const values: EntityRow = {};
  for (const key of definition.writableFields) values[key] = pick(key, keep[key], other[key]) ?? null;
  const h = definition.hierarchy;
  if (h) {
    // the survivor takes the other's place in the tree when it sat below it; never below itself
    const chain = await repo.ancestors(ctx, ent, h.field, id);
    if (chain.includes(body.otherId) || values[h.field] === body.otherId) values[h.field] = other[h.field] ?? null;
    if (values[h.field] === id || values[h.field] === body.otherId) values[h.field] = null;
  }
  if (definition.capabilities.customFields) {
    const typeId = typeof values.typeId === 'string' ? values.typeId : null;
    const fields = visibleFields(await selectFields(ctx, kind, { record: typeId }), fieldAccess(ctx, definition));
    const mine = (keep.customFields ?? {}) as Record<string, unknown>;
    const theirs = (other.customFields ?? {}) as Record<string, unknown>;
    const custom: Record<string, unknown> = {};
    for (const f of fields) {
      const v = pick(`customFields.${f.key}`, mine[f.key], theirs[f.key]);
      if (v !== undefined) custom[f.key] = v;
    }
    values.customFields = custom;
  }

  // the other record's unique custom values are about to be this record's
  await clearEntityUniqueValues(ctx, kind, body.otherId);
  await updateEntity(ctx, ent, id, values, etagOf(Number(keep.version)));

  // what hangs off the other record, and its history, now belong to this one
  await recordTransferred(ctx, ent.registry, { kind, id: body.otherId }, { kind, id });
  await moveActivities(ctx, { kind, id: body.otherId }, { kind, id });
  for (const owner of ent.registry.values()) {
    for (const [name, rel] of owner.relations) {
      const target = owner.definition.relations[name]?.target;
      if (owner.definition.kind === kind) await repo.moveRelationSide(ctx, rel, 'from_id', body.otherId, id);
      if (target === kind) await repo.moveRelationSide(ctx, rel, 'to_id', body.otherId, id);
      if (owner.definition.kind === kind && target === kind) await repo.deleteSelfLinks(ctx, rel);
    }
    for (const [key, f] of Object.entries(owner.definition.fields)) {
      if (f.kind !== 'reference' || f.target !== kind) continue;
      const changed = await repo.repointReference(ctx, owner, key, body.otherId, id);
      if (changed.length === 0) continue;
      const title = { id, title: String(keep.title ?? '') };
      await recordActivities(
        ctx,
        changed.map((x) => ({
          entityKind: owner.definition.kind,
          entityId: x,
          type: 'Change' as const,
          action: 'updated' as const,
          field: key,
          before: { id: body.otherId, title: String(other.title ?? '') },
          after: title,
        })),
      );
      await publishRecordEvent(
        ctx,
        changed.map((x) => ({ kind: owner.definition.kind, id: x, version: null, action: 'updated' as const })),
      );
      await recordsWritten(ctx, owner.definition.kind, changed);
    }
  }

  if (definition.capabilities.archive) {
    if (!other.archived) await repo.setArchived(ctx, ent, [body.otherId], true);
    await publishRecordEvent(ctx, { kind, id: body.otherId, version: null, action: 'archived' });
  } else {
    await repo.deleteRow(ctx, ent, body.otherId);
    await publishRecordEvent(ctx, { kind, id: body.otherId, version: null, action: 'deleted' });
  }
  const merged = await getEntity(ctx, ent, id);
  await recordActivities(ctx, [
    { entityKind: kind, entityId: id, type: 'Change', action: 'merged', after: { id: body.otherId, title: other.title } },
    { entityKind: kind, entityId: body.otherId, type: 'Change', action: 'mergedInto', after: { id, title: merged.title } },
  ]);
  await publishRecordEvent(ctx, { kind, id, version: Number(merged.version), action: 'updated' });
  await recordsWritten(ctx, kind, [id, body.otherId]);
  return merged;
}
