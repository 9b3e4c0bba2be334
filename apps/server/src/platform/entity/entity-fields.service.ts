import { randomUUID } from 'node:crypto';
import { requirePlanFeature } from '../plan-features';
import {
  optionLabelKey,
  effectiveDataType,
  isContentBlock,
  type EntityColumn,
  type EntityField,
  type entityFieldsPutSchema,
  type ErrorCode,
  type ProblemField,
} from '@atrium/domain';
import type { z } from 'zod';
import type { TenantContext } from '../context';
import { AppError, accessDenied, fieldError, notFound } from '../errors';
import { badFields, fieldAccess, hiddenFields, visibleFields, visibleValues } from './custom-fields';
import * as repo from './entity-fields.repository';
import type { RegisteredEntity } from './entity-registry';
import { typeExists } from './entity-types.repository';
import { findById } from './entity.repository';
import { customFilterType } from './list-query';
import { pgErrorCode } from '../db-errors';
import { mayView } from './role-scope';

type Registry = ReadonlyMap<string, RegisteredEntity>;

export function fieldsEntity(registry: Registry, kind: string, ctx: TenantContext, permission: 'view' | 'settings'): RegisteredEntity {
  const ent = registry.get(kind);
  if (!ent || !ent.definition.capabilities.customFields) throw fieldError('entity', 'unknownField', `${kind} has no entity fields`);
  const p = ent.definition.permissions[permission];
  if (!(permission === 'view' ? mayView(ctx, ent) : ctx.permissions.has(p))) throw accessDenied(`Requires permission ${p}`);
  return ent;
}

// Every definition the caller may see (restricted ones need ViewRestrictedFields).
export async function getFields(
  ctx: TenantContext,
  ent: RegisteredEntity,
  scope: repo.FieldScope = { only: null },
): Promise<EntityField[]> {
  return visibleFields(await repo.selectFields(ctx, ent.definition.kind, scope), fieldAccess(ctx, ent.definition));
}

// Replaces the ordered list of definitions. Keys of existing fields are fixed (stored values
// are keyed by them); restricted fields the caller cannot see are kept as they are.
export async function putFields(
  ctx: TenantContext,
  ent: RegisteredEntity,
  typeId: string | undefined,
  body: z.output<typeof entityFieldsPutSchema>,
): Promise<EntityField[]> {
  const kind = ent.definition.kind;
  const gate = ent.definition.planGates.customFields;
  if (gate) requirePlanFeature(ctx, gate, `Custom fields of ${kind}`);
  const access = fieldAccess(ctx, ent.definition);
  if (typeId && !(await typeExists(ctx, kind, typeId))) throw notFound(`${kind} type`);
  await repo.lockFields(ctx, kind);
  const existing = await repo.selectFields(ctx, kind, { only: typeId ?? null });
  // values of all types live in one customFields object: a key is unique across the kind
  const elsewhere = new Map(
    (await repo.selectFields(ctx, kind, 'all')).filter((f) => (f.typeId ?? null) !== (typeId ?? null)).map((f) => [f.key.toLowerCase(), f]),
  );
  const byId = new Map(existing.map((f) => [f.id, f]));
  const errors: ProblemField[] = [];
  const err = (i: number, attr: string, code: ErrorCode, message: string) =>
    errors.push({ field: `fields.${i}.${attr}`, code, message: `fields.${i}.${attr} ${message}` });
  const next: EntityField[] = [];
  body.fields.forEach((f, i) => {
    const old = f.id ? byId.get(f.id) : undefined;
    const key = f.key ?? old?.key ?? `${f.kind}_${randomUUID().slice(0, 8)}`;
    if (old && old.key !== key) err(i, 'key', 'readOnlyField', 'cannot change once the field exists');
    if (!isContentBlock(f.kind) && (Object.hasOwn(ent.definition.fields, key) || key === 'title'))
      err(i, 'key', 'duplicateKey', 'is the name of a built-in field');
    if (elsewhere.has(key.toLowerCase())) err(i, 'key', 'duplicateKey', 'is used by a field of another type');
    if (old?.restricted && !access.viewRestricted) err(i, 'id', 'restrictedField', 'names a restricted field');
    if ((old?.restricted ?? false) !== f.restricted && !access.manageRestricted)
      err(i, 'restricted', 'restrictedField', 'needs ManageRestrictedFields');
    next.push({ ...f, id: f.id ?? randomUUID(), key, dataType: effectiveDataType(f), position: 0, typeId: typeId ?? null });
  });
  if (errors.length > 0) throw badFields(errors);
  const kept = access.viewRestricted ? [] : existing.filter((f) => f.restricted);
  const all = [...next, ...kept].map((f, position) => ({ ...f, position }));
  const keys = new Set<string>();
  all.forEach((f, i) => {
    if (keys.has(f.key.toLowerCase())) err(i, 'key', 'duplicateKey', 'is used by another field');
    keys.add(f.key.toLowerCase());
  });
  if (errors.length > 0) throw badFields(errors);
  await repo.replaceFields(ctx, kind, typeId ?? null, all);

  // keep the unique side table in step with the unique flags
  const nextByKey = new Map(all.map((f) => [f.key, f]));
  for (const old of existing) {
    if (old.unique && !nextByKey.get(old.key)?.unique) await repo.deleteUniqueValues(ctx, kind, old.key);
  }
  for (const [i, f] of all.entries()) {
    const old = byId.get(f.id);
    if (!f.unique || old?.unique) continue;
    try {
      await repo.backfillUniqueValues(ctx, kind, ent.tableName, f.key);
    } catch (e) {
      if (pgErrorCode(e) === '23505')
        throw new AppError(409, 'unique', `${f.label}: existing records share a value`, [
          { field: `fields.${i}.unique`, code: 'unique', message: `${f.label} has duplicate values` },
        ]);
      throw e;
    }
  }
  return visibleFields(all, access);
}

