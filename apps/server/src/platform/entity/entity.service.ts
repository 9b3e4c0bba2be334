import type { EntityField, EntityListQuery, JsonPatchOperation } from '@atrium/domain';
import type { TenantContext } from '../context';
import { AppError, fieldError, issueToField, notFound } from '../errors';
import { changeRows, recordActivities } from './activity.service';
import { badFields, fieldAccess, prepareCustomFields, syncUniqueValues, visibleValues, type FieldAccess } from './custom-fields';
import { clearEntityUniqueValues, selectFields } from './entity-fields.repository';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import * as repo from './entity.repository';
import { checkIfMatch } from './etag';
import { applyJsonPatch } from './json-patch';
import { compileListQuery } from './list-query';
import { firstStageOfDefault, stageBelongsTo } from './workflows.repository';

type Loaded = { fields: EntityField[]; access: FieldAccess };

async function load(ctx: TenantContext, ent: RegisteredEntity): Promise<Loaded> {
  const fields = ent.definition.capabilities.customFields ? await selectFields(ctx, ent.definition.kind) : [];
  return { fields, access: fieldAccess(ctx, ent.definition) };
}

// What leaves the server: restricted custom fields only for holders of ViewRestrictedFields.
function present(ent: RegisteredEntity, { fields, access }: Loaded, row: EntityRow): EntityRow {
  const out: EntityRow = { ...row, customFields: visibleValues(fields, row.customFields as Record<string, unknown>, access) };
  if (!ent.definition.capabilities.workflowStage) delete out.workflowStage;
  return out;
}

export async function listEntities(
  ctx: TenantContext,
  ent: RegisteredEntity,
  query: EntityListQuery,
): Promise<{ data: EntityRow[]; total: number }> {
  const loaded = await load(ctx, ent);
  const compiled = compileListQuery(ent, loaded.fields, loaded.access, ctx.tenantId, query);
  const { rows, total: counted } = await repo.listRows(ctx, ent, compiled);
  // a first page shorter than the page size is the whole result: no count query needed
  const total = counted ?? (query.page === 1 && rows.length < query.pageSize ? rows.length : await repo.countRows(ctx, ent, compiled));
  return { data: rows.map((r) => present(ent, loaded, r)), total };
}

export async function getEntity(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<EntityRow> {
  const row = await repo.findById(ctx, ent, id);
  if (!row) throw notFound(ent.definition.label.singular);
  return present(ent, await load(ctx, ent), row);
}

async function checkStage(ctx: TenantContext, ent: RegisteredEntity, stage: unknown): Promise<void> {
  if (stage === null || stage === undefined) return;
  if (typeof stage !== 'string' || !(await stageBelongsTo(ctx, stage, ent.definition.kind))) {
    throw fieldError(
      'workflowStage',
      'invalidStage',
      `workflowStage is not a stage of a ${ent.definition.label.singular.toLowerCase()} workflow`,
    );
  }
}

function builtinValues(ent: RegisteredEntity, body: EntityRow): EntityRow {
  const values: EntityRow = {};
  for (const key of ent.definition.writableFields) {
    if (key !== 'workflowStage') values[key] = body[key] ?? null;
  }
  return values;
}

export async function createEntity(ctx: TenantContext, ent: RegisteredEntity, body: EntityRow): Promise<EntityRow> {
  const loaded = await load(ctx, ent);
  const { capabilities, kind } = ent.definition;
  let values = builtinValues(ent, body);
  if (capabilities.customFields) {
    values.customFields = prepareCustomFields({
      fields: loaded.fields,
      input: body.customFields as Record<string, unknown> | undefined,
      previous: null,
      access: loaded.access,
    });
  } else if (body.customFields !== undefined) throw fieldError('customFields', 'unknownField', 'customFields is not a known field');
  if (capabilities.workflowStage) {
    values.workflowStage = body.workflowStage === undefined ? ((await firstStageOfDefault(ctx, kind)) ?? null) : body.workflowStage;
    await checkStage(ctx, ent, values.workflowStage);
  } else if (body.workflowStage !== undefined) throw fieldError('workflowStage', 'unknownField', 'workflowStage is not a known field');
  values = (await ent.hooks.beforeCreate?.(ctx, values)) ?? values;
  const row = await repo.insertRow(ctx, ent, values);
  if (loaded.fields.some((f) => f.unique))
    await syncUniqueValues(ctx, ent.definition, String(row.id), loaded.fields, row.customFields as Record<string, unknown>, true);
  await recordActivities(ctx, [{ entityKind: kind, entityId: String(row.id), type: 'Change', action: 'created' }]);
  await ent.hooks.afterCreate?.(ctx, row);
  return present(ent, loaded, row);
}

async function lockForWrite(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  ifMatch: string | string[] | undefined,
  required: boolean,
): Promise<EntityRow> {
  const before = await repo.findById(ctx, ent, id, true);
  if (!before) throw notFound(ent.definition.label.singular);
  checkIfMatch(ifMatch, Number(before.version), required);
  return before;
}

async function applyUpdate(
  ctx: TenantContext,
  ent: RegisteredEntity,
  loaded: Loaded,
  before: EntityRow,
  body: EntityRow,
): Promise<EntityRow> {
  const { capabilities } = ent.definition;
  let values = builtinValues(ent, body);
  if (capabilities.customFields) {
    values.customFields = prepareCustomFields({
      fields: loaded.fields,
      input: body.customFields as Record<string, unknown> | undefined,
      previous: (before.customFields ?? {}) as Record<string, unknown>,
      access: loaded.access,
    });
  }
  if (capabilities.workflowStage) {
    values.workflowStage = body.workflowStage === undefined ? before.workflowStage : body.workflowStage;
    if (values.workflowStage !== before.workflowStage) await checkStage(ctx, ent, values.workflowStage);
  }
  values = (await ent.hooks.beforeUpdate?.(ctx, values, before)) ?? values;
  const row = await repo.updateRow(ctx, ent, String(before.id), values);
  if (!row) throw notFound(ent.definition.label.singular);
  if (loaded.fields.some((f) => f.unique))
    await syncUniqueValues(ctx, ent.definition, String(row.id), loaded.fields, row.customFields as Record<string, unknown>, false);
  await recordActivities(ctx, changeRows(ent, loaded.fields, before, row));
  await ent.hooks.afterUpdate?.(ctx, row, before);
  return present(ent, loaded, row);
}

export async function updateEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  body: EntityRow,
  ifMatch: string | string[] | undefined,
): Promise<EntityRow> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, true);
  return applyUpdate(ctx, ent, await load(ctx, ent), before, body);
}

