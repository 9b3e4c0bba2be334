import {
  RECYCLE_BIN_DAYS,
  type BoardMove,
  type EntityFeature,
  type EntityField,
  type EntityListQuery,
  type JsonPatchOperation,
} from '@atrium/domain';
import type { TenantContext } from '../context';
import { AppError, accessDenied, fieldError, issueToField, notFound } from '../errors';
import { changeRows, recordActivities } from './activity.service';
import {
  badFields,
  fieldAccess,
  hiddenFields,
  prepareCustomFields,
  syncUniqueValues,
  visibleValues,
  withoutHidden,
  type FieldAccess,
} from './custom-fields';
import { clearEntityUniqueValues, selectFields, type FieldScope } from './entity-fields.repository';
import type { EntityRow, RegisteredEntity } from './entity-registry';
import { linkTargetOf } from './entity-sql';
import { typeExists } from './entity-types.repository';
import * as repo from './entity.repository';
import { checkIfMatch } from './etag';
import { publishRecordEvent } from '../events/live-events.service';
import { recordChanged, recordsWritten } from './record-changes';
import { applyJsonPatch } from './json-patch';
import { changesNothing } from './no-op-write';
import { compileListQuery, type ListCondition } from './list-query';
import { keepOldSlugs } from './old-slugs.repository';
import * as board from './entity-board.repository';
import { recordsDeleted } from './record-cleanup';
import { assignNumbers, defaultStage, workflowScopeOf } from './record-defaults';
import { stageBelongsTo } from './workflows.repository';
import { requireInScope, roleGrant } from './role-scope';

// `asCaller`: the write is the caller's own (an API call): their permission for it may come
// from their role in the record's owner (roleScope), and is checked here. Jobs and a module's
// own writes leave it out.
export type WriteOptions = { asCaller?: boolean };

// Many records at once (archive): a permission held only through roles must be granted in the
// owner of every one of them, or nothing is written (403).
async function requireAllInScope(ctx: TenantContext, ent: RegisteredEntity, feature: EntityFeature, ids: readonly string[]): Promise<void> {
  const grant = roleGrant(ctx, ent, feature);
  if (!grant) return;
  const usable = await repo.usableIds(ctx, ent, ids, feature);
  if (ids.some((id) => !usable.has(id))) throw accessDenied(`Requires permission ${grant.permission} for every one of the records`);
}

type Loaded = { fields: EntityField[]; access: FieldAccess; definition: RegisteredEntity['definition'] };

async function load(ctx: TenantContext, ent: RegisteredEntity, scope: FieldScope): Promise<Loaded> {
  const fields = ent.definition.capabilities.customFields ? await selectFields(ctx, ent.definition.kind, scope) : [];
  return { fields, access: fieldAccess(ctx, ent.definition), definition: ent.definition };
}

const typeOf = (row: EntityRow | undefined): string | null => (typeof row?.typeId === 'string' ? row.typeId : null);

// What leaves the server: restricted custom fields only for holders of ViewRestrictedFields.
// Built-in fields with a readPermission only for its holders.
function present({ fields, access, definition }: Loaded, row: EntityRow): EntityRow {
  return withoutHidden(
    definition,
    { ...row, customFields: visibleValues(fields, row.customFields as Record<string, unknown>, access) },
    access.hidden,
  );
}

export async function listEntities(
  ctx: TenantContext,
  ent: RegisteredEntity,
  query: EntityListQuery,
  extra: readonly ListCondition[] = [],
): Promise<{ data: EntityRow[]; total: number }> {
  // a list shows the fields of every type (a type's own fields are empty on other records)
  const loaded = await load(ctx, ent, 'all');
  const compiled = compileListQuery(ctx, ent, loaded.fields, loaded.access, query, extra);
  const { rows, total } = await repo.listRows(ctx, ent, compiled);
  return { data: rows.map((r) => present(loaded, r)), total };
}

