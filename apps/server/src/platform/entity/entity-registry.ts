import type { EntityDefinition, EntityKind, Permission } from '@atrium/domain';
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../context';

export type EntityRow = Record<string, unknown>;

// Per-entity hooks around the generic writes. `before*` may return changed values.
export type EntityHooks = {
  beforeCreate?: (ctx: TenantContext, values: EntityRow) => Promise<EntityRow | void>;
  afterCreate?: (ctx: TenantContext, row: EntityRow) => Promise<void>;
  beforeUpdate?: (ctx: TenantContext, values: EntityRow, before: EntityRow) => Promise<EntityRow | void>;
  afterUpdate?: (ctx: TenantContext, row: EntityRow, before: EntityRow) => Promise<void>;
  beforeDelete?: (ctx: TenantContext, row: EntityRow) => Promise<void>;
  afterDelete?: (ctx: TenantContext, row: EntityRow) => Promise<void>;
};

// Narrows the rows a caller sees (project members only, a portal user's own requests…): a
// condition on the table alias `t`, or undefined when the caller sees every row. Applied to
// list, get, update, delete, archive and every shared-record call alike.
export type RowVisibility = (ctx: TenantContext) => SQL | undefined;

// Roles per record (role-scope.ts): a condition that the caller's role in the owner whose id is
// `owner` grants `permission` — an EXISTS the owner kind's module writes on its members' index.
export type RoleGrantSql = (ctx: TenantContext, owner: SQL, permission: Permission) => SQL;

// a Drizzle table as the engine's callers pass it (registerEntity's table and relations)
export type DbTable = PgTable;

export type RegisteredRelation = { name: string; table: DbTable; tableName: string };

export type RegisteredEntity = {
  definition: EntityDefinition;
  table: PgTable;
  tableName: string;
  // TS property name → column; property names equal the entity's field names
  columns: Record<string, PgColumn>;
  hooks: EntityHooks;
  visibility?: RowVisibility;
  relations: Map<string, RegisteredRelation>;
  // every registered kind on the same router: references and relations resolve through it
  registry: ReadonlyMap<EntityKind, RegisteredEntity>;
};

// Entities registered on one router: the generic core routes (entity fields, activity,
// workflows, shared records) look an entity kind up here. Keyed by the app's router, typed as an
// `object`: the router imports the registry, which needs nothing of the router but its identity.
const registries = new WeakMap<object, Map<EntityKind, RegisteredEntity>>();

export function entityRegistry(router: object): Map<EntityKind, RegisteredEntity> {
  let map = registries.get(router);
  if (!map) {
    map = new Map();
    registries.set(router, map);
  }
  return map;
}

export type BindOptions = {
  hooks?: EntityHooks;
  visibility?: RowVisibility;
  relations?: Record<string, PgTable>;
};

export function bindEntity(
  definition: EntityDefinition,
  table: PgTable,
  registry: ReadonlyMap<EntityKind, RegisteredEntity>,
  opts: BindOptions = {},
): RegisteredEntity {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const required = [
    'tenantId',
    'id',
    'version',
    'customFields',
    'archivedAt',
    'deletedAt',
    'deletedBy',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
  ];
  for (const key of [...required, ...Object.keys(definition.fields)]) {
    if (!columns[key]) throw new Error(`${definition.kind}: table ${getTableName(table)} has no column for ${key}`);
  }
  const relations = new Map<string, RegisteredRelation>();
  for (const name of Object.keys(definition.relations)) {
    const rel = opts.relations?.[name];
    if (!rel) throw new Error(`${definition.kind}: relation ${name} needs its table`);
    relations.set(name, { name, table: rel, tableName: getTableName(rel) });
  }
  return {
    definition,
    table,
    tableName: getTableName(table),
    columns,
    hooks: opts.hooks ?? {},
    ...(opts.visibility ? { visibility: opts.visibility } : {}),
    relations,
    registry,
  };
}

// The registered entity a reference field points at (registered by now: routes resolve lazily).
// A user reference has no registered target: see linkTargetOf in entity-sql.ts.
export function targetOf(ent: RegisteredEntity, field: string): RegisteredEntity {
  const kind = ent.definition.fields[field]?.target;
  const target = kind && kind !== 'User' ? ent.registry.get(kind) : undefined;
  if (!target) throw new Error(`${ent.definition.kind}.${field}: ${kind ?? 'its target'} is not registered`);
  return target;
}