const READABLE_SYSTEM = ['id', 'version', 'archived', 'archivedAt', 'createdAt', 'updatedAt'];

// PATCH: the operations apply to the record as the caller sees it (writable fields,
// custom fields, system fields for `test`); the result goes through the same rules as PUT.
export async function patchEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  ops: readonly JsonPatchOperation[],
  ifMatch: string | string[] | undefined,
): Promise<EntityRow> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, true);
  const loaded = await load(ctx, ent);
  const { writableFields, capabilities, schemas } = ent.definition;
  const doc: EntityRow = {};
  for (const key of [...READABLE_SYSTEM, ...writableFields]) doc[key] = before[key] ?? null;
  if (capabilities.customFields)
    doc.customFields = visibleValues(loaded.fields, before.customFields as Record<string, unknown>, loaded.access);
  const writable = new Set([...writableFields, ...(capabilities.customFields ? ['customFields'] : [])]);
  const patched = applyJsonPatch(doc, ops, {
    writable,
    readable: new Set(READABLE_SYSTEM),
    customFields: loaded.fields,
    access: loaded.access,
  });
  const candidate: EntityRow = {};
  for (const key of writable) if (patched[key] !== undefined && patched[key] !== null) candidate[key] = patched[key];
  if (capabilities.workflowStage) candidate.workflowStage = patched.workflowStage ?? null;
  const parsed = schemas.update.safeParse(candidate);
  if (!parsed.success) throw badFields(parsed.error.issues.flatMap((i) => issueToField(i)));
  const body: EntityRow = { ...(parsed.data as EntityRow) };
  if (capabilities.customFields) body.customFields = (patched.customFields ?? {}) as Record<string, unknown>;
  return applyUpdate(ctx, ent, loaded, before, body);
}

export async function deleteEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  ifMatch: string | string[] | undefined,
): Promise<void> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, false);
  await ent.hooks.beforeDelete?.(ctx, before);
  await repo.deleteRow(ctx, ent, id);
  await clearEntityUniqueValues(ctx, ent.definition.kind, id);
  await recordActivities(ctx, [{ entityKind: ent.definition.kind, entityId: id, type: 'Change', action: 'deleted' }]);
  await ent.hooks.afterDelete?.(ctx, before);
}

// Bulk archive or restore. Every id must exist (404 otherwise, nothing written); ids already
// in the asked state are left alone, so repeating the call is harmless.
export async function setEntitiesArchived(
  ctx: TenantContext,
  ent: RegisteredEntity,
  ids: readonly string[],
  archived: boolean,
): Promise<{ ids: string[] }> {
  const unique = [...new Set(ids)];
  const found = await repo.existingIds(ctx, ent, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(
      404,
      'notFound',
      `${missing.length} ${ent.definition.label.plural.toLowerCase()} not found`,
      missing.map((id) => ({ field: 'ids', code: 'notFound', message: `${id} not found` })),
    );
  }
  const changed = await repo.setArchived(ctx, ent, unique, archived);
  await recordActivities(
    ctx,
    changed.map((r) => ({
      entityKind: ent.definition.kind,
      entityId: r.id,
      type: 'Change' as const,
      action: archived ? ('archived' as const) : ('restored' as const),
    })),
  );
  return { ids: changed.map((r) => r.id) };
}