// The condition a list's filters, search and tags put on the kind's rows (alias t, live rows of
// the caller's workspace that the caller may see), for a module's own statement over the matches:
// a campaign segment's count and its recipients frozen in one INSERT … SELECT (decision 095).
// Unknown fields and operators are a 400 naming them, as in the list.
type ConditionQuery = Pick<EntityListQuery, 'filters'> & Partial<Pick<EntityListQuery, 'search' | 'tags'>>;

function conditionOf(ctx: TenantContext, ent: RegisteredEntity, loaded: Loaded, query: ConditionQuery): ListCondition {
  const list: EntityListQuery = {
    page: 1,
    pageSize: 25,
    filters: query.filters,
    sort: [],
    archived: false,
    ...(query.search ? { search: query.search } : {}),
    ...(query.tags?.length ? { tags: query.tags } : {}),
  };
  return compileListQuery(ctx, ent, loaded.fields, loaded.access, list).where;
}

export async function listCondition(ctx: TenantContext, ent: RegisteredEntity, query: ConditionQuery): Promise<ListCondition> {
  return conditionOf(ctx, ent, await load(ctx, ent, 'all'), query);
}

// Several queries' conditions at once, the kind's fields read once (a campaign's segments are
// all evaluated on each contact write, decision 095); a query that does not compile gives its
// 400 in its place instead of throwing, so one broken query does not stop the others.
export async function listConditions(
  ctx: TenantContext,
  ent: RegisteredEntity,
  queries: readonly ConditionQuery[],
): Promise<(ListCondition | AppError)[]> {
  const loaded = await load(ctx, ent, 'all');
  return queries.map((q) => {
    try {
      return conditionOf(ctx, ent, loaded, q);
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return e;
      throw e;
    }
  });
}

export async function getEntity(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<EntityRow> {
  const row = await repo.findById(ctx, ent, id);
  if (!row) throw notFound(ent.definition.kind);
  return present(await load(ctx, ent, { record: typeOf(row) }), row);
}

// Built-in values of a write: every writable field, an empty one stored as its empty value.
function builtinValues(ent: RegisteredEntity, body: EntityRow): EntityRow {
  const values: EntityRow = {};
  for (const key of ent.definition.writableFields) {
    const f = ent.definition.fields[key];
    values[key] = body[key] ?? f?.emptyValue ?? null;
  }
  return values;
}

// References must name a record of their kind that the caller can see; the stage a stage of
// the kind's workflows; the type a type of the kind.
async function checkLinks(ctx: TenantContext, ent: RegisteredEntity, values: EntityRow, before: EntityRow | undefined): Promise<void> {
  const { definition } = ent;
  const scope = workflowScopeOf(ent, values);
  // a record that moves to another owner of its workflows (a task to another project) must take a stage of that owner's
  const scopeMoved = before !== undefined && scope !== workflowScopeOf(ent, before);
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.kind !== 'reference' || f.readOnly) continue;
    const value = values[key];
    if (value === null || value === undefined || (value === before?.[key] && !(key === 'workflowStage' && scopeMoved))) continue;
    const id = String(value);
    const ok =
      key === 'workflowStage'
        ? await stageBelongsTo(ctx, id, definition.kind, scope)
        : key === 'typeId'
          ? await typeExists(ctx, definition.kind, id)
          : (await repo.existingIds(ctx, linkTargetOf(ent, key), [id])).has(id);
    if (!ok) {
      const code = key === 'workflowStage' ? 'invalidStage' : 'referenceNotFound';
      throw fieldError(key, code, `${key} names no ${key === 'workflowStage' ? 'stage' : (f.target ?? 'type')} of this workspace`);
    }
  }
  for (const [key, f] of Object.entries(definition.fields)) {
    const value = values[key];
    if (!f.uniqueInWorkspace || typeof value !== 'string' || value === before?.[key]) continue;
    if (await repo.textValueTaken(ctx, ent, key, value, before ? String(before.id) : null))
      throw fieldError(key, 'unique', `${key} ${value} is taken by another record of this workspace`, 409);
  }
  const h = definition.hierarchy;
  if (h && before && values[h.field] && values[h.field] !== before[h.field]) {
    // a record cannot sit below itself: its new parent must not be one of its descendants
    const chain = await repo.ancestors(ctx, ent, h.field, String(values[h.field]));
    if (chain.includes(String(before.id)))
      throw fieldError(h.field, 'hierarchyCycle', `${h.field} would put this record below itself (a cycle)`);
  }
}

