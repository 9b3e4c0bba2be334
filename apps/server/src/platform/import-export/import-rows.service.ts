import { randomUUID } from 'node:crypto';
import {
  isContentBlock,
  type EntityKind,
  type EntityField,
  type ImportDateFormat,
  type ImportField,
  type ImportRowError,
  type ProblemField,
  UUID_PATTERN,
} from '@atrium/domain';
import type { TenantContext } from '../context';
import { mergedCaptions } from '../captions';
import { AppError, issueToField } from '../errors';
import { recordActivities } from '../entity/activity.service';
import { dataFields, fieldAccess, prepareCustomFields, type FieldAccess } from '../entity/custom-fields';
import { selectFields } from '../entity/entity-fields.repository';
import type { EntityRow, RegisteredEntity } from '../entity/entity-registry';
import { fieldValueSql, titleSql } from '../entity/entity-sql';
import * as entityRepo from '../entity/entity.repository';
import { createEntity, updateEntity } from '../entity/entity.service';
import { etagOf } from '../entity/etag';
import { assignNumbers, defaultStage } from '../entity/record-defaults';
import { recordsWritten } from '../entity/record-changes';
import { mayUse } from '../entity/record-access';
import { importedNotesAvailable, NOTE_LABEL, NOTE_TARGET, writeImportedNotes } from './import-notes';
import * as repo from './import-export.repository';
import { type ImportRowInsert } from './import-export.repository';
import type { ImportRow } from './import-export.table';
import { isStorableText } from '../text-guard';
import { unguardCell } from './tabular-file.util';

// What an import can write: the kind's writable built-in fields (not JSON details), its custom
// fields the caller may write (not files), and the record id (to update by id).
export async function importFields(ctx: TenantContext, ent: RegisteredEntity): Promise<{ fields: ImportField[]; custom: EntityField[] }> {
  const { definition } = ent;
  const access = fieldAccess(ctx, definition);
  const custom = definition.capabilities.customFields
    ? dataFields(await selectFields(ctx, definition.kind, 'all')).filter(
        (f) =>
          !isContentBlock(f.kind) &&
          f.dataType !== 'file' &&
          f.dataType !== 'none' &&
          !f.readOnly &&
          (!f.restricted || access.manageRestricted),
      )
    : [];
  const fields: ImportField[] = [{ key: 'id', label: 'entity.field.id', custom: false, required: false, kind: 'system', target: null }];
  for (const key of definition.writableFields) {
    const f = definition.fields[key];
    if (!f || f.kind === 'json') continue;
    const target = f.target ?? (key === 'workflowStage' ? 'WorkflowStage' : key === 'typeId' ? 'Type' : null);
    fields.push({ key, label: f.label, custom: false, required: f.required, kind: f.kind, target });
  }
  for (const f of custom) {
    fields.push({ key: `customFields.${f.key}`, label: f.label, custom: true, required: f.required, kind: f.dataType, target: null });
  }
  if (definition.capabilities.notes && !definition.fields[NOTE_TARGET] && importedNotesAvailable() && mayUse(ctx, ent, 'addNote'))
    fields.push({ key: NOTE_TARGET, label: NOTE_LABEL, custom: false, required: false, kind: 'longText', target: null });
  return { fields, custom };
}

// Keys that can find an existing record: its id, the kind's duplicate keys (e-mail, phone…) and
// unique custom fields.
export function dedupeKeys(ent: RegisteredEntity, custom: readonly EntityField[]): { key: string; label: string; custom: boolean }[] {
  const keys = [{ key: 'id', label: 'entity.field.id', custom: false }];
  for (const key of ent.definition.duplicates) keys.push({ key, label: ent.definition.fields[key]?.label ?? key, custom: false });
  for (const f of custom) if (f.unique) keys.push({ key: `customFields.${f.key}`, label: f.label, custom: true });
  return keys;
}

