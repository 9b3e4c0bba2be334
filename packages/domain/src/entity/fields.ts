import { z } from 'zod';
import type { EntityKind } from '../enums';
import type { Permission } from '../permissions';
import { EMAIL_PATTERN, URL_PATTERN } from './entity-field.schema';
import type { FilterValueType } from './list-query.schema';

// Built-in fields of an entity kind. One declaration gives the database column, the write
// schema (with its limits), the list query's comparison type, the form input and the caption
// key of the label — nothing about a field is typed twice (ARCHITECTURE §3).
export const BUILTIN_FIELD_KINDS = [
  'text',
  'longText',
  'email',
  'url',
  'phone',
  'integer',
  'decimal',
  'money',
  'boolean',
  'date',
  'dateTime',
  'enum',
  'reference',
  'json',
  'numbering',
  'system',
] as const;
export type BuiltinFieldKind = (typeof BUILTIN_FIELD_KINDS)[number];

// What deleting a referenced record does to the records that point at it.
export type ReferenceDeleteRule = 'refuse' | 'clear';

// What a reference points at: a record of an entity kind, or a workspace user (an owner, an
// assignee), keyed by tenantUserId and titled by the user's name (decision 034).
export type ReferenceTarget = EntityKind | 'User';

export type BuiltinField = {
  kind: BuiltinFieldKind;
  // caption key of the label; defineEntity fills it in (<module>.<kind>.field.<key>)
  label: string;
  type: Exclude<FilterValueType, 'array'>;
  // database column; defineEntity fills it in (snake_case of the key)
  column: string;
  required: boolean;
  // system fields, numbers and computed fields are read but never written through the API
  readOnly: boolean;
  sortable: boolean;
  filterable: boolean;
  // shown on the record form (json details and system fields are not)
  form: boolean;
  // also asked in the create dialog (required fields always are)
  quick: boolean;
  // text limits, number bounds and decimals, shown by the form as they are enforced
  min?: number;
  max?: number;
  scale?: number;
  // a decimal stored as double precision rather than numeric: PostgreSQL's numeric comparisons
  // are not leakproof, so under row-level security a range on a numeric column is a filter after
  // the index, never a seek in it (the board rank's neighbour look-up read whole columns)
  float?: boolean;
  // enum values; their captions are <label>.<value>, unless the values name themselves
  // (`optionLabels: 'values'`: IANA time zones, currency codes)
  options?: readonly string[];
  optionLabels?: 'values';
  // enum values only the server sets (a lead's Converted): shown and filtered, never written by a
  // client (refused with the option's own code), and not offered by the form
  serverValues?: readonly string[];
  // the error code a write of one of them answers
  serverValuesCode?: string;
  // reference: the kind pointed at, the key of the expanded { id, title } on rows, the delete rule
  target?: ReferenceTarget;
  // a user reference left empty on create is the creating user
  defaultsToCaller?: boolean;
  // read only by holders of this permission (a project's owner: Project.ViewProjectOwner):
  // others get rows without it, cannot filter, sort, group or export by it, and their writes
  // leave it as it is (a new record's stays empty or the creator, defaultsToCaller)
  readPermission?: Permission;
  expand?: string;
  onDelete?: ReferenceDeleteRule;
  // the zod schema of one non-empty value (writable fields)
  schema?: z.ZodType;
  // stored when a write leaves the field empty (booleans: false)
  emptyValue?: unknown;
  // import: column names other products export for this field (HubSpot, Salesforce, Outlook,
  // Google contacts, German spreadsheets), matched besides the key and the labels
  importAliases?: readonly string[];
  // import template: the example row's value (else one that fits the field's kind)
  example?: string;
  // text: no two records of the workspace share the value, compared case-insensitively (a
  // project's code); refused with `unique` (409) on the field
  uniqueInWorkspace?: boolean;
};

// `readOnly`: a value the server sets (a lead's conversion…); shown, filtered, never written by a client
type Options = Partial<
  Pick<
    BuiltinField,
    'label' | 'column' | 'required' | 'sortable' | 'filterable' | 'form' | 'quick' | 'readOnly' | 'importAliases' | 'example'
  >
>;

function field(
  kind: BuiltinFieldKind,
  type: BuiltinField['type'],
  schema: z.ZodType | undefined,
  opts: Options,
  extra: Partial<BuiltinField> = {},
) {
  return {
    kind,
    label: opts.label ?? '',
    type,
    column: opts.column ?? '',
    required: opts.required ?? false,
    readOnly: opts.readOnly ?? schema === undefined,
    sortable: opts.sortable ?? true,
    filterable: opts.filterable ?? true,
    form: opts.form ?? (schema !== undefined && !opts.readOnly),
    quick: opts.quick ?? false,
    ...(schema ? { schema } : {}),
    ...(opts.importAliases ? { importAliases: opts.importAliases } : {}),
    ...(opts.example !== undefined ? { example: opts.example } : {}),
    ...extra,
  } satisfies BuiltinField;
}

