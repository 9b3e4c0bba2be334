import {
  CULTURES,
  effectiveDataType,
  EXTERNAL_VISIBILITIES,
  INTERNAL_VISIBILITIES,
  isContentBlock,
  OPERATORS_BY_TYPE,
  type AdvancedField,
  type EntityField,
  type EntityKind,
  type FieldDataType,
  type FilterOperator,
  type FilterValueType,
  type LookupOption,
  type LookupRequest,
  UUID_PATTERN,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import {
  fieldAccess,
  listTypes,
  lookupRecords,
  lookupRecordPaths,
  mayUse,
  selectFields,
  viewsSomeRecords,
  visibleFields,
} from '../../platform/entity';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import * as lookupsRepository from './lookups.repository';
import * as notificationsRepository from './notifications.repository';
import type { SharedRecordDeps } from './shared-records.access';
import * as tagsRepository from './tags.repository';

// A source of options for the generic lookup: `ids` limits the answer to those values.
export type LookupSource = (
  ctx: TenantContext,
  q: { search?: string | undefined; ids?: readonly string[] | undefined; limit: number },
) => Promise<LookupOption[]>;

export function timeZones(): LookupOption[] {
  const now = new Date();
  // Node's list holds canonical zones only; UTC is every user's default (users.time_zone)
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes('UTC') ? zones : ['UTC', ...zones]).map((tz) => {
    // "GMT+01:00", or plain "GMT" at offset zero
    const part =
      new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const offset = part === 'GMT' ? '+00:00' : part.slice(3);
    return { value: tz, label: `(UTC${offset}) ${tz.replaceAll('_', ' ')}` };
  });
}

export function cultures(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  return CULTURES.map((code) => ({ code, name: names.of(code) ?? code }));
}

const staticSource =
  (all: () => LookupOption[]): LookupSource =>
  async (_ctx, q) => {
    const s = q.search?.toLowerCase();
    return all()
      .filter((o) => (!q.ids || q.ids.includes(o.value)) && (!s || o.label.toLowerCase().includes(s)))
      .slice(0, q.ids ? undefined : q.limit);
  };

function builtinSources(deps: SharedRecordDeps): Map<string, LookupSource> {
  const sources = new Map<string, LookupSource>([
    [
      'User',
      async (ctx, q) =>
        (
          await notificationsRepository.members(ctx, {
            ...(q.ids ? { ids: q.ids } : {}),
            ...(q.search ? { search: q.search } : {}),
            limit: q.limit,
          })
        ).map((m) => ({ value: m.tenantUserId, label: m.name, description: m.email })),
    ],
    [
      'Tag',
      async (ctx, q) =>
        (await tagsRepository.list(ctx, { search: q.search, ids: q.ids ? [...q.ids] : undefined, limit: q.limit, offset: 0 })).rows.map(
          (t) => ({ value: t.id, label: t.name, color: t.color }),
        ),
    ],
    ['Role', async (ctx, q) => (await lookupsRepository.named(ctx, 'roles', q)).map((r) => ({ value: r.id, label: r.name }))],
    ['TimeZone', staticSource(timeZones)],
    ['Culture', staticSource(() => cultures().map((c) => ({ value: c.code, label: c.name })))],
  ]);
  // every entity kind by its title, and the record types of kinds that have them (ContactType…)
  for (const [kind, ent] of deps.entities) {
    sources.set(kind, async (ctx, q) => {
      if (!mayUse(ctx, ent, 'view')) throw accessDenied(`Requires ${ent.definition.permissions.view}`);
      return (await lookupRecords(ctx, ent, q)).map((r) => ({ value: r.id, label: r.title }));
    });
    // a tree's records titled by their path (spec §7: organizations plus hierarchy)
    const tree = ent.definition.hierarchy;
    if (tree) {
      sources.set(`${kind}Hierarchy`, async (ctx, q) => {
        if (!mayUse(ctx, ent, 'view')) throw accessDenied(`Requires ${ent.definition.permissions.view}`);
        return (await lookupRecordPaths(ctx, ent, tree.field, q)).map((r) => ({ value: r.id, label: r.path }));
      });
    }
    if (ent.definition.types) {
      sources.set(`${kind}Type`, async (ctx, q) => {
        // types are the kind's as a whole: for those who see some of its records (through a role too)
        if (!(await viewsSomeRecords(ctx, ent))) throw accessDenied(`Requires ${ent.definition.permissions.view}`);
        const { data } = await listTypes(ctx, kind, ent.tableName, {
          search: q.search,
          limit: q.limit,
          offset: 0,
          ...(q.ids ? { ids: q.ids } : {}),
        });
        return data.map((t) => ({
          value: t.id,
          label: t.name,
          ...(t.color ? { color: t.color } : {}),
          ...(t.description ? { description: t.description } : {}),
        }));
      });
    }
  }
  return sources;
}

// Maps a custom field's data type to the list query's value type; undefined: not filterable.
const CUSTOM_TYPES: Partial<Record<FieldDataType, FilterValueType>> = {
  text: 'text',
  email: 'text',
  url: 'text',
  phone: 'text',
  time: 'text',
  option: 'text',
  number: 'number',
  decimal: 'number',
  date: 'date',
  dateTime: 'dateTime',
  options: 'array',
};

