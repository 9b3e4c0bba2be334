import { z } from 'zod';
import { DATE_FORMATS, FILE_SIZE_LIMITS } from '../constants';
import { isDateInRange } from '../date-range';
import { isBuiltinName } from '../field-name';

// Entity fields (the spec's custom fields), §3: every kind and attribute.
export const FIELD_KINDS = [
  'singleLine',
  'multiLine',
  'radio',
  'checkbox',
  'dropdown',
  'dateTime',
  'symbol',
  'file',
  'heading',
  'infoPanel',
  'quote',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

// Content blocks structure a form; they hold no value.
export const CONTENT_BLOCK_KINDS = ['heading', 'infoPanel', 'quote'] as const satisfies readonly FieldKind[];
export const isContentBlock = (kind: FieldKind): boolean => (CONTENT_BLOCK_KINDS as readonly string[]).includes(kind);

export const FIELD_DATA_TYPES = [
  'text',
  'email',
  'url',
  'phone',
  'number',
  'decimal',
  'date',
  'dateTime',
  'time',
  'option',
  'options',
  'file',
  'none',
] as const;
export type FieldDataType = (typeof FIELD_DATA_TYPES)[number];

// Which data types each kind may carry; the first is the default.
export const KIND_DATA_TYPES: Record<FieldKind, readonly FieldDataType[]> = {
  singleLine: ['text', 'email', 'url', 'phone', 'number', 'decimal'],
  multiLine: ['text'],
  radio: ['option'],
  checkbox: ['options'],
  dropdown: ['option', 'options'],
  dateTime: ['dateTime', 'date', 'time'],
  symbol: ['decimal'],
  file: ['file'],
  heading: ['none'],
  infoPanel: ['none'],
  quote: ['none'],
};

// Bounds the spec leaves open (docs/decisions/011-entity-fields.md).
export const ENTITY_FIELD_LIMITS = {
  maxFields: 200,
  labelMax: 200,
  keyMax: 63,
  textMax: 10_000,
  singleLineMax: 500,
  helpTextMax: 500,
  tooltipMax: 200,
  affixMax: 20,
  optionsMax: 200,
  optionMax: 100,
  contentMax: 5_000,
  filesMax: 20,
  minOptions: { radio: 2, dropdown: 1, checkbox: 1 } as Partial<Record<FieldKind, number>>,
} as const;

export const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

// §5: http or https, a host with a dotted domain, an optional port and an optional path.
export const URL_PATTERN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const fieldOptionSchema = z.strictObject({
  value: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(ENTITY_FIELD_LIMITS.optionMax, { error: 'maxLength' }),
  label: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(ENTITY_FIELD_LIMITS.optionMax, { error: 'maxLength' }),
  color: z.string().max(20).optional(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

export const fileRefSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  contentType: z.string().max(200).optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

const flag = () => z.boolean().default(false);
const count = () => z.number().int().min(0).optional();

const entityFieldBase = z.strictObject({
  id: z.uuid().optional(),
  kind: z.enum(FIELD_KINDS),
  label: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(ENTITY_FIELD_LIMITS.labelMax, { error: 'maxLength' }),
  // a content block gets a generated key when it has none
  key: z
    .string()
    .trim()
    .max(ENTITY_FIELD_LIMITS.keyMax, { error: 'maxLength' })
    .regex(FIELD_KEY_PATTERN, { error: 'validation' })
    .refine((key) => !isBuiltinName(key), { error: 'validation' })
    .optional(),
  dataType: z.enum(FIELD_DATA_TYPES).optional(),
  prefix: z.string().max(ENTITY_FIELD_LIMITS.affixMax, { error: 'maxLength' }).optional(),
  suffix: z.string().max(ENTITY_FIELD_LIMITS.affixMax, { error: 'maxLength' }).optional(),
  dateFormat: z.enum(Object.values(DATE_FORMATS) as [string, ...string[]]).optional(),
  required: flag(),
  unique: flag(),
  hidden: flag(),
  hideOnPortal: flag(),
  readOnly: flag(),
  restricted: flag(),
  showOnList: flag(),
  multiselect: flag(),
  showPreview: flag(),
  helpText: z.string().max(ENTITY_FIELD_LIMITS.helpTextMax, { error: 'maxLength' }).optional(),
  tooltip: z.string().max(ENTITY_FIELD_LIMITS.tooltipMax, { error: 'maxLength' }).optional(),
  minCharacters: count(),
  maxCharacters: count(),
  minFiles: count(),
  maxFiles: z.number().int().min(1).max(ENTITY_FIELD_LIMITS.filesMax).optional(),
  maxFileSize: z.number().int().min(1).max(FILE_SIZE_LIMITS.largeFile, { error: 'fileSize' }).optional(),
  defaultValue: z.unknown().optional(),
  options: z.array(fieldOptionSchema).max(ENTITY_FIELD_LIMITS.optionsMax).optional(),
  // text of a heading, info panel or quote
  content: z.string().max(ENTITY_FIELD_LIMITS.contentMax, { error: 'maxLength' }).optional(),
  // as served; the type comes from the call (a PUT for a type names it in its path or query)
  typeId: z.uuid().nullable().optional(),
});

// A field definition as stored and served: key, data type and id always present.
export const entityFieldSchema = entityFieldBase.extend({
  id: z.uuid(),
  key: z.string(),
  dataType: z.enum(FIELD_DATA_TYPES),
  position: z.number().int(),
});
export type EntityField = z.infer<typeof entityFieldSchema>;

type FieldIssueSink = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void };

// Rules that look at one definition; the list rules (duplicates) are in entityFieldsPutSchema.
function checkField(f: z.output<typeof entityFieldBase>, ctx: FieldIssueSink, at: PropertyKey[] = []): void {
  const add = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path: [...at, ...path], message });
  const block = isContentBlock(f.kind);
  if (!block && !f.key) add(['key'], 'required');
  const allowed = KIND_DATA_TYPES[f.kind];
  if (f.dataType && !allowed.includes(f.dataType)) add(['dataType'], 'validation');
  const dataType = effectiveDataType(f);
  const minOptions = ENTITY_FIELD_LIMITS.minOptions[f.kind];
  if (minOptions !== undefined && (f.options?.length ?? 0) < minOptions) add(['options'], 'minimumOptions');
  if (f.options) {
    const seen = new Set<string>();
    f.options.forEach((o, i) => {
      if (seen.has(o.value.toLowerCase())) add(['options', i, 'value'], 'duplicateKey');
      seen.add(o.value.toLowerCase());
    });
  }
  if (f.minCharacters !== undefined && f.maxCharacters !== undefined && f.minCharacters > f.maxCharacters)
    add(['minCharacters'], 'validation');
  if (f.minFiles !== undefined && f.maxFiles !== undefined && f.minFiles > f.maxFiles) add(['minFiles'], 'validation');
  if (f.unique && !['text', 'email', 'url', 'phone', 'number', 'decimal'].includes(dataType)) add(['unique'], 'validation');
  if (f.multiselect && f.kind !== 'dropdown' && f.kind !== 'checkbox') add(['multiselect'], 'validation');
  if (f.defaultValue !== undefined && f.defaultValue !== null && !block) {
    const res = fieldValueSchema({ ...f, key: f.key ?? '', dataType }).safeParse(f.defaultValue);
    if (!res.success) add(['defaultValue'], res.error.issues[0]?.message ?? 'validation');
  }
}

export function effectiveDataType(f: {
  kind: FieldKind;
  dataType?: FieldDataType | undefined;
  multiselect?: boolean | undefined;
}): FieldDataType {
  if (f.kind === 'dropdown') return f.multiselect ? 'options' : 'option';
  const allowed = KIND_DATA_TYPES[f.kind];
  return f.dataType && allowed.includes(f.dataType) ? f.dataType : (allowed[0] ?? 'text');
}

export const entityFieldInputSchema = entityFieldBase.superRefine((f, ctx) => checkField(f, ctx));
export type EntityFieldInput = z.input<typeof entityFieldInputSchema>;

// PUT replaces the whole ordered list: array order is the form order (drag to reorder).
export const entityFieldsPutSchema = z
  .strictObject({ fields: z.array(entityFieldInputSchema).max(ENTITY_FIELD_LIMITS.maxFields) })
  .superRefine((v, ctx) => {
    const labels = new Map<string, number>();
    const keys = new Map<string, number>();
    v.fields.forEach((f, i) => {
      const label = f.label.toLowerCase();
      if (labels.has(label)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'label'], message: 'duplicateLabel' });
      labels.set(label, i);
      if (f.key) {
        const key = f.key.toLowerCase();
        if (keys.has(key)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: 'duplicateKey' });
        keys.set(key, i);
      }
    });
  })
  .meta({
    description:
      "Rules across a definition's values, each named by the field and code: `required`, a key for every field that is not a content block; " +
      '`validation`, a data type the kind allows, minimum not above maximum, `unique` only on text, e-mail, URL, phone and number fields, ' +
      '`multiselect` only on dropdowns and checkboxes; `minimumOptions`, the options a choice kind needs; `duplicateKey` and `duplicateLabel`, ' +
      'keys, labels and option values once each; a `defaultValue` valid for the field (`validation`, `maxLength`, `minLength`, `invalidEmail`, ' +
      '`invalidUrl`, `invalidOption`, `tooSmall`, `tooBig`, `dateOutOfRange`, `minimumFiles`, `maxFiles`, `fileSize`).',
  });
