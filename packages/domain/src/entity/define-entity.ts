import { z } from 'zod';
import type { ActivityFeedType } from './activity.schema';
import type { EntityKind, SavedViewKey } from '../enums';
import type { ErrorCode } from '../errors';
import type { Permission, PlanPermission } from '../permissions';
import { BOARD_RANK_FIELD, NUMBER_FIELD, SYSTEM_FIELDS, TYPE_FIELD, WORKFLOW_STAGE_FIELD, snakeCase, type BuiltinField } from './fields';
import type { EntityListSort } from './list-query.schema';
import { GENERIC_DEFAULT_STAGES, type DefaultStage } from './workflow.schema';

export const ENTITY_CAPABILITIES = [
  'archive',
  'customFields',
  'notes',
  'documents',
  'tags',
  'collaborators',
  'linkedEntities',
  'workflowStage',
  'importExport',
  // e-mail templates and "send e-mail" from a record's page (decision 075)
  'email',
  // the AI prompt on a record's page (decision 077); needs permissions.ai
  'ai',
] as const;
export type EntityCapability = (typeof ENTITY_CAPABILITIES)[number];
export type EntityCapabilities = Record<EntityCapability, boolean>;

// What a kind of business record usually has: archive, custom fields and every shared record
// feature. A definition spreads it and adds its own (stages, import/export).
export const RECORD_CAPABILITIES = {
  archive: true,
  customFields: true,
  notes: true,
  documents: true,
  tags: true,
  collaborators: true,
  linkedEntities: true,
  email: true,
} as const satisfies Partial<EntityCapabilities>;

// The permission each feature of a kind needs. Shared-record permissions a module does not
// have (e.g. Helpdesk has no AddNote) are null: viewing the record is then enough.
export type EntityPermissions = {
  view: Permission;
  create: Permission;
  manage: Permission;
  delete: Permission;
  timeline: Permission;
  // defines entity fields, workflows and types
  settings: Permission;
  viewRestricted: Permission;
  manageRestricted: Permission;
  addNote: Permission | null;
  manageNotes: Permission | null;
  addDocument: Permission | null;
  manageDocuments: Permission | null;
  // run imports (exports) of the kind and see, retry, delete, undo one's own (decision 078)
  import: Permission | null;
  export: Permission | null;
  // also see everybody's imports (exports) of the kind, and their files and rejected rows
  viewImports: Permission | null;
  viewExports: Permission | null;
  // also delete, retry and undo everybody's
  manageImports: Permission | null;
  manageExports: Permission | null;
  // the AI prompt on a record (View{product}AI)
  ai: Permission | null;
};
export type EntityFeature = keyof EntityPermissions;

// A many-to-many relation with generated list/link/unlink calls. `alsoVia` names a reference
// field of the target kind whose records count as members too (e.g. the contacts whose
// organization is this one, besides the linked ones).
export type EntityRelation = { target: EntityKind; path: string; label: string; alsoVia?: string };

// `owners`: the kinds whose records may own workflows of this kind (the scope field's target,
// and e.g. a project template whose stages a new project copies)
export type WorkflowScope = { field: string; owners: readonly EntityKind[] };
// The record whose roles add to a caller's permissions on this one (spec §6: project roles): a
// task's project (`projectId`), or the record itself (`id`). The owner kind's module provides
// what a caller's role there grants; the engine merges it into create, manage and delete.
export type RoleScope = { field: string };
// `card`: the fields a card shows under its title; `due`: the date that marks a card overdue
// while it is in a stage that is not closed (Won, Lost, Closed)
export type EntityBoard = {
  sum: string;
  outcome?: { field: string; reason: string };
  card?: readonly string[];
  due?: string;
};

export type EntityOldSlugs = { field: string; scope?: string };
export type EntityNumbering = { prefix: string; scope?: { field: string; prefixField: string } };