function customValues(
  ent: RegisteredEntity,
  loaded: Loaded,
  body: EntityRow,
  previous: EntityRow | null,
): Record<string, unknown> | undefined {
  if (!ent.definition.capabilities.customFields) {
    if (body.customFields !== undefined) throw fieldError('customFields', 'unknownField', 'customFields is not a known field');
    return undefined;
  }
  return prepareCustomFields({
    fields: loaded.fields,
    input: body.customFields as Record<string, unknown> | undefined,
    previous: previous ? ((previous.customFields ?? {}) as Record<string, unknown>) : null,
    access: loaded.access,
  });
}

export async function createEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  body: EntityRow,
  opts: WriteOptions = {},
): Promise<EntityRow> {
  const { definition } = ent;
  const kind = definition.kind;
  // a caller does not set what they may not read (readPermission): it takes its default
  if (opts.asCaller) body = withoutHidden(definition, body, hiddenFields(ctx, definition));
  let values = builtinValues(ent, body);
  if (opts.asCaller) await requireInScope(ctx, ent, 'create', values);
  // a record of a kind with stages always has one (issue 26): left out or empty, the first of the default workflow
  if (definition.capabilities.workflowStage && body.workflowStage == null) values.workflowStage = await defaultStage(ctx, ent, values);
  // an owner left out is the creator (an explicit null leaves it empty)
  for (const [key, f] of Object.entries(definition.fields))
    if (f.defaultsToCaller && body[key] === undefined) values[key] = ctx.tenantUserId;
  await checkLinks(ctx, ent, values, undefined);
  const loaded = await load(ctx, ent, { record: typeOf(values) });
  const custom = customValues(ent, loaded, body, null);
  if (custom) values.customFields = custom;
  values = (await ent.hooks.beforeCreate?.(ctx, values)) ?? values;
  await assignNumbers(ctx, ent, [values]);
  const row = await repo.insertRow(ctx, ent, values);
  if (loaded.fields.some((f) => f.unique))
    await syncUniqueValues(ctx, definition, String(row.id), loaded.fields, row.customFields as Record<string, unknown>, true);
  await recordActivities(ctx, [
    { entityKind: kind, entityId: String(row.id), type: 'Change', action: 'created', after: { title: row.title } },
  ]);
  await publishRecordEvent(ctx, { kind, id: String(row.id), version: Number(row.version), action: 'created' });
  await keepOldSlugs(ctx, ent, null, row);
  await ent.hooks.afterCreate?.(ctx, row);
  await recordChanged(ctx, ent, null, row);
  await recordsWritten(ctx, kind, [String(row.id)]);
  return present(loaded, row);
}

async function lockForWrite(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  ifMatch: string | string[] | undefined,
  required: boolean,
): Promise<EntityRow> {
  const before = await repo.findById(ctx, ent, id, true);
  if (!before) throw notFound(ent.definition.kind);
  checkIfMatch(ifMatch, Number(before.version), required);
  // a locked record (a converted lead) is refused before anything is compared or written
  const locked = ent.definition.lockedWhen;
  if (locked && before[locked.field] !== null && before[locked.field] !== undefined)
    throw new AppError(409, locked.code, `This ${ent.definition.kind} is read-only (${locked.field} is set)`);
  return before;
}

