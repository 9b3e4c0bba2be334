import type { EntityDefinition, EntityKind } from '@atrium/domain';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../context';
import type { Router } from '../router';

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

export type RegisteredEntity = {
  definition: EntityDefinition;
  table: PgTable;
  tableName: string;
  // TS property name → column; property names equal the entity's field names
  columns: Record<string, PgColumn>;
  hooks: EntityHooks;
};

// Entities registered on one router: the generic core routes (entity fields, activity,
// workflows) look an entity kind up here.
const registries = new WeakMap<Router, Map<EntityKind, RegisteredEntity>>();

export function entityRegistry(router: Router): Map<EntityKind, RegisteredEntity> {
  let map = registries.get(router);
  if (!map) {
    map = new Map();
    registries.set(router, map);
  }
  return map;
}

export function bindEntity(definition: EntityDefinition, table: PgTable, hooks: EntityHooks = {}): RegisteredEntity {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const required = ['tenantId', 'id', 'version', 'customFields', 'archivedAt', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
  for (const key of [...required, ...definition.writableFields]) {
    if (!columns[key]) throw new Error(`${definition.kind}: table ${getTableName(table)} has no column for ${key}`);
  }
  return { definition, table, tableName: getTableName(table), columns, hooks };
}
