import { z } from 'zod';
import type { EntityKind, SavedViewKey } from '../enums';
import type { Permission } from '../permissions';
import type { EntityListSort, FilterValueType } from './list-query.schema';

// A built-in field as the list query, the column chooser and JSON Patch see it.
export type BuiltinField = {
  label: string;
  type: Exclude<FilterValueType, 'array'>;
  // system fields (id, timestamps) are read but never written through the API
  readOnly?: boolean;
  sortable?: boolean;
  filterable?: boolean;
};

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
] as const;
export type EntityCapability = (typeof ENTITY_CAPABILITIES)[number];
export type EntityCapabilities = Record<EntityCapability, boolean>;

export type EntityPermissions = {
  view: Permission;
  create: Permission;
  manage: Permission;
  timeline: Permission;
  // defines entity fields and workflows
  settings: Permission;
  viewRestricted: Permission;
  manageRestricted: Permission;
};

// Fields every engine entity carries besides its own (ARCHITECTURE §3 concurrency, archive,
// custom fields, workflow stage).
export const SYSTEM_FIELDS: Record<string, BuiltinField> = {
  id: { label: 'Id', type: 'uuid', readOnly: true, sortable: false },
  version: { label: 'Version', type: 'number', readOnly: true, sortable: false, filterable: false },
  archived: { label: 'Archived', type: 'boolean', readOnly: true, sortable: false, filterable: false },
  createdAt: { label: 'Created', type: 'dateTime', readOnly: true },
  updatedAt: { label: 'Updated', type: 'dateTime', readOnly: true },
  archivedAt: { label: 'Archived at', type: 'dateTime', readOnly: true },
};
export const WORKFLOW_STAGE_FIELD: BuiltinField = { label: 'Stage', type: 'uuid' };

const engineRowShape = {
  id: z.uuid(),
  version: z.number().int(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customFields: z.record(z.string(), z.unknown()),
  workflowStage: z.uuid().nullable().optional(),
};
const engineWriteShape = {
  // when omitted on PUT the stored values stay; see docs/decisions/010-entity-engine.md
  customFields: z.record(z.string(), z.unknown()).optional(),
  workflowStage: z.uuid({ error: 'invalidStage' }).nullable().optional(),
};

export type EntityDefinitionInput<C extends z.ZodRawShape, R extends z.ZodRawShape> = {
  kind: EntityKind;
  // API path of the entity, e.g. /api/v1/contacts
  basePath: string;
  label: { singular: string; plural: string };
  // writable built-in fields (create and PUT bodies)
  write: C;
  // read-only built-in fields shown on rows besides the writable ones
  read?: R;
  fields: Record<string, BuiltinField>;
  searchFields: readonly string[];
  defaultColumns: readonly string[];
  defaultSort: readonly EntityListSort[];
  savedViewKey: SavedViewKey;
  permissions: EntityPermissions;
  capabilities: Partial<EntityCapabilities>;
};

export function defineEntity<C extends z.ZodRawShape, R extends z.ZodRawShape = Record<never, never>>(input: EntityDefinitionInput<C, R>) {
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
    ...input.capabilities,
  };
  const writeKeys = Object.keys(input.write);
  for (const key of writeKeys) {
    if (!input.fields[key]) throw new Error(`${input.kind}: writable field ${key} has no field metadata`);
  }
  for (const key of input.searchFields) {
    if (!input.fields[key]) throw new Error(`${input.kind}: search field ${key} is not a field`);
  }
  const fields: Record<string, BuiltinField> = {
    ...SYSTEM_FIELDS,
    ...input.fields,
    ...(capabilities.workflowStage ? { workflowStage: WORKFLOW_STAGE_FIELD } : {}),
  };
  const create = z.strictObject({ ...input.write, ...engineWriteShape });
  // stored rows hold null where a write left a field empty
  const nullableWrite = Object.fromEntries(Object.entries(input.write).map(([k, s]) => [k, (s as z.ZodType).nullable()])) as unknown as {
    [K in keyof C]: z.ZodNullable<C[K]>;
  };
  const row = z.object({ ...engineRowShape, ...nullableWrite, ...(input.read ?? ({} as R)) });
  return {
    kind: input.kind,
    basePath: input.basePath,
    label: input.label,
    fields,
    writableFields: [...writeKeys, ...(capabilities.workflowStage ? ['workflowStage'] : [])] as readonly string[],
    searchFields: input.searchFields,
    defaultColumns: input.defaultColumns,
    defaultSort: input.defaultSort,
    savedViewKey: input.savedViewKey,
    permissions: input.permissions,
    capabilities,
    schemas: {
      create,
      // PUT replaces every built-in field: an omitted optional field becomes empty
      update: create,
      row,
    },
  };
}

// What the engine needs of any definition; defineEntity's result keeps the precise schemas.
export type EntityDefinition = {
  kind: EntityKind;
  basePath: string;
  label: { singular: string; plural: string };
  fields: Record<string, BuiltinField>;
  writableFields: readonly string[];
  searchFields: readonly string[];
  defaultColumns: readonly string[];
  defaultSort: readonly EntityListSort[];
  savedViewKey: SavedViewKey;
  permissions: EntityPermissions;
  capabilities: EntityCapabilities;
  schemas: { create: z.ZodType; update: z.ZodType; row: z.ZodType };
};