type Target = { index: number; column: string; field: ImportField; custom?: EntityField };
export type ImportPlan = {
  ent: RegisteredEntity;
  targets: Target[];
  customDefs: EntityField[];
  access: FieldAccess;
  dedupeKey: string | null;
  createMissing: boolean;
  dateFormat: ImportDateFormat;
  // fast path: no per-record hooks and no unique custom fields to keep in their side table
  bulk: boolean;
};

export async function importPlan(ctx: TenantContext, ent: RegisteredEntity, imp: ImportRow): Promise<ImportPlan> {
  const { fields, custom } = await importFields(ctx, ent);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const customByKey = new Map(custom.map((f) => [`customFields.${f.key}`, f]));
  const targets: Target[] = [];
  imp.columns.forEach((name, index) => {
    const key = imp.mapping[name];
    const field = key ? byKey.get(key) : undefined;
    if (!field) return;
    const def = customByKey.get(field.key);
    targets.push({ index, column: name, field, ...(def ? { custom: def } : {}) });
  });
  const hooks = ent.hooks;
  const bulk = !hooks.beforeCreate && !hooks.afterCreate && !custom.some((f) => f.unique);
  return {
    ent,
    targets,
    customDefs: custom,
    access: fieldAccess(ctx, ent.definition),
    dedupeKey: imp.dedupeKey,
    createMissing: imp.createMissing,
    dateFormat: imp.dateFormat,
    bulk,
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

// A date cell: ISO 8601 always, else the chosen format, else "12 Mar 2026"; undefined when it is none.
export function parseDate(text: string, format: ImportDateFormat): string | undefined {
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  const parts = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})(?:[ ,T].*)?$/.exec(text);
  const named = /^(\d{1,2})\.? ([A-Za-zäÄ]{3})[a-zä]*\.? (\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (parts) {
    const a = Number(parts[1]);
    const b = Number(parts[2]);
    y = Number(parts[3]);
    if (y < 100) y += y < 70 ? 2000 : 1900;
    [m, d] = format === 'MM/DD/YYYY' ? [a, b] : [b, a];
  } else if (named) {
    const mon = (named[2] ?? '').toLowerCase().replace('ä', 'a').replace('mai', 'may').replace('okt', 'oct').replace('dez', 'dec');
    [y, m, d] = [Number(named[3]), MONTHS.indexOf(mon.slice(0, 3)) + 1, Number(named[1])];
  } else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || date.getUTCDate() !== d || y < 1000 || y > 9999) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

export function parseDateTime(text: string, format: ImportDateFormat): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const t = new Date(text);
    return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
  }
  const date = parseDate(text, format);
  if (!date) return undefined;
  const time = /[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(text);
  let h = time ? Number(time[1]) : 0;
  if (time?.[4]) h = (h % 12) + (time[4].toLowerCase() === 'pm' ? 12 : 0);
  const t = new Date(`${date}T${pad(h)}:${time ? time[2] : '00'}:${time?.[3] ?? '00'}Z`);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
}

