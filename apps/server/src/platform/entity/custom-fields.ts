import {
  customFieldsSchema,
  isContentBlock,
  isEmptyValue,
  type EntityDefinition,
  type EntityField,
  type ErrorCode,
  type ProblemField,
} from '@atrium/domain';
import type { TenantContext } from '../context';
import { AppError, issueToField } from '../errors';
import { clearEntityUniqueValues, insertUniqueValue } from './entity-fields.repository';
import { sameValue } from './json-value';
import { pgErrorCode } from '../db-errors';

// `hidden`: built-in fields the caller may not read (a field's readPermission, e.g. a project's
// owner without Project.ViewProjectOwner): left out of rows, lists, filters, sorts and exports,
// and kept as stored on the caller's writes.
export type FieldAccess = { viewRestricted: boolean; manageRestricted: boolean; hidden?: ReadonlySet<string> };

export function fieldAccess(ctx: TenantContext, definition: EntityDefinition): FieldAccess {
  const manageRestricted = ctx.permissions.has(definition.permissions.manageRestricted);
  const hidden = hiddenFields(ctx, definition);
  return {
    viewRestricted: manageRestricted || ctx.permissions.has(definition.permissions.viewRestricted),
    manageRestricted,
    ...(hidden.size > 0 ? { hidden } : {}),
  };
}

// The built-in fields whose readPermission the caller lacks.
export function hiddenFields(ctx: TenantContext, definition: EntityDefinition): ReadonlySet<string> {
  const out = new Set<string>();
  for (const [key, f] of Object.entries(definition.fields)) if (f.readPermission && !ctx.permissions.has(f.readPermission)) out.add(key);
  return out;
}

// A row without the fields the caller may not read (and their expanded references).
export function withoutHidden(definition: EntityDefinition, row: Record<string, unknown>, hidden: ReadonlySet<string> | undefined) {
  if (!hidden || hidden.size === 0) return row;
  const out = { ...row };
  for (const key of hidden) {
    delete out[key];
    const expand = definition.fields[key]?.expand;
    if (expand) delete out[expand];
  }
  return out;
}

export const dataFields = (fields: readonly EntityField[]): EntityField[] => fields.filter((f) => !isContentBlock(f.kind));

export const visibleFields = (fields: readonly EntityField[], access: FieldAccess): EntityField[] =>
  fields.filter((f) => !f.restricted || access.viewRestricted);

// What a caller may read: values of defined fields only, restricted ones only with
// ViewRestrictedFields. Values of deleted definitions stay stored but are not served.
export function visibleValues(
  fields: readonly EntityField[],
  values: Record<string, unknown> | null | undefined,
  access: FieldAccess,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!values) return out;
  for (const f of fields) {
    if (isContentBlock(f.kind) || (f.restricted && !access.viewRestricted)) continue;
    const v = values[f.key];
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

export function badFields(errors: ProblemField[]): AppError {
  return new AppError(400, (errors[0]?.code ?? 'validation') as AppError['code'], errors.map((e) => e.message).join('; '), errors);
}

// The values schema of one set of definitions and required-exceptions, built once: an import
// validates thousands of rows against the same definitions.
const schemas = new WeakMap<readonly EntityField[], Map<string, ReturnType<typeof customFieldsSchema>>>();
function schemaFor(fields: readonly EntityField[], data: EntityField[], skipRequired: Set<string>) {
  let byKey = schemas.get(fields);
  if (!byKey) {
    byKey = new Map();
    schemas.set(fields, byKey);
  }
  const key = [...skipRequired].sort().join('\u0000');
  let schema = byKey.get(key);
  if (!schema) {
    schema = customFieldsSchema(data, { skipRequired });
    byKey.set(key, schema);
  }
  return schema;
}

type PrepareInput = {
  fields: readonly EntityField[];
  // what the caller sent; undefined keeps the stored values (create: defaults)
  input: Record<string, unknown> | undefined;
  previous: Record<string, unknown> | null;
  access: FieldAccess;
};

// The stored customFields after a write: merges what the caller may not touch (restricted
// without permission, read-only) from the stored values, applies defaults on create, and
// validates the result with the zod schema built from the definitions.
export function prepareCustomFields({ fields, input, previous, access }: PrepareInput): Record<string, unknown> {
  const creating = previous === null;
  const prev = previous ?? {};
  const data = dataFields(fields);
  const errors: ProblemField[] = [];
  const err = (key: string, code: ErrorCode, message: string) =>
    errors.push({ field: `customFields.${key}`, code, message: `customFields.${key} ${message}` });
  const known = new Set(data.map((f) => f.key));
  for (const key of Object.keys(input ?? {})) {
    if (!known.has(key)) err(key, 'unknownField', 'is not a known field');
  }
  const result: Record<string, unknown> = {};
  const skipRequired = new Set<string>();
  for (const f of data) {
    const stored = creating ? f.defaultValue : prev[f.key];
    const sent = input !== undefined && Object.hasOwn(input, f.key);
    const value = input?.[f.key];
    if (f.restricted && !access.viewRestricted) {
      if (sent) err(f.key, 'restrictedField', 'is restricted');
      result[f.key] = stored;
      skipRequired.add(f.key);
    } else if (f.readOnly) {
      if (sent && !sameValue(value, stored)) err(f.key, 'readOnlyField', 'is read-only');
      result[f.key] = stored;
      skipRequired.add(f.key);
    } else if (f.restricted && !access.manageRestricted) {
      if (sent && !sameValue(value, stored)) err(f.key, 'restrictedField', 'is restricted');
      result[f.key] = stored;
      skipRequired.add(f.key);
    } else if (input === undefined) {
      result[f.key] = stored;
    } else {
      result[f.key] = sent ? value : creating ? f.defaultValue : undefined;
    }
    // hidden fields are not on forms, so nobody could fill a required one
    if (f.hidden) skipRequired.add(f.key);
  }
  if (errors.length > 0) throw badFields(errors);
  const parsed = schemaFor(fields, data, skipRequired).safeParse(result);
  if (!parsed.success) throw badFields(parsed.error.issues.flatMap((i) => issueToField(i, 'customFields')));
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) if (!isEmptyValue(v)) clean[k] = typeof v === 'string' ? v.trim() : v;
  return clean;
}

export const uniqueValueOf = (v: unknown): string => String(v).trim().toLowerCase();

// Rewrites the unique side-table rows of one record. A duplicate is refused by the primary
// key (23505) and reported on the field, whoever wrote first.
export async function syncUniqueValues(
  ctx: TenantContext,
  definition: EntityDefinition,
  entityId: string,
  fields: readonly EntityField[],
  values: Record<string, unknown>,
  isNew: boolean,
): Promise<void> {
  const unique = dataFields(fields).filter((f) => f.unique);
  if (!isNew) await clearEntityUniqueValues(ctx, definition.kind, entityId);
  for (const f of unique) {
    const v = values[f.key];
    if (isEmptyValue(v)) continue;
    try {
      await insertUniqueValue(ctx, definition.kind, f.key, uniqueValueOf(v), entityId);
    } catch (e) {
      if (pgErrorCode(e) === '23505') {
        throw new AppError(409, 'unique', `customFields.${f.key} must be unique`, [
          {
            field: `customFields.${f.key}`,
            code: 'unique',
            message: `${f.label} already exists on another ${definition.kind} record`,
          },
        ]);
      }
      throw e;
    }
  }
}