// `server`: values of server-set fields the write also changes (a card's board rank)
async function applyUpdate(
  ctx: TenantContext,
  ent: RegisteredEntity,
  before: EntityRow,
  body: EntityRow,
  server: EntityRow = {},
  opts: WriteOptions = {},
): Promise<EntityRow> {
  const { definition } = ent;
  let values = { ...builtinValues(ent, body), ...server };
  if (opts.asCaller) {
    await requireInScope(ctx, ent, 'manage', before);
    // moved to another owner (a task to another project): the caller must be able to create there
    const field = definition.roleScope?.field;
    if (field && field !== 'id' && values[field] !== before[field]) await requireInScope(ctx, ent, 'create', values);
    // what the caller may not read stays as stored (a PUT without it does not clear it)
    for (const key of hiddenFields(ctx, definition)) values[key] = before[key] ?? null;
  }
  // left out or emptied, the stage stays (a record of a kind with stages always has one); moved
  // to another owner of its workflows (a task to another project), it takes that one's first
  const sameScope = workflowScopeOf(ent, values) === workflowScopeOf(ent, before);
  if (
    definition.capabilities.workflowStage &&
    (values.workflowStage == null || (!sameScope && values.workflowStage === before.workflowStage))
  )
    values.workflowStage = sameScope && before.workflowStage ? before.workflowStage : await defaultStage(ctx, ent, values);
  await checkLinks(ctx, ent, values, before);
  // a new type brings its own fields; values of the old type's fields are dropped
  const loaded = await load(ctx, ent, { record: typeOf(values) });
  const custom = customValues(ent, loaded, body, before);
  if (custom) values.customFields = custom;
  if (changesNothing(before, values)) return present(loaded, before);
  values = (await ent.hooks.beforeUpdate?.(ctx, values, before)) ?? values;
  const row = await repo.updateRow(ctx, ent, String(before.id), values);
  if (!row) throw notFound(definition.kind);
  if (loaded.fields.some((f) => f.unique) || typeOf(before) !== typeOf(row))
    await syncUniqueValues(ctx, definition, String(row.id), loaded.fields, row.customFields as Record<string, unknown>, false);
  await recordActivities(ctx, await changeRows(ctx, ent, loaded.fields, before, row));
  await publishRecordEvent(ctx, { kind: ent.definition.kind, id: String(row.id), version: Number(row.version), action: 'updated' });
  await keepOldSlugs(ctx, ent, before, row);
  await ent.hooks.afterUpdate?.(ctx, row, before);
  await recordChanged(ctx, ent, before, row);
  await recordsWritten(ctx, definition.kind, [String(row.id)]);
  return present(loaded, row);
}

export async function updateEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  body: EntityRow,
  ifMatch: string | string[] | undefined,
  opts: WriteOptions = {},
): Promise<EntityRow> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, true);
  return applyUpdate(ctx, ent, before, body, {}, opts);
}

// A card moved on the board: its stage and its place in the column, one row written (decision
// 036). The place is the middle between the card above and `beforeId`; a column without room
// there (or with cards never placed) is renumbered first.
export async function moveOnBoard(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  move: BoardMove,
  ifMatch: string | string[] | undefined,
  opts: WriteOptions = {},
): Promise<EntityRow> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, true);
  if (opts.asCaller) await requireInScope(ctx, ent, 'manage', before);
  if (!(await stageBelongsTo(ctx, move.workflowStage, ent.definition.kind, workflowScopeOf(ent, before))))
    throw fieldError('workflowStage', 'invalidStage', `workflowStage names no stage of a ${ent.definition.kind} workflow`);
  if (move.beforeId === id) throw fieldError('beforeId', 'validation', 'beforeId cannot be the card being moved');
  const place = async (): Promise<number | undefined> => {
    let next: number | undefined;
    if (move.beforeId) {
      const rank = await board.rankOf(ctx, ent, move.workflowStage, move.beforeId);
      if (rank === undefined) throw fieldError('beforeId', 'referenceNotFound', 'beforeId names no card of that stage');
      if (rank === null) return undefined;
      next = rank;
    }
    const above = await board.neighbourRank(ctx, ent, move.workflowStage, id, next);
    if (above.unranked) return undefined;
    if (next === undefined) return (above.rank ?? 0) + board.RANK_STEP;
    const rank = above.rank === null ? next - board.RANK_STEP : Math.round(((above.rank + next) / 2) * 1e6) / 1e6;
    return rank === next || rank === above.rank ? undefined : rank;
  };
  let rank = await place();
  if (rank === undefined) {
    const order = compileListQuery(ctx, ent, [], fieldAccess(ctx, ent.definition), {
      page: 1,
      pageSize: 25,
      filters: [],
      sort: [],
      archived: false,
    });
    await board.renumberColumn(ctx, ent, move.workflowStage, order.orderBy);
    rank = await place();
    if (rank === undefined) throw new Error('a renumbered column has room');
  }
  const body: EntityRow = { workflowStage: move.workflowStage };
  for (const key of ent.definition.writableFields) if (key !== 'workflowStage') body[key] = before[key] ?? null;
  return applyUpdate(ctx, ent, before, body, { boardRank: rank }, opts);
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
  opts: WriteOptions = {},
): Promise<EntityRow> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, true);
  if (opts.asCaller) await requireInScope(ctx, ent, 'manage', before);
  const loaded = await load(ctx, ent, 'all');
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
  const parsed = schemas.update.safeParse(candidate);
  if (!parsed.success) throw badFields(parsed.error.issues.flatMap((i) => issueToField(i)));
  const body: EntityRow = { ...(parsed.data as EntityRow) };
  if (capabilities.workflowStage) body.workflowStage = patched.workflowStage ?? null;
  if (capabilities.customFields) body.customFields = (patched.customFields ?? {}) as Record<string, unknown>;
  return applyUpdate(ctx, ent, before, body, {}, opts);
}