export type EntityDefinitionInput = {
  kind: EntityKind;
  // module folder and caption prefix: captions live under <module>.<kind in camelCase>.*
  module: string;
  // API path, e.g. /api/v1/organizations
  basePath: string;
  // web path and navigation icon: the name of an @ant-design/icons component, e.g. 'ContactsOutlined'
  web: { path: string; icon: `${string}${'Outlined' | 'Filled' | 'TwoTone'}` };
  // the record's title, used by lists, links, lookups, activity and notifications
  title: { fields: readonly string[] };
  fields: Record<string, BuiltinField>;
  searchFields: readonly string[];
  defaultColumns: readonly string[];
  defaultSort: readonly EntityListSort[];
  // the spec's named list key (spec §2); a kind without one has no saved views
  savedViewKey?: SavedViewKey;
  // spec §5 "an old slug redirects": the engine keeps the slugs `field` had, unique within the
  // record's `scope` (a reference field; none: the workspace), each leading to its record until a
  // record of the same scope takes it again (platform/entity/old-slugs.repository.ts)
  oldSlugs?: EntityOldSlugs;
  permissions: Omit<
    EntityPermissions,
    | 'delete'
    | 'addNote'
    | 'manageNotes'
    | 'addDocument'
    | 'manageDocuments'
    | 'import'
    | 'export'
    | 'viewImports'
    | 'viewExports'
    | 'manageImports'
    | 'manageExports'
    | 'ai'
  > &
    Partial<EntityPermissions>;
  capabilities: Partial<EntityCapabilities>;
  // stages a new workflow starts with (capability workflowStage)
  defaultStages?: readonly DefaultStage[];
  // the activity feed tabs that apply to this kind
  feedTypes?: readonly ActivityFeedType[];
  // records have a type (contact types, opportunity types…) that selects extra custom fields
  types?: { basePath: string };
  // per-workspace numbers such as ORG-42, gap-free; with `scope`, numbered per referenced record
  // and prefixed by one of its fields (a task is ATR-12: the 12th task of the project coded ATR)
  numbering?: EntityNumbering;
  // the kind's workflows belong to the record its reference field `field` names (a task's
  // stages are its project's): a record's stage must be one of that record's workflows, and a
  // new one starts in the first stage of that record's default workflow
  workflowScope?: WorkflowScope;
  // a reference field to the same kind that makes a tree (parent organization)
  hierarchy?: { field: string };
  relations?: Record<string, Omit<EntityRelation, 'label' | 'path'> & { path?: string }>;
  // fields whose equal value marks a likely duplicate (an e-mail, a phone number, a name):
  // creating such a record warns, and two records can be merged (decision 026)
  duplicates?: readonly string[];
  // the board's column totals: the count and the sum of this money or number field per stage;
  // `outcome`: a card moved into a Won or Lost stage asks why, and records the outcome (an
  // enumeration with the values Won and Lost) and the reason (a text field)
  board?: EntityBoard;
  // notification rule events of this kind besides the shared ones (RULE_EVENTS), raised by its module
  events?: readonly string[];
  // plan features that unlock defining the kind's custom fields or record types (task custom
  // fields and task types are Projects Pro)
  planGates?: PlanGates;
  roleScope?: RoleScope;
  // a record is read-only once `field` has a value (a converted lead: convertedAt): a write, a
  // board move or a move to the recycle bin answers 409 `code` and writes nothing; archiving
  // stays possible, and the record page shows the form read-only
  lockedWhen?: LockedWhen;
};

export type LockedWhen = { field: string; code: ErrorCode };

export type PlanGates = { customFields?: PlanPermission; types?: PlanPermission };

const camel = (kind: string) => kind.charAt(0).toLowerCase() + kind.slice(1);

// '' from a form means "no value"; a required field then reports `required`.
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
function writeSchema(f: BuiltinField): z.ZodType {
  const schema = f.schema as z.ZodType;
  if (f.required) {
    // a missing value reports only `required`, not the value schema's complaint too; the value
    // schema is what the API document shows (a preprocess documents its target schema)
    return z.preprocess((v, ctx) => {
      const value = emptyToNull(v);
      if (value !== undefined && value !== null) return value;
      ctx.addIssue({ code: 'custom', message: 'required', input: v });
      return z.NEVER;
    }, schema);
  }
  return z.preprocess(emptyToNull, schema.nullable().optional());
}