// The column chooser's catalogue: built-in fields then custom fields (of every type); `visible`
// marks the default selection (the definition's default columns and fields shown on the list).
export async function listColumns(ctx: TenantContext, ent: RegisteredEntity): Promise<EntityColumn[]> {
  const def = ent.definition;
  const hidden = hiddenFields(ctx, def);
  const builtins: EntityColumn[] = [...def.writableFields, ...(def.numbering ? ['number'] : []), 'createdAt', 'updatedAt'].flatMap(
    (key) => {
      const f = def.fields[key];
      if (!f || !f.filterable || hidden.has(key)) return [];
      return [
        {
          key,
          label: f.label,
          type: f.kind === 'reference' && f.target ? 'reference' : f.type,
          custom: false,
          sortable: f.sortable,
          filterable: true,
          visible: def.defaultColumns.includes(key),
          ...(f.options ? { options: f.options.map((o) => ({ value: o, label: optionLabelKey(f, o) })) } : {}),
        },
      ];
    },
  );
  // the record's tags as a column (filtered with the tag picker, not the filter builder)
  if (def.capabilities.tags)
    builtins.push({
      key: 'tags',
      label: 'entity.field.tags',
      type: 'array',
      custom: false,
      sortable: false,
      filterable: false,
      visible: false,
    });
  const fields = def.capabilities.customFields ? await getFields(ctx, ent, 'all') : [];
  const custom: EntityColumn[] = fields
    .filter((f) => !isContentBlock(f.kind))
    .map((f) => {
      const type = customFilterType(f.dataType);
      return {
        key: `customFields.${f.key}`,
        typeId: f.typeId ?? null,
        label: f.label,
        type,
        custom: true,
        sortable: type !== 'array',
        filterable: true,
        visible: f.showOnList,
        ...(f.options ? { options: f.options } : {}),
      };
    });
  return [...builtins, ...custom];
}

export async function customFieldValues(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
): Promise<{ id: string; customFields: Record<string, unknown>; fields: EntityField[] }> {
  const row = await findById(ctx, ent, id);
  if (!row) throw notFound(ent.definition.kind);
  const access = fieldAccess(ctx, ent.definition);
  const fields = await getFields(ctx, ent, { record: typeof row.typeId === 'string' ? row.typeId : null });
  return { id, customFields: visibleValues(fields, row.customFields as Record<string, unknown>, access), fields };
}