// Before a record goes for good, the records that reference it: a 'refuse' rule stops it with a
// message naming how many and what; a 'clear' rule empties their reference (with an activity).
// Moving a record to the recycle bin checks the 'refuse' rules only: a reference to a record in
// the bin reads as no link and is back when it is restored (decision 086). `going`: the records
// leaving together, whose references to each other do not count.
async function applyDeleteRules(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  going: ReadonlySet<string>,
  refuseOnly: boolean,
): Promise<void> {
  for (const other of ent.registry.values()) {
    for (const [key, f] of Object.entries(other.definition.fields)) {
      if (f.kind !== 'reference' || f.target !== ent.definition.kind) continue;
      const ids = (await repo.referencing(ctx, other, key, [id])).filter((x) => !(other === ent && going.has(x)));
      if (ids.length === 0) continue;
      if (f.onDelete === 'refuse') {
        throw new AppError(
          409,
          'referencedRecord',
          `${ids.length} ${other.definition.kind} record(s) still reference this ${ent.definition.kind} through ${key}`,
          [{ field: 'id', code: 'referencedRecord', message: `${other.definition.kind}.${key} references it on ${ids.length} record(s)` }],
          { limit: String(ids.length) },
        );
      }
      if (refuseOnly) continue;
      await repo.clearReference(ctx, other, key, ids);
      await recordActivities(
        ctx,
        ids.map((x) => ({
          entityKind: other.definition.kind,
          entityId: x,
          type: 'Change' as const,
          action: 'updated' as const,
          field: key,
          before: { id, title: '' },
          after: null,
        })),
      );
    }
  }
}

// DELETE moves the record to the recycle bin (decision 086): every read leaves it out, its notes,
// documents, tags and links wait for the purge, and its unique values are free for others.
export async function deleteEntity(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  ifMatch: string | string[] | undefined,
  opts: WriteOptions = {},
): Promise<void> {
  const before = await lockForWrite(ctx, ent, id, ifMatch, false);
  if (opts.asCaller) await requireInScope(ctx, ent, 'delete', before);
  await ent.hooks.beforeDelete?.(ctx, before);
  await applyDeleteRules(ctx, ent, id, new Set([id]), true);
  await repo.moveToBin(ctx, ent, [id]);
  await clearEntityUniqueValues(ctx, ent.definition.kind, id);
  await recordActivities(ctx, [
    { entityKind: ent.definition.kind, entityId: id, type: 'Change', action: 'deleted', before: { title: before.title } },
  ]);
  await publishRecordEvent(ctx, { kind: ent.definition.kind, id, version: null, action: 'deleted' });
  await keepOldSlugs(ctx, ent, before, null);
  await ent.hooks.afterDelete?.(ctx, before);
  await recordsWritten(ctx, ent.definition.kind, [id]);
}