const refShape = z.object({ id: z.uuid(), title: z.string() });
export type RecordRef = z.infer<typeof refShape>;

// Values only a stored row has: engine columns, the title, expanded references.
const engineRowShape = {
  id: z.uuid(),
  version: z.number().int(),
  title: z.string(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customFields: z.record(z.string(), z.unknown()),
  // kinds with tags: the record's tags, for the list's tags column
  tags: z.array(z.object({ id: z.uuid(), name: z.string(), color: z.string() })).optional(),
};

function rowValue(f: BuiltinField): z.ZodType {
  switch (f.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
      return z.number().nullable();
    case 'boolean':
      return z.boolean();
    case 'json':
      return z.unknown();
    default:
      return z.string().nullable();
  }
}

export function defineEntity(input: EntityDefinitionInput): EntityDefinition {
  const capabilities: EntityCapabilities = {
    archive: false,
    customFields: false,
    notes: false,
    documents: false,
    tags: false,
    collaborators: false,
    linkedEntities: false,
    workflowStage: false,
    importExport: false,
    email: false,
    ai: false,
    ...input.capabilities,
  };
  const captionKey = `${input.module}.${camel(input.kind)}`;
  const own: Record<string, BuiltinField> = {};
  for (const [key, f] of Object.entries(input.fields)) {
    if (f.kind === 'reference' && !key.endsWith('Id')) throw new Error(`${input.kind}: reference field ${key} must end in Id`);
    own[key] = {
      ...f,
      label: f.label || `${captionKey}.field.${key}`,
      column: f.column || snakeCase(key),
      ...(f.kind === 'reference' ? { expand: key.slice(0, -2) } : {}),
    };
  }
  const fields: Record<string, BuiltinField> = {
    ...SYSTEM_FIELDS,
    ...(input.numbering ? { number: NUMBER_FIELD } : {}),
    ...own,
    ...(input.types ? { typeId: TYPE_FIELD } : {}),
    ...(capabilities.workflowStage ? { workflowStage: WORKFLOW_STAGE_FIELD, boardRank: BOARD_RANK_FIELD } : {}),
  };
  for (const key of [...input.searchFields, ...input.title.fields, ...input.defaultColumns]) {
    if (!fields[key]) throw new Error(`${input.kind}: ${key} is not a field`);
  }
  for (const key of input.duplicates ?? []) {
    const kind = fields[key]?.kind;
    if (kind !== 'text' && kind !== 'email' && kind !== 'phone')
      throw new Error(`${input.kind}: duplicate key ${key} must be text, e-mail or phone`);
  }
  if (input.board && !['money', 'decimal', 'integer'].includes(fields[input.board.sum]?.kind ?? ''))
    throw new Error(`${input.kind}: board sum ${input.board.sum} must be a money or number field`);
  for (const key of input.board?.card ?? []) if (!fields[key]) throw new Error(`${input.kind}: board card field ${key} is not a field`);
  if (input.oldSlugs && fields[input.oldSlugs.field]?.kind !== 'text')
    throw new Error(`${input.kind}: old slugs of ${input.oldSlugs.field}, which is no text (slug) field`);
  if (input.oldSlugs?.scope && fields[input.oldSlugs.scope]?.kind !== 'reference')
    throw new Error(`${input.kind}: old slugs scoped by ${input.oldSlugs.scope}, which is no reference field`);
  if (input.board?.due && fields[input.board.due]?.kind !== 'date')
    throw new Error(`${input.kind}: board due ${input.board.due} must be a date field`);
  const outcome = input.board?.outcome;
  if (outcome) {
    const values = fields[outcome.field]?.options ?? [];
    if (!values.includes('Won') || !values.includes('Lost'))
      throw new Error(`${input.kind}: board outcome ${outcome.field} must be an enumeration with Won and Lost`);
    if (!['text', 'longText'].includes(fields[outcome.reason]?.kind ?? ''))
      throw new Error(`${input.kind}: board outcome reason ${outcome.reason} must be a text field`);
  }
  const numberScope = input.numbering?.scope;
  if (numberScope && (fields[numberScope.field]?.kind !== 'reference' || !fields[numberScope.field]?.required))
    throw new Error(`${input.kind}: numbering scope ${numberScope.field} must be a required reference`);
  const workflowScope = input.workflowScope?.field;
  if (workflowScope && (!capabilities.workflowStage || !fields[workflowScope]?.required || fields[workflowScope]?.kind !== 'reference'))
    throw new Error(`${input.kind}: workflowScope needs stages and a required reference field`);
  const roleScope = input.roleScope?.field;
  if (roleScope && roleScope !== 'id' && (fields[roleScope]?.kind !== 'reference' || !fields[roleScope]?.required))
    throw new Error(`${input.kind}: roleScope ${roleScope} must be id or a required reference`);
  if (input.hierarchy && fields[input.hierarchy.field]?.target !== input.kind)
    throw new Error(`${input.kind}: hierarchy field must reference ${input.kind}`);
  if (input.lockedWhen && !fields[input.lockedWhen.field]?.readOnly)
    throw new Error(`${input.kind}: lockedWhen ${input.lockedWhen.field} must be a field the server sets (readOnly)`);

  const writableFields = Object.keys(fields).filter((k) => !fields[k]?.readOnly);
  // the kind's write and row schemas, built on first use: a page of the web app evaluates every
  // kind's definition and uses one kind's schemas or none (issue 20: ~10–25 ms of zod's schema
  // building at start-up otherwise); the server builds them all as it registers the routes
  const buildSchemas = (): { create: z.ZodType; row: z.ZodType } => {
    const write: Record<string, z.ZodType> = {};
    for (const key of writableFields) write[key] = writeSchema(fields[key] as BuiltinField);
    // values of a field that only the server sets (a lead's Converted) are a rule JSON Schema
    // cannot state beside the enumeration: the body's description names it by its code
    const serverRules = Object.entries(fields).flatMap(([key, f]) =>
      f.serverValues && f.serverValues.length > 0 && writableFields.includes(key)
        ? [`Rule \`${f.serverValuesCode ?? 'readOnlyField'}\`: ${key} ${f.serverValues.join(', ')} is set by the server only.`]
        : [],
    );
    // a rule inside one structured value (no two attribute names alike, ignoring case) is stated
    // by the value's schema as "Rule `code`: …"; the body names it with the field
    for (const key of writableFields) {
      const said = (fields[key]?.schema as z.ZodType | undefined)?.meta()?.description;
      if (typeof said === 'string' && said.startsWith('Rule `')) serverRules.push(said.replace(/^(Rule `[^`]+`:)/, `$1 ${key}:`));
    }
    const createObject = z.strictObject({
      ...write,
      // when omitted on PUT the stored values stay; see docs/decisions/010-entity-engine.md
      customFields: z.record(z.string(), z.unknown()).optional(),
    });
    const create = serverRules.length > 0 ? createObject.meta({ description: serverRules.join(' ') }) : createObject;

    const read: Record<string, z.ZodType> = {};
    for (const [key, f] of Object.entries(fields)) {
      if (f.kind === 'system') continue;
      // a field that needs a permission to read is left out of the rows of callers without it
      read[key] = f.readPermission ? rowValue(f).optional() : rowValue(f);
      if (f.expand) read[f.expand] = f.readPermission ? refShape.nullable().optional() : refShape.nullable();
    }
    const row = z.object({ ...read, ...engineRowShape });
    return { create, row };
  };
  let built: { create: z.ZodType; row: z.ZodType } | undefined;
  const schemas = (): { create: z.ZodType; row: z.ZodType } => (built ??= buildSchemas());

  const p = input.permissions;
  const permissions: EntityPermissions = {
    delete: p.manage,
    addNote: null,
    manageNotes: null,
    addDocument: null,
    manageDocuments: null,
    import: null,
    export: null,
    viewImports: null,
    viewExports: null,
    manageImports: null,
    manageExports: null,
    ai: null,
    ...p,
  };
  if (capabilities.ai && !permissions.ai) throw new Error(`${input.kind}: capability ai needs permissions.ai`);
  const relations: Record<string, EntityRelation> = {};
  for (const [name, r] of Object.entries(input.relations ?? {})) {
    relations[name] = { ...r, path: r.path ?? name, label: `${captionKey}.relation.${name}` };
  }

  return {
    kind: input.kind,
    module: input.module,
    captionKey,
    basePath: input.basePath,
    web: { ...input.web, settingsPath: `/settings${input.web.path}` },
    title: input.title,
    fields,
    writableFields,
    searchFields: input.searchFields,
    defaultColumns: input.defaultColumns,
    defaultSort: input.defaultSort,
    ...(input.savedViewKey ? { savedViewKey: input.savedViewKey } : {}),
    ...(input.oldSlugs ? { oldSlugs: input.oldSlugs } : {}),
    permissions,
    capabilities,
    defaultStages: input.defaultStages ?? GENERIC_DEFAULT_STAGES,
    feedTypes: input.feedTypes ?? (['All Activity', 'Note', 'Attachment', 'Email'] as const),
    ...(input.types ? { types: { basePath: input.types.basePath, captionKey: `${captionKey}Type` } } : {}),
    ...(input.numbering ? { numbering: input.numbering } : {}),
    ...(input.workflowScope ? { workflowScope: input.workflowScope } : {}),
    ...(input.hierarchy ? { hierarchy: input.hierarchy } : {}),
    relations,
    duplicates: input.duplicates ?? [],
    ...(input.board ? { board: input.board } : {}),
    events: input.events ?? [],
    planGates: input.planGates ?? {},
    ...(input.roleScope ? { roleScope: input.roleScope } : {}),
    ...(input.lockedWhen ? { lockedWhen: input.lockedWhen } : {}),
    schemas: {
      get create() {
        return schemas().create;
      },
      get update() {
        return schemas().create;
      },
      get row() {
        return schemas().row;
      },
    },
  };
}

// What the engine needs of any definition.
export type EntityDefinition = {
  kind: EntityKind;
  module: string;
  captionKey: string;
  basePath: string;
  web: { path: string; icon: string; settingsPath: string };
  title: { fields: readonly string[] };
  fields: Record<string, BuiltinField>;
  writableFields: readonly string[];
  searchFields: readonly string[];
  defaultColumns: readonly string[];
  defaultSort: readonly EntityListSort[];
  savedViewKey?: SavedViewKey;
  oldSlugs?: EntityOldSlugs;
  permissions: EntityPermissions;
  capabilities: EntityCapabilities;
  defaultStages: readonly DefaultStage[];
  feedTypes: readonly ActivityFeedType[];
  types?: { basePath: string; captionKey: string };
  numbering?: EntityNumbering;
  workflowScope?: WorkflowScope;
  hierarchy?: { field: string };
  relations: Record<string, EntityRelation>;
  duplicates: readonly string[];
  board?: EntityBoard;
  events: readonly string[];
  planGates: PlanGates;
  roleScope?: RoleScope;
  lockedWhen?: LockedWhen;
  schemas: { create: z.ZodType; update: z.ZodType; row: z.ZodType };
};

// A record as the API serves it: engine values, built-in fields and expanded references.
export type EntityRecord = z.infer<z.ZodObject<typeof engineRowShape>> & Record<string, unknown>;

// The title of a record as the server computes it (title fields joined by a space).
export const recordTitle = (definition: Pick<EntityDefinition, 'title'>, record: Record<string, unknown>): string =>
  definition.title.fields
    .map((k) => record[k])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');