// "1.234,56" in a comma culture, "1,234.56" otherwise.
export function parseNumber(text: string, format: ImportDateFormat): number | undefined {
  let s = text.replace(/[\s\u00a0'€$£]/g, '');
  const commaDecimal = format === 'DD.MM.YYYY';
  s = commaDecimal ? s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.') : s.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'x', 'ja', 'wahr', 'on']);
const FALSE = new Set(['false', 'no', 'n', '0', 'nein', 'falsch', 'off']);

type Prepared = {
  rowNumber: number;
  cells: string[];
  body: EntityRow;
  custom: Record<string, unknown>;
  refs: Map<string, string>;
  id: string | null;
  // the note column's text, added as a note once the row is written
  note?: string;
  errors: ImportRowError[];
};

function cellError(p: Prepared, t: Target, code: string, message: string) {
  p.errors.push({ row: p.rowNumber, column: t.column, field: t.field.key, code, message: `${t.column}: ${message}` });
}

// One file row → the values of a write, or errors naming the column.
function convert(plan: ImportPlan, cells: string[], rowNumber: number): Prepared {
  const p: Prepared = { rowNumber, cells, body: {}, custom: {}, refs: new Map(), id: null, errors: [] };
  for (const t of plan.targets) {
    const raw = cells[t.index] ?? '';
    // PostgreSQL stores no NUL character, and a lone surrogate is no character at all: the row
    // is refused with the column named, the rest of the file imports
    if (!isStorableText(raw)) {
      cellError(p, t, 'invalidText', 'contains a NUL character (or a broken character) that cannot be stored; remove it');
      continue;
    }
    const text = unguardCell(raw).trim();
    const key = t.field.key;
    if (key === 'id') {
      if (text) p.id = text.toLowerCase();
      continue;
    }
    if (key === NOTE_TARGET && !t.custom) {
      // a cell holds at most 32,767 characters (maxCellChars), well under a note's limit
      if (text) p.note = text;
      continue;
    }
    if (t.field.target) {
      if (text) p.refs.set(key, text);
      continue;
    }
    const kind = t.custom ? t.custom.dataType : t.field.kind;
    let value: unknown;
    if (text === '') value = undefined;
    else
      switch (kind) {
        case 'integer':
        case 'number':
        case 'decimal':
        case 'money': {
          value = parseNumber(text, plan.dateFormat);
          if (value === undefined) cellError(p, t, 'invalidNumber', `"${text}" is not a number`);
          break;
        }
        case 'boolean': {
          const v = text.toLowerCase();
          value = TRUE.has(v) ? true : FALSE.has(v) ? false : undefined;
          if (value === undefined) cellError(p, t, 'invalidBoolean', `"${text}" is not yes or no`);
          break;
        }
        case 'date': {
          value = parseDate(text, plan.dateFormat);
          if (value === undefined) cellError(p, t, 'invalidDate', `"${text}" is not a date (${plan.dateFormat})`);
          break;
        }
        case 'dateTime': {
          value = parseDateTime(text, plan.dateFormat);
          if (value === undefined) cellError(p, t, 'invalidDate', `"${text}" is not a date and time (${plan.dateFormat} hh:mm)`);
          break;
        }
        case 'enum': {
          const options = plan.ent.definition.fields[key]?.options ?? [];
          value = options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
          break;
        }
        case 'option':
        case 'options': {
          const options = t.custom?.options ?? [];
          const match = (v: string) =>
            options.find((o) => o.value.toLowerCase() === v.toLowerCase() || o.label.toLowerCase() === v.toLowerCase())?.value ?? v;
          value =
            kind === 'option'
              ? match(text)
              : text
                  .split(/[;,|]/)
                  .map((s) => match(s.trim()))
                  .filter(Boolean);
          break;
        }
        default:
          value = text;
      }
    if (value === undefined) continue;
    if (t.custom) p.custom[t.custom.key] = value;
    else p.body[key] = value;
  }
  return p;
}

const columnOf = (plan: ImportPlan, field: string): string | null => {
  const t = plan.targets.find((x) => x.field.key === field || field.startsWith(`${x.field.key}.`));
  return t?.column ?? null;
};
// The rule's words (English captions; the wizard shows them in the user's language by code)
// rather than a schema's "customFields.tier invalidOption".
let ruleWords: Record<string, string> | undefined;
const wordsOf = (code: string, fallback: string): string => {
  ruleWords ??= mergedCaptions('en');
  return ruleWords[`errorCodes.${code}`] ?? fallback;
};
// A row's problems, each field once: a field refused while converting its cell is not refused
// again by the schema (no "required" after "not a number").
function addProblems(plan: ImportPlan, p: Prepared, problems: readonly ProblemField[]) {
  for (const e of problems) {
    if (p.errors.some((x) => x.field === e.field || e.field.startsWith(`${x.field}.`))) continue;
    const column = columnOf(plan, e.field);
    const words = wordsOf(e.code, e.message);
    p.errors.push({ row: p.rowNumber, column, field: e.field, code: e.code, message: column ? `${column}: ${words}` : words });
  }
}

function keyValue(p: Prepared, key: string): string | null {
  const v = key === 'id' ? p.id : key.startsWith('customFields.') ? p.custom[key.slice('customFields.'.length)] : p.body[key];
  if (v === undefined || v === null || v === '') return null;
  return String(v).trim().toLowerCase();
}

type Outcome = {
  created: number;
  updated: number;
  rejected: number;
  toCreate: number;
  toUpdate: number;
  errors: ImportRowError[];
  missing: { field: string; value: string }[];
};

// Resolves references by id or title (creating missing ones on a run when asked), finds records
// to update by the dedupe key, validates every row with the kind's own rules, and — on a run —
// writes: new records in one statement, updates one by one, and a row per file row in
// import_rows. A dry run (validate) writes nothing.
export async function processBatch(
  ctx: TenantContext,
  plan: ImportPlan,
  imp: ImportRow,
  rows: readonly string[][],
  firstRowNumber: number,
  mode: 'validate' | 'run',
): Promise<Outcome> {
  const { ent } = plan;
  const def = ent.definition;
  const prepared = rows.map((cells, i) => convert(plan, cells, firstRowNumber + i));
  const missing: Outcome['missing'] = [];
  // records "create missing" made, for undo (decision 079)
  const madeForReferences: { kind: EntityKind; id: string }[] = [];

  // references, one look-up per field for the whole batch
  for (const t of plan.targets.filter((x) => x.field.target)) {
    const key = t.field.key;
    const values = [...new Set(prepared.map((p) => p.refs.get(key)).filter((v): v is string => v !== undefined))];
    if (values.length === 0) continue;
    const found = new Map<string, string>();
    if (t.field.target === 'User') {
      // a workspace member, by membership id or e-mail
      const members = await repo.memberIds(
        ctx,
        values.map((v) => v.toLowerCase()),
      );
      for (const v of values) {
        const id = members.get(v.toLowerCase());
        if (id) found.set(v, id);
      }
    } else if (key === 'workflowStage' || key === 'typeId') {
      const names = key === 'workflowStage' ? await repo.stageIdsByName(ctx, def.kind) : await repo.typeIdsByName(ctx, def.kind);
      for (const v of values) {
        const id = names.get(v.toLowerCase());
        if (id) found.set(v, id);
      }
    } else {
      const target = ent.registry.get(t.field.target as never);
      if (!target) continue;
      const ids = values.filter((v) => UUID_PATTERN.test(v)).map((v) => v.toLowerCase());
      const existing = await entityRepo.existingIds(ctx, target, ids);
      for (const v of values) if (existing.has(v.toLowerCase())) found.set(v, v.toLowerCase());
      const titles = values.filter((v) => !found.has(v));
      const byTitle = await entityRepo.idsByValue(
        ctx,
        target,
        titleSql(target),
        titles.map((v) => v.toLowerCase()),
      );
      for (const v of titles) {
        const hit = byTitle.get(v.toLowerCase());
        if (hit) found.set(v, hit.id);
      }
      const titleField = target.definition.title.fields.length === 1 ? target.definition.title.fields[0] : undefined;
      for (const v of values.filter((x) => !found.has(x) && !UUID_PATTERN.test(x))) {
        if (!plan.createMissing || !titleField) continue;
        missing.push({ field: key, value: v });
        if (mode === 'validate') {
          found.set(v, '');
          continue;
        }
        try {
          const created = await ctx.db.transaction(async (sp) => createEntity({ ...ctx, db: sp }, target, { [titleField]: v }));
          found.set(v, String(created.id));
          madeForReferences.push({ kind: target.definition.kind, id: String(created.id) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
    }
    for (const p of prepared) {
      const v = p.refs.get(key);
      if (v === undefined) continue;
      const id = found.get(v);
      if (id === undefined) {
        const what =
          key === 'workflowStage'
            ? 'stage'
            : key === 'typeId'
              ? 'type'
              : t.field.target === 'User'
                ? 'member'
                : (t.field.target ?? 'record').toLowerCase();
        p.errors.push({
          row: p.rowNumber,
          column: t.column,
          field: key,
          code: 'referenceNotFound',
          message: `${t.column}: no ${what} "${v}" in this workspace`,
        });
      } else if (id !== '') p.body[key] = id;
    }
  }

  // existing records by the dedupe key; a key twice in one batch is refused the second time
  const existing = new Map<string, { id: string; version: number }>();
  if (plan.dedupeKey) {
    const key = plan.dedupeKey;
    const seen = new Set<string>();
    for (const p of prepared) {
      const v = keyValue(p, key);
      if (v === null) continue;
      if (seen.has(v)) {
        p.errors.push({
          row: p.rowNumber,
          column: columnOf(plan, key),
          field: key,
          code: 'duplicateInFile',
          message: `${v} appears twice in the file`,
        });
      }
      seen.add(v);
    }
    const values = [...seen].filter((v) => key !== 'id' || UUID_PATTERN.test(v));
    for (const [v, hit] of await entityRepo.idsByValue(ctx, ent, fieldValueSql(ent, key), values)) existing.set(v, hit);
  }
  const mapped = new Set(plan.targets.map((t) => t.field.key));
  const matchOf = (p: Prepared) => {
    const v = plan.dedupeKey ? keyValue(p, plan.dedupeKey) : null;
    return v === null ? undefined : existing.get(v);
  };

  // validation with the kind's own schema and custom-field rules (updates: mapped fields only).
  // Every rule runs on every row, so the check names all of a row's errors at once, not one
  // more on each re-import (issue 26, item 9)
  for (const p of prepared) {
    const updating = matchOf(p) !== undefined;
    const onlyMapped = (problems: readonly ProblemField[]) =>
      updating ? problems.filter((e) => !(e.code === 'required' && !mapped.has(e.field))) : problems;
    const parsed = def.schemas.create.safeParse({ ...p.body, ...(def.capabilities.customFields ? { customFields: p.custom } : {}) });
    if (!parsed.success) {
      addProblems(plan, p, onlyMapped(parsed.error.issues.flatMap((i) => issueToField(i))));
    } else {
      const data = parsed.data as EntityRow;
      for (const k of Object.keys(p.body)) if (data[k] !== undefined) p.body[k] = data[k];
    }
    if (def.capabilities.customFields) {
      try {
        // an update's stored values are not read here: its sent values are checked alone
        const custom = prepareCustomFields({
          fields: plan.customDefs,
          input: p.custom,
          previous: updating ? {} : null,
          access: plan.access,
        });
        if (!updating) p.custom = custom;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        addProblems(plan, p, onlyMapped(err.errors ?? [{ field: 'customFields', code: err.code, message: err.message }]));
      }
    }
  }

  const out: Outcome = { created: 0, updated: 0, rejected: 0, toCreate: 0, toUpdate: 0, errors: [], missing };
  const creates = prepared.filter((p) => p.errors.length === 0 && matchOf(p) === undefined);
  const updates = prepared.filter((p) => p.errors.length === 0 && matchOf(p) !== undefined);
  out.toCreate = creates.length;
  out.toUpdate = updates.length;
  if (mode === 'validate') {
    for (const p of prepared) out.errors.push(...p.errors);
    out.rejected = prepared.filter((p) => p.errors.length > 0).length;
    return out;
  }

  const records: ImportRowInsert[] = [];
  // new records: one statement for the batch (a savepoint, so that a row the database refuses
  // sends the batch through the one-by-one path instead of failing the import)
  const createdIds = new Map<Prepared, string>();
  if (creates.length > 0 && plan.bulk) {
    const values = await newRecordValues(ctx, plan, creates);
    try {
      await ctx.db.transaction(async (sp) => {
        const sctx = { ...ctx, db: sp };
        const inserted = await entityRepo.insertRows(sctx, ent, values);
        await recordActivities(
          sctx,
          inserted.map((r) => ({
            entityKind: def.kind,
            entityId: r.id,
            type: 'Change' as const,
            action: 'created' as const,
            after: { title: r.title },
          })),
        );
        await recordsWritten(
          sctx,
          def.kind,
          inserted.map((r) => r.id),
        );
      });
      creates.forEach((p, i) => createdIds.set(p, String(values[i]?.id)));
    } catch (err) {
      if (err instanceof AppError) throw err;
      createdIds.clear();
    }
  }
  for (const p of creates) {
    if (createdIds.has(p)) continue;
    try {
      const body = { ...p.body, ...(def.capabilities.customFields ? { customFields: p.custom } : {}) };
      const row = await ctx.db.transaction(async (sp) => createEntity({ ...ctx, db: sp }, ent, body));
      createdIds.set(p, String(row.id));
    } catch (err) {
      addWriteError(plan, p, err);
    }
  }
  for (const p of creates) {
    const id = createdIds.get(p);
    if (id) records.push({ rowNumber: p.rowNumber, action: 'created', entityId: id });
  }
  out.created = createdIds.size;

  for (const p of updates) {
    const match = matchOf(p);
    if (!match) continue;
    try {
      const previous = await ctx.db.transaction(async (sp) => {
        const sctx = { ...ctx, db: sp };
        const before = await entityRepo.findById(sctx, ent, match.id, true);
        if (!before) throw new AppError(404, 'notFound', 'The record to update no longer exists');
        const kept: EntityRow = {};
        for (const k of def.writableFields) kept[k] = before[k] ?? null;
        const body: EntityRow = { ...kept, ...p.body };
        if (def.capabilities.customFields) body.customFields = { ...(before.customFields as Record<string, unknown>), ...p.custom };
        await updateEntity(sctx, ent, match.id, body, etagOf(Number(before.version)));
        return { ...kept, ...(def.capabilities.customFields ? { customFields: before.customFields } : {}) };
      });
      records.push({ rowNumber: p.rowNumber, action: 'updated', entityId: match.id, previous });
      out.updated += 1;
    } catch (err) {
      addWriteError(plan, p, err);
    }
  }
  for (const p of prepared) {
    if (p.errors.length === 0) continue;
    records.push({
      rowNumber: p.rowNumber,
      action: 'rejected',
      entityId: null,
      cells: p.cells.map(storable),
      errors: p.errors.map((e) => ({ ...e, message: storable(e.message) })),
    });
    out.errors.push(...p.errors);
    out.rejected += 1;
  }
  // the note column: one note per written row that has one
  const notes = records.flatMap((r) => {
    const note = r.entityId ? prepared.find((p) => p.rowNumber === r.rowNumber)?.note : undefined;
    return r.entityId && note ? [{ entityId: r.entityId, text: note }] : [];
  });
  await writeImportedNotes(ctx, def.kind, notes);
  await repo.insertImportRows(ctx, imp.id, records);
  await repo.insertCreatedRecords(ctx, imp.id, madeForReferences);
  return out;
}

// A refused row's cells as the rejected-rows file shows them: what cannot be stored marked with
// the replacement character (the row's error names the column).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (s: string): string => (isStorableText(s) ? s : s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD'));

function addWriteError(plan: ImportPlan, p: Prepared, err: unknown): void {
  if (!(err instanceof AppError)) throw err;
  if (err.errors && err.errors.length > 0) addProblems(plan, p, err.errors);
  else p.errors.push({ row: p.rowNumber, column: null, field: 'record', code: err.code, message: err.message });
}

// The stored values of new records, as createEntity would store them: every writable field
// (empty ones as their empty value), the default stage, numbers, custom fields with defaults.
async function newRecordValues(ctx: TenantContext, plan: ImportPlan, creates: readonly Prepared[]): Promise<EntityRow[]> {
  const def = plan.ent.definition;
  const rows = creates.map((p) => {
    const values: EntityRow = { id: randomUUID() };
    for (const key of def.writableFields) {
      const f = def.fields[key];
      values[key] = p.body[key] ?? f?.emptyValue ?? null;
    }
    if (def.capabilities.customFields) values.customFields = p.custom;
    return values;
  });
  if (def.capabilities.workflowStage)
    for (const values of rows) if (values.workflowStage == null) values.workflowStage = await defaultStage(ctx, plan.ent, values);
  await assignNumbers(ctx, plan.ent, rows);
  return rows;
}