function notInBin(ent: RegisteredEntity, missing: readonly string[]): AppError {
  return new AppError(
    404,
    'notFound',
    `${missing.length} ${ent.definition.kind} record(s) not found in the recycle bin`,
    missing.map((id) => ({ field: 'ids', code: 'notFound', message: `${id} not found` })),
  );
}

async function lockBinned(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.binnedIds(ctx, ent, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw notInBin(ent, missing);
  return unique;
}

export async function listRecycleBin(
  ctx: TenantContext,
  ent: RegisteredEntity,
  query: { page: number; pageSize: number },
): Promise<{ data: repo.BinEntry[]; total: number }> {
  const { rows, total } = await repo.binPage(ctx, ent, query.page, query.pageSize);
  return { data: rows, total };
}

// Restore: the records come back as they were, with everything that hung off them. A unique
// custom value taken by another record meanwhile refuses the restore (nothing restored).
export async function restoreEntities(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<{ ids: string[] }> {
  const unique = await lockBinned(ctx, ent, ids);
  const rows = await repo.restoreFromBin(ctx, ent, unique);
  const { definition } = ent;
  const fields = definition.capabilities.customFields ? await selectFields(ctx, definition.kind, 'all') : [];
  if (fields.some((f) => f.unique))
    for (const row of rows)
      await syncUniqueValues(ctx, definition, String(row.id), fields, row.customFields as Record<string, unknown>, true);
  await recordActivities(
    ctx,
    rows.map((r) => ({ entityKind: definition.kind, entityId: String(r.id), type: 'Change' as const, action: 'restored' as const })),
  );
  await publishRecordEvent(
    ctx,
    rows.map((r) => ({ kind: definition.kind, id: String(r.id), version: Number(r.version), action: 'restored' as const })),
  );
  await recordsWritten(
    ctx,
    definition.kind,
    rows.map((r) => String(r.id)),
  );
  return { ids: rows.map((r) => String(r.id)) };
}

// Records leave the bin for good: 'clear' references are emptied, the shared records' clean-up
// (notes, documents and their files, tags, followers, links) runs, the rows go.
async function purge(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<void> {
  const going = new Set(ids);
  for (const id of ids) await applyDeleteRules(ctx, ent, id, going, false);
  await recordsDeleted(ctx, ent.registry, ent.definition.kind, ids);
  await repo.deleteRows(ctx, ent, ids);
}

export async function purgeEntities(ctx: TenantContext, ent: RegisteredEntity, ids: readonly string[]): Promise<{ ids: string[] }> {
  const unique = await lockBinned(ctx, ent, ids);
  await purge(ctx, ent, unique);
  return { ids: unique };
}

const PURGE_BATCH = 200;

// Housekeeping: records in the bin for RECYCLE_BIN_DAYS or longer are purged, kind by kind.
export async function purgeExpired(ctx: TenantContext, registry: RegisteredEntity['registry'], now: Date): Promise<number> {
  const before = new Date(now.getTime() - RECYCLE_BIN_DAYS * 24 * 3600 * 1000);
  let purged = 0;
  for (const ent of registry.values()) {
    for (;;) {
      const ids = await repo.binnedBefore(ctx, ent, before, PURGE_BATCH);
      if (ids.length > 0) await purge(ctx, ent, ids);
      purged += ids.length;
      if (ids.length < PURGE_BATCH) break;
    }
  }
  return purged;
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
      `${missing.length} ${ent.definition.kind} record(s) not found`,
      missing.map((id) => ({ field: 'ids', code: 'notFound', message: `${id} not found` })),
    );
  }
  await requireAllInScope(ctx, ent, 'manage', unique);
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
  await publishRecordEvent(
    ctx,
    changed.map((r) => ({ kind: ent.definition.kind, id: r.id, version: null, action: archived ? 'archived' : 'restored' })),
  );
  await recordsWritten(
    ctx,
    ent.definition.kind,
    changed.map((r) => r.id),
  );
  return { ids: changed.map((r) => r.id) };
}
