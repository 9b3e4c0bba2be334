import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../table-helpers';

// Custom field definitions per tenant, entity kind and optional type (contact type,
// opportunity type). The definition itself is one jsonb document; key and position are
// columns because they are unique and ordered.
export const entityFields = pgTable(
  'entity_fields',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    typeId: uuid('type_id'),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('entity_fields_key_key').on(t.tenantId, t.entityKind, t.typeId, t.key).nullsNotDistinct(),
  ],
);

// Values of custom fields marked unique: the primary key makes the database refuse a
// duplicate even when two writes race (ARCHITECTURE §3), which a read-then-write would not.
export const entityUniqueValues = pgTable(
  'entity_unique_values',
  {
    tenantId: uuid('tenant_id').notNull(),
    entityKind: text('entity_kind').notNull(),
    fieldKey: text('field_key').notNull(),
    value: text('value').notNull(),
    entityId: uuid('entity_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entityKind, t.fieldKey, t.value] }),
    index('entity_unique_values_entity_idx').on(t.tenantId, t.entityKind, t.entityId),
  ],
);

// One row per change of any entity, written in the transaction of the change.
export const activities = pgTable(
  'activities',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    entityId: uuid('entity_id').notNull(),
    type: text('type').notNull(),
    action: text('action').notNull(),
    field: text('field'),
    before: jsonb('before'),
    after: jsonb('after'),
    // a change of a restricted field is shown only to holders of ViewRestrictedFields
    restricted: boolean('restricted').notNull().default(false),
    // portal feeds (isPortal=true) show only rows meant for portal users
    portalVisible: boolean('portal_visible').notNull().default(false),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // rows of one transaction share created_at; seq keeps their order
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('activities_entity_idx').on(t.tenantId, t.entityKind, t.entityId, t.createdAt, t.seq),
  ],
);

// Idempotency-Key of create calls: the first answer is stored and replayed.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.actorId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.tenantId, t.createdAt),
  ],
);

export const workflows = pgTable(
  'workflows',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    typeId: uuid('type_id'),
    // the record whose own workflows these are (a project's task stages, a template's), null for
    // the workspace's; no foreign key: the owner may be of any kind its definition names
    scopeId: uuid('scope_id'),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('workflows_name_key').on(t.tenantId, t.entityKind, t.typeId, t.scopeId, t.name).nullsNotDistinct(),
    index('workflows_scope_idx').on(t.tenantId, t.scopeId),
  ],
);

// Stages are ordered by a fractional key (sort_order, compared bytewise), so moving a stage
// rewrites only that stage's row.
export const workflowStages = pgTable(
  'workflow_stages',
  {
    ...tenantColumns(),
    workflowId: uuid('workflow_id').notNull(),
    name: text('name').notNull(),
    stageType: text('stage_type').notNull(),
    color: text('color').notNull(),
    sortOrder: text('sort_order').notNull(),
    // a board column's work-in-progress limit (null: none)
    wipLimit: integer('wip_limit'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('workflow_stages_order_key').on(t.tenantId, t.workflowId, t.sortOrder),
    unique('workflow_stages_name_key').on(t.tenantId, t.workflowId, t.name),
    foreignKey({
      columns: [t.tenantId, t.workflowId],
      foreignColumns: [workflows.tenantId, workflows.id],
      name: 'workflow_stages_workflow_fk',
    }).onDelete('cascade'),
  ],
);

// Types of a kind's records (contact types…); a record's type_id selects extra custom fields
// (entity_fields.type_id).
export const entityTypes = pgTable(
  'entity_types',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('entity_types_name_key').on(t.tenantId, t.entityKind, sql`lower(${t.name})`),
  ],
);

// The last number given per kind (ORG-42): taking the next one locks the row until the
// creating transaction ends, so numbers are gap-free even when creates race or roll back.
export const entityCounters = pgTable(
  'entity_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    entityKind: text('entity_kind').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.entityKind] })],
);

// Slugs a record had before (spec §5: an old slug redirects), for kinds that declare `oldSlugs`:
// unique within the kind and scope (the record's scope reference, or the workspace's id), each
// leading to its record until a record of the same scope takes the slug again (old-slugs.ts).
export const entityOldSlugs = pgTable(
  'entity_old_slugs',
  {
    ...tenantColumns(),
    entityKind: text('entity_kind').notNull(),
    scopeId: uuid('scope_id').notNull(),
    slug: text('slug').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('entity_old_slugs_key').on(t.tenantId, t.entityKind, t.scopeId, t.slug),
    index('entity_old_slugs_entity_idx').on(t.tenantId, t.entityId),
  ],
);