export type EntityFieldsPut = z.input<typeof entityFieldsPutSchema>;

export const entityFieldsQuerySchema = z.strictObject({
  entity: z.string().min(1).max(40),
  // the fields of one record type; without it the common fields
  typeId: z.uuid().optional(),
  // every field of the kind, common and of each type (forms switch fields with the type)
  all: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const customFieldValuesQuerySchema = z.strictObject({
  entity: z.string().min(1).max(40),
  id: z.uuid(),
});

// A list column, built-in or custom; `visible` is the default selection of the column chooser.
export const entityColumnSchema = z.object({
  key: z.string(),
  // the record type a custom field belongs to (null or absent: every record)
  typeId: z.uuid().nullable().optional(),
  label: z.string(),
  type: z.string(),
  custom: z.boolean(),
  sortable: z.boolean(),
  filterable: z.boolean(),
  visible: z.boolean(),
  options: z.array(fieldOptionSchema).optional(),
});
export type EntityColumn = z.infer<typeof entityColumnSchema>;

type ValueField = Pick<EntityField, 'kind' | 'key' | 'dataType'> &
  Partial<Pick<EntityField, 'minCharacters' | 'maxCharacters' | 'minFiles' | 'maxFiles' | 'maxFileSize' | 'options' | 'multiselect'>>;

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

// The schema of one non-empty value; messages are error codes (required, invalidEmail…).
export function fieldValueSchema(f: ValueField): z.ZodType {
  const text = (max: number) => {
    let s = z.string({ error: 'validation' }).trim();
    if (f.minCharacters !== undefined) s = s.min(f.minCharacters, { error: 'minLength' });
    s = s.max(Math.min(f.maxCharacters ?? max, max), { error: 'maxLength' });
    return s;
  };
  const optionValues = (f.options ?? []).map((o) => o.value);
  const option = z.string({ error: 'validation' }).refine((v) => optionValues.includes(v), { error: 'invalidOption' });
  switch (f.dataType) {
    case 'text':
      return text(f.kind === 'multiLine' ? ENTITY_FIELD_LIMITS.textMax : ENTITY_FIELD_LIMITS.singleLineMax);
    case 'email':
      return text(254).regex(EMAIL_PATTERN, { error: 'invalidEmail' });
    case 'url':
      return text(2000).regex(URL_PATTERN, { error: 'invalidUrl' });
    case 'phone':
      return text(40).regex(/^[+()\d][\d\s().\-/]*$/, { error: 'validation' });
    case 'number':
      return z.number({ error: 'validation' }).int({ error: 'validation' });
    case 'decimal':
      return z.number({ error: 'validation' }).finite({ error: 'validation' });
    case 'date':
      return z.iso.date({ error: 'validation' }).refine(isDateInRange, { error: 'dateOutOfRange' });
    case 'dateTime':
      return z.iso.datetime({ offset: true, error: 'validation' }).refine(isDateInRange, { error: 'dateOutOfRange' });
    case 'time':
      return z.iso.time({ error: 'validation' });
    case 'option':
      return option;
    case 'options':
      return z.array(option, { error: 'validation' }).max(ENTITY_FIELD_LIMITS.optionsMax);
    case 'file': {
      let files = z.array(fileRefSchema, { error: 'validation' }).max(f.maxFiles ?? ENTITY_FIELD_LIMITS.filesMax, { error: 'maxFiles' });
      if (f.minFiles !== undefined) files = files.min(f.minFiles, { error: 'minimumFiles' });
      const maxSize = f.maxFileSize;
      return maxSize === undefined ? files : files.refine((list) => list.every((x) => x.size <= maxSize), { error: 'fileSize' });
    }
    case 'none':
      return z.never({ error: 'readOnlyField' });
  }
}

export type CustomFieldsSchemaOptions = {
  // keys whose required rule is not checked (hidden, read-only, restricted for this caller)
  skipRequired?: ReadonlySet<string>;
};

// The zod schema of a customFields object, built from the definitions (ARCHITECTURE §3).
// Empty values (null, '', []) are allowed unless the field is required; unknown keys fail.
export function customFieldsSchema(
  fields: readonly ValueField[] & readonly Partial<Pick<EntityField, 'required'>>[],
  opts: CustomFieldsSchemaOptions = {},
) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (isContentBlock(f.kind)) continue;
    const value = fieldValueSchema(f);
    const required = f.required === true && !opts.skipRequired?.has(f.key);
    shape[f.key] = z.unknown().superRefine((v, ctx) => {
      if (isEmptyValue(v)) {
        if (required) ctx.addIssue({ code: 'custom', message: 'required' });
        // a minimum number of files makes the field mandatory, with its own message
        else if (f.dataType === 'file' && (f.minFiles ?? 0) > 0 && !opts.skipRequired?.has(f.key))
          ctx.addIssue({ code: 'custom', message: 'minimumFiles' });
        return;
      }
      const res = value.safeParse(v);
      // the broken limit travels on (params), so the answer can say "at most 10 characters"
      if (!res.success)
        for (const issue of res.error.issues)
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            path: issue.path,
            ...(issue.code === 'too_big' ? { params: { maximum: Number(issue.maximum) } } : {}),
            ...(issue.code === 'too_small' ? { params: { minimum: Number(issue.minimum) } } : {}),
          });
    });
  }
  return z.strictObject(shape);
}