const string = () => z.string({ error: 'validation' }).trim();

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
// A slug from a title (a helpdesk portal's, an article's, a booking page's): lower case, accents
// removed, anything else a hyphen, at most `max` long ("Zurücksetzen des Passworts" →
// "zurucksetzen-des-passworts"). Empty when nothing is left.
export function slugOf(title: string, max: number): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

// Dates a person could mean; year 0 or 10000 is a typing error, not a date (and PostgreSQL
// refuses year 0).
export const SANE_YEARS = { min: 1000, max: 9999 } as const;
const saneYear = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= SANE_YEARS.min && year <= SANE_YEARS.max;
};
export const isoDateSchema = z.iso.date({ error: 'validation' }).refine(saneYear, { error: 'validation' });
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'validation' }).refine(saneYear, { error: 'validation' });

// Money is stored as numeric(15,2) and travels as a JSON number; the bound keeps every amount
// exact in a double (13 significant digits). The workspace's currency applies (tenants.currency).
export const MONEY_MAX = 99_999_999_999.99;
// At most `scale` decimals, up to the last bits of a double: 19.99 * 3 sends 59.97000000000001 and
// 91317771887.4 may arrive as 91317771887.40001 (one unit in the last place); PostgreSQL's numeric
// column stores the rounded value. Scaling by 10^scale and comparing with a fixed tolerance does
// not hold at eleven integer digits (73904024716.46 × 100 is not whole there).
const decimals = (n: number, scale: number) => Math.abs(Number(n.toFixed(scale)) - n) <= 4 * Number.EPSILON * Math.max(1, Math.abs(n));

// One amount of money, as a money field takes it (also in calls beside the engine's).
export const moneySchema = z
  .number({ error: 'validation' })
  .finite({ error: 'validation' })
  .min(-MONEY_MAX, { error: 'tooSmall' })
  .max(MONEY_MAX, { error: 'tooBig' })
  .refine((n) => decimals(n, 2), { error: 'validation' })
  .meta({ multipleOf: 0.01 });

export const fields = {
  // `pattern`: the value must match, else the field reports `code` (e.g. a project code's shape)
  text: (opts: Options & { max: number; min?: number; pattern?: { regex: RegExp; code: string }; uniqueInWorkspace?: boolean }) => {
    let s = string();
    if (opts.min) s = s.min(opts.min, { error: 'minLength' });
    s = s.max(opts.max, { error: 'maxLength' });
    if (opts.pattern) s = s.regex(opts.pattern.regex, { error: opts.pattern.code });
    return field('text', 'text', opts.required ? s.min(1, { error: 'required' }) : s, opts, {
      max: opts.max,
      ...(opts.min ? { min: opts.min } : {}),
      ...(opts.uniqueInWorkspace ? { uniqueInWorkspace: true } : {}),
    });
  },
  longText: (opts: Options & { max: number }) =>
    field('longText', 'text', string().max(opts.max, { error: 'maxLength' }), { sortable: false, ...opts }, { max: opts.max }),
  email: (opts: Options = {}) =>
    field('email', 'text', string().toLowerCase().max(254, { error: 'maxLength' }).regex(EMAIL_PATTERN, { error: 'invalidEmail' }), opts, {
      max: 254,
    }),
  url: (opts: Options = {}) =>
    field('url', 'text', string().max(2000, { error: 'maxLength' }).regex(URL_PATTERN, { error: 'invalidUrl' }), opts, { max: 2000 }),
  phone: (opts: Options = {}) =>
    field(
      'phone',
      'text',
      string()
        .max(40, { error: 'maxLength' })
        .regex(/^[+()\d][\d\s().\-/]*$/, { error: 'validation' }),
      opts,
      {
        max: 40,
      },
    ),
  integer: (opts: Options & { min?: number; max?: number } = {}) => {
    const min = opts.min ?? 0;
    const max = opts.max ?? 2_147_483_647;
    return field(
      'integer',
      'number',
      z.number({ error: 'validation' }).int({ error: 'validation' }).min(min, { error: 'tooSmall' }).max(max, { error: 'tooBig' }),
      opts,
      { min, max, scale: 0 },
    );
  },
  money: (opts: Options = {}) => field('money', 'number', moneySchema, opts, { min: -MONEY_MAX, max: MONEY_MAX, scale: 2 }),
  decimal: (opts: Options & { scale: number; min?: number; max?: number }) =>
    field(
      'decimal',
      'number',
      z
        .number({ error: 'validation' })
        .finite({ error: 'validation' })
        .min(opts.min ?? -MONEY_MAX, { error: 'tooSmall' })
        .max(opts.max ?? MONEY_MAX, { error: 'tooBig' })
        .refine((n) => decimals(n, opts.scale), { error: 'validation' })
        .meta({ multipleOf: 10 ** -opts.scale }),
      opts,
      { min: opts.min ?? -MONEY_MAX, max: opts.max ?? MONEY_MAX, scale: opts.scale },
    ),
  boolean: (opts: Options = {}) => field('boolean', 'boolean', z.boolean({ error: 'validation' }), opts, { emptyValue: false }),
  date: (opts: Options = {}) => field('date', 'date', isoDateSchema, opts),
  dateTime: (opts: Options = {}) => field('dateTime', 'dateTime', isoDateTimeSchema, opts),
  // `defaultValue`: stored when a write leaves it empty, so the field always has a value (a
  // lead's status starts New). `serverValues`: values only the server sets, refused with `code`.
  enumeration: <const T extends readonly [string, ...string[]]>(
    values: T,
    opts: Options & {
      optionLabels?: 'values';
      defaultValue?: T[number];
      serverValues?: { values: readonly T[number][]; code: string };
    } = {},
  ) => {
    const server: readonly string[] = opts.serverValues?.values ?? [];
    const schema = z.enum(values, { error: 'invalidOption' });
    return field(
      'enum',
      'text',
      server.length > 0 ? schema.refine((v) => !server.includes(v), { error: opts.serverValues?.code ?? 'readOnlyField' }) : schema,
      opts,
      {
        options: values,
        ...(opts.optionLabels ? { optionLabels: opts.optionLabels } : {}),
        ...(opts.defaultValue !== undefined ? { emptyValue: opts.defaultValue } : {}),
        ...(server.length > 0 ? { serverValues: server, serverValuesCode: opts.serverValues?.code ?? 'readOnlyField' } : {}),
      },
    );
  },
  // A URL part (an article's, a helpdesk portal's): lower-case letters, digits and inner hyphens;
  // too long is `slugMaxLength`, another shape `slugInvalid` (spec §5). Left empty, the module
  // makes one from the title; `slugAlreadyExists` is the module's check.
  slug: (opts: Options & { max: number }) =>
    field('text', 'text', string().max(opts.max, { error: 'slugMaxLength' }).regex(SLUG_PATTERN, { error: 'slugInvalid' }), opts, {
      max: opts.max,
    }),
  // A many-to-one link to another record (or to one of the same kind, e.g. a parent). The key
  // ends in Id; rows also carry the linked record as { id, title } under the key without Id.
  reference: (target: EntityKind, opts: Options & { onDelete: ReferenceDeleteRule }) =>
    field('reference', 'reference', z.uuid({ error: 'validation' }), opts, { target, onDelete: opts.onDelete }),
  // A workspace user (an owner, an assignee): a reference to the user's membership. Removing
  // the user from the workspace clears it. `defaultsToCaller`: empty on create means the creator.
  user: (opts: Options & { defaultsToCaller?: boolean; readPermission?: Permission } = {}) =>
    field('reference', 'reference', z.uuid({ error: 'validation' }), opts, {
      target: 'User',
      onDelete: 'clear',
      ...(opts.defaultsToCaller ? { defaultsToCaller: true } : {}),
      ...(opts.readPermission ? { readPermission: opts.readPermission } : {}),
    }),
  // structured data kept as it is (e.g. a contact's extra e-mails and phones); `form: true` puts
  // it on the record form with the editor the kind's web entity gives for it (`editors`)
  json: <T extends z.ZodType>(schema: T, opts: Options = {}) =>
    field('json', 'text', schema, { sortable: false, filterable: false, form: false, ...opts }),
} as const;

