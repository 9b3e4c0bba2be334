import type { EntityField, EntityKind } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../context';
import { inIdList } from '../sql.util';
import { cachedDefinition, definitionsChanged } from './definitions-cache';

type FieldRow = { id: string; key: string; position: number; type_id: string | null; definition: Record<string, unknown> };

const toField = (r: FieldRow): EntityField => ({
  ...(r.definition as Omit<EntityField, 'id' | 'key' | 'position' | 'typeId'>),
  id: r.id,
  key: r.key,
  position: r.position,
  typeId: r.type_id,
});

// Which definitions: the common ones (type_id null) or one type's own ('only'); those that apply
// to a record of a type — common then the type's ('record'); or every field of the kind ('all').
export type FieldScope = { only: string | null } | { record: string | null } | 'all';

export async function selectFields(ctx: TenantContext, kind: EntityKind, scope: FieldScope = { only: null }): Promise<EntityField[]> {
  // every field of the kind, common ones first then by type and position, cached per workspace
  // and definitions version; the scopes are subsets of it in the same order
  const all = await cachedDefinition(ctx, `fields:${kind}`, async () => {
    const res = await ctx.db.execute<FieldRow>(sql`
      select id, key, position, type_id, definition from entity_fields
      where tenant_id = ${ctx.tenantId} and entity_kind = ${kind}
      order by type_id nulls first, position`);
    return res.rows.map((r) => Object.freeze(toField(r)));
  });
  if (scope === 'all') return [...all];
  if ('only' in scope) return all.filter((f) => f.typeId === scope.only);
  return all.filter((f) => f.typeId === null || f.typeId === scope.record);
}

// Serialises writers of one kind's definitions so that two PUTs cannot interleave.
export async function lockFields(ctx: TenantContext, kind: EntityKind): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`entity_fields:${ctx.tenantId}:${kind}`}, 0))`);
}

export async function replaceFields(
  ctx: TenantContext,
  kind: EntityKind,
  typeId: string | null,
  fields: readonly EntityField[],
): Promise<void> {
  definitionsChanged(ctx);
  const ids = fields.map((f) => f.id);
  await ctx.db.execute(sql`
    delete from entity_fields
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and type_id is not distinct from ${typeId}::uuid
      and not (${inIdList(sql`id`, ids)})`);
  if (fields.length === 0) return;
  const values: SQL[] = fields.map((f) => {
    const { id, key, position, typeId: _typeId, ...definition } = f;
    return sql`(${ctx.tenantId}, ${id}, ${kind}, ${typeId}::uuid, ${key}, ${position}, ${JSON.stringify(definition)}::jsonb)`;
  });
  // positions are rewritten as a block; keys of existing fields never change (service rule)
  await ctx.db.execute(sql`
    insert into entity_fields (tenant_id, id, entity_kind, type_id, key, position, definition)
    values ${sql.join(values, sql`, `)}
    on conflict (tenant_id, id) do update set position = excluded.position, definition = excluded.definition, updated_at = now()`);
}

export async function deleteUniqueValues(ctx: TenantContext, kind: EntityKind, fieldKey: string): Promise<void> {
  await ctx.db.execute(
    sql`delete from entity_unique_values where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and field_key = ${fieldKey}`,
  );
}

// Fills the unique side table for a field that just became unique; a duplicate among the
// existing records raises 23505, which the service reports on the field.
export async function backfillUniqueValues(ctx: TenantContext, kind: EntityKind, tableName: string, fieldKey: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into entity_unique_values (tenant_id, entity_kind, field_key, value, entity_id)
    select tenant_id, ${kind}, ${fieldKey}, lower(btrim(custom_fields ->> ${fieldKey})), id
    from ${sql.identifier(tableName)}
    where tenant_id = ${ctx.tenantId} and coalesce(btrim(custom_fields ->> ${fieldKey}), '') <> ''`);
}

export async function clearEntityUniqueValues(ctx: TenantContext, kind: EntityKind, entityId: string): Promise<void> {
  await ctx.db.execute(
    sql`delete from entity_unique_values where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and entity_id = ${entityId}`,
  );
}

export async function insertUniqueValue(
  ctx: TenantContext,
  kind: EntityKind,
  fieldKey: string,
  value: string,
  entityId: string,
): Promise<void> {
  await ctx.db.execute(sql`
    insert into entity_unique_values (tenant_id, entity_kind, field_key, value, entity_id)
    values (${ctx.tenantId}, ${kind}, ${fieldKey}, ${value}, ${entityId})`);
}
