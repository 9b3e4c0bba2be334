import type { EntityDefinition, EntityField, EntityRecord } from '@atrium/domain';
import { isContentBlock } from '@atrium/domain';

// A record as its form edits it: the writable built-in fields on forms, the type, the stage and
// the custom fields, flattened to one value per field ("customFields.<key>").
export type FormValues = Record<string, unknown> & { customFields?: Record<string, unknown> };

export function formFieldNames(definition: EntityDefinition): string[] {
  return definition.writableFields.filter((k) => {
    const f = definition.fields[k];
    return f !== undefined && (f.form || k === 'typeId' || k === 'workflowStage');
  });
}

export function toFormValues(definition: EntityDefinition, record: EntityRecord): FormValues {
  const values: FormValues = {};
  for (const key of formFieldNames(definition)) values[key] = record[key] ?? null;
  values.customFields = { ...record.customFields };
  return values;
}

const flat = (v: FormValues): Map<string, unknown> => {
  const out = new Map<string, unknown>();
  for (const [k, x] of Object.entries(v)) if (k !== 'customFields') out.set(k, x);
  for (const [k, x] of Object.entries(v.customFields ?? {})) out.set(`customFields.${k}`, x);
  return out;
};

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
export const sameValue = (a: unknown, b: unknown): boolean => (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b);

// Someone saved the record while this form was open. The form moves onto the saved version: a
// field the user changed keeps the user's value, every other field takes the saved one. Returns
// the new values and which fields the other person changed (`conflicts`: changed by both).
export function rebase(mine: FormValues, base: FormValues, theirs: FormValues) {
  const m = flat(mine);
  const b = flat(base);
  const s = flat(theirs);
  const changed: string[] = [];
  const conflicts: string[] = [];
  const next: FormValues = { customFields: {} };
  for (const key of new Set([...m.keys(), ...b.keys(), ...s.keys()])) {
    const touched = !sameValue(m.get(key), b.get(key));
    const moved = !sameValue(s.get(key), b.get(key));
    if (moved) changed.push(key);
    if (moved && touched && !sameValue(m.get(key), s.get(key))) conflicts.push(key);
    const value = touched ? m.get(key) : s.get(key);
    if (key.startsWith('customFields.')) (next.customFields as Record<string, unknown>)[key.slice(13)] = value;
    else next[key] = value;
  }
  return { values: next, changed, conflicts };
}

// What a PUT sends: every built-in field (PUT replaces), custom fields merged over the stored
// ones so that fields not on the form (hidden) keep their values.
export function toBody(definition: EntityDefinition, record: EntityRecord, values: FormValues, fields: readonly EntityField[]) {
  const body: Record<string, unknown> = {};
  for (const key of definition.writableFields) body[key] = key in values ? values[key] : (record[key] ?? null);
  // a kind without custom fields (a location) is refused a customFields member
  if (!definition.capabilities.customFields) return body;
  const keys = new Set(fields.filter((f) => !isContentBlock(f.kind)).map((f) => f.key));
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record.customFields)) if (keys.has(k)) merged[k] = v;
  for (const [k, v] of Object.entries(values.customFields ?? {})) if (keys.has(k)) merged[k] = v === undefined ? null : v;
  body.customFields = merged;
  return body;
}