export type FieldInput = ReturnType<(typeof fields)[keyof typeof fields]>;

// Fields every engine entity carries besides its own (decision 010).
export const SYSTEM_FIELDS: Record<string, BuiltinField> = {
  id: field('system', 'uuid', undefined, { sortable: false, column: 'id', label: 'entity.field.id' }),
  version: field('system', 'number', undefined, { sortable: false, filterable: false, column: 'version', label: 'entity.field.version' }),
  createdAt: field('system', 'dateTime', undefined, { column: 'created_at', label: 'entity.field.createdAt' }),
  updatedAt: field('system', 'dateTime', undefined, { column: 'updated_at', label: 'entity.field.updatedAt' }),
  archivedAt: field('system', 'dateTime', undefined, { column: 'archived_at', label: 'entity.field.archivedAt' }),
};
export const WORKFLOW_STAGE_FIELD: BuiltinField = {
  ...field('reference', 'uuid', z.uuid({ error: 'invalidStage' }), { column: 'workflow_stage_id', label: 'entity.field.workflowStage' }),
  form: false,
};
// A card's place in its board column (kinds with stages): fractions between neighbours, so a
// move writes one row (decision 036). Set by the board's move call only.
export const BOARD_RANK_FIELD: BuiltinField = {
  ...field('decimal', 'number', undefined, { column: 'board_rank', label: 'entity.field.boardRank', filterable: false, readOnly: true }),
  scale: 6,
  float: true,
  form: false,
};
export const TYPE_FIELD: BuiltinField = {
  ...field('reference', 'uuid', z.uuid({ error: 'validation' }), { column: 'type_id', label: 'entity.field.typeId', quick: true }),
  form: false,
};
export const NUMBER_FIELD: BuiltinField = field('numbering', 'text', undefined, { column: 'number', label: 'entity.field.number' });

export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// The caption key of an enum value (or the value itself when the values name themselves).
export const optionLabelKey = (f: Pick<BuiltinField, 'label' | 'optionLabels'>, value: string): string =>
  f.optionLabels === 'values' ? value : `${f.label}.${value}`;