async function fieldsOfKind(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  kind: EntityKind,
): Promise<{ field: AdvancedField; custom?: EntityField }[]> {
  const ent = deps.entities.get(kind);
  if (!ent) throw fieldError('entityKind', 'unknownField', `${kind} has no advanced fields`);
  if (!mayUse(ctx, ent, 'view')) throw accessDenied();
  const builtin = Object.entries(ent.definition.fields)
    .filter(([, f]) => f.filterable)
    .map(([key, f]) => ({
      field: {
        id: `${kind}:${key}`,
        entityKind: kind,
        field: key,
        label: f.label,
        dataType: f.type,
        custom: false,
        hasOptions: f.type === 'boolean' || (f.options?.length ?? 0) > 0,
      },
    }));
  if (!ent.definition.capabilities.customFields) return builtin;
  const custom = visibleFields(await selectFields(ctx, kind), fieldAccess(ctx, ent.definition)).flatMap((f) => {
    const dataType = isContentBlock(f.kind) ? undefined : CUSTOM_TYPES[effectiveDataType(f)];
    if (!dataType || f.hidden) return [];
    return [
      {
        field: {
          id: `${kind}:customFields.${f.key}`,
          entityKind: kind,
          field: `customFields.${f.key}`,
          label: f.label,
          dataType,
          custom: true,
          hasOptions: (f.options?.length ?? 0) > 0,
        },
        custom: f,
      },
    ];
  });
  return [...builtin, ...custom];
}

async function findField(ctx: TenantContext, deps: SharedRecordDeps, id: string) {
  const sep = id.indexOf(':');
  const kind = id.slice(0, sep) as EntityKind;
  if (sep < 1 || !deps.entities.has(kind)) throw notFound('Field');
  const found = (await fieldsOfKind(ctx, deps, kind)).find((f) => f.field.id === id);
  if (!found) throw notFound('Field');
  return found;
}

// POST /lookups: for each requested entity, its options; selectedIds are always included so a
// form can show the labels of what is already chosen.
export async function list(ctx: TenantContext, deps: SharedRecordDeps, body: LookupRequest): Promise<Record<string, LookupOption[]>> {
  const sources = builtinSources(deps);
  const unknown = body.entities.map((e, i) => ({ e, i })).filter(({ e }) => !sources.has(e));
  if (unknown.length) {
    throw new AppError(
      400,
      'unknownField',
      `Unknown lookup ${unknown.map((u) => u.e).join(', ')}`,
      unknown.map(({ e, i }) => ({ field: `entities.${i}`, code: 'unknownField', message: `${e} is not a lookup` })),
    );
  }
  const out: Record<string, LookupOption[]> = {};
  for (const entity of new Set(body.entities)) {
    const source = sources.get(entity);
    if (!source) continue;
    const uuidOnly = entity !== 'TimeZone' && entity !== 'Culture';
    const clean = (ids: readonly string[] | undefined) => (ids && uuidOnly ? ids.filter((id) => UUID_PATTERN.test(id)) : ids);
    const options = await source(ctx, { search: body.search, ids: clean(body.ids), limit: body.pageSize });
    const selected = clean(body.selectedIds) ?? [];
    const missing = selected.filter((id) => !options.some((o) => o.value === id));
    const extra = missing.length ? await source(ctx, { ids: missing, limit: missing.length }) : [];
    out[entity] = [...extra, ...options];
  }
  return out;
}

export async function advancedFields(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind): Promise<AdvancedField[]> {
  requireAdvancedFields(ctx);
  return (await fieldsOfKind(ctx, deps, kind)).map((f) => f.field);
}

export async function filters(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  id: string,
): Promise<{ field: AdvancedField; operators: FilterOperator[] }> {
  const { field } = await findField(ctx, deps, id);
  requireAdvancedFields(ctx);
  return { field, operators: [...OPERATORS_BY_TYPE[field.dataType]] };
}

export async function options(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<LookupOption[]> {
  const { field, custom } = await findField(ctx, deps, id);
  requireAdvancedFields(ctx);
  if (field.dataType === 'boolean')
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  if (!custom)
    return (deps.entities.get(field.entityKind)?.definition.fields[field.field]?.options ?? []).map((o) => ({ value: o, label: o }));
  return (custom.options ?? []).map((o) => ({ value: o.value, label: o.label, ...(o.color ? { color: o.color } : {}) }));
}

export function visibility() {
  return {
    internal: [...INTERNAL_VISIBILITIES],
    external: [...EXTERNAL_VISIBILITIES],
    defaultInternal: 'Everyone',
    defaultExternal: 'None',
  };
}

// Spec §6: advanced fields are a plan feature (Plan.AdvancedFields).
function requireAdvancedFields(ctx: TenantContext): void {
  if (!ctx.permissions.has('Plan.AdvancedFields'))
    throw new AppError(403, 'planFeatureRequired', 'Advanced fields need a plan with Plan.AdvancedFields');
}
