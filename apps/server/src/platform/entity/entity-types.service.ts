import type { EntityField, EntityType, EntityTypeInput, entityFieldsPutSchema } from '@atrium/domain';
import type { z } from 'zod';
import { requirePlanFeature } from '../plan-features';
import type { TenantContext } from '../context';
import { accessDenied, AppError, notFound } from '../errors';
import { getFields as fieldsOf, putFields as putFieldsOf } from './entity-fields.service';
import type { RegisteredEntity } from './entity-registry';
import * as repo from './entity-types.repository';
import { viewsSomeRecords } from './role-scope';
import { pgErrorCode } from '../db-errors';

function duplicate(e: unknown): never {
  if (pgErrorCode(e) === '23505')
    throw new AppError(409, 'duplicateTitle', 'A type with this name exists', [
      { field: 'name', code: 'duplicateTitle', message: 'name is used by another type' },
    ]);
  throw e;
}

// The types are read by whoever sees records of the kind, in the workspace or through a role in
// some owner (a helpdesk's agent picks a request's type); the routes let Plan.Roles through.
async function requireView(ctx: TenantContext, ent: RegisteredEntity): Promise<void> {
  if (!(await viewsSomeRecords(ctx, ent))) throw accessDenied(`Requires permission ${ent.definition.permissions.view}`);
}

export async function list(ctx: TenantContext, ent: RegisteredEntity, q: { page: number; pageSize: number; search?: string | undefined }) {
  await requireView(ctx, ent);
  return repo.listTypes(ctx, ent.definition.kind, ent.tableName, {
    search: q.search,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
}

async function find(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<EntityType> {
  const found = await repo.getType(ctx, ent.definition.kind, ent.tableName, id);
  if (!found) throw notFound(`${ent.definition.kind} type`);
  return found;
}

export async function get(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<EntityType> {
  await requireView(ctx, ent);
  return find(ctx, ent, id);
}

export async function create(ctx: TenantContext, ent: RegisteredEntity, body: EntityTypeInput): Promise<EntityType> {
  const gate = ent.definition.planGates.types;
  if (gate) requirePlanFeature(ctx, gate, `Types of ${ent.definition.kind}`);
  const id = await repo.insertType(ctx, ent.definition.kind, body).catch(duplicate);
  return find(ctx, ent, id);
}

export async function update(ctx: TenantContext, ent: RegisteredEntity, id: string, body: EntityTypeInput): Promise<EntityType> {
  const ok = await repo.updateType(ctx, ent.definition.kind, id, body).catch(duplicate);
  if (!ok) throw notFound(`${ent.definition.kind} type`);
  return find(ctx, ent, id);
}

// A type some records still have stays: the user moves them to another type first.
export async function remove(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<void> {
  const found = await find(ctx, ent, id);
  if (found.records > 0) {
    throw new AppError(409, 'typeInUse', `${found.records} record(s) have this type`, [
      { field: 'id', code: 'typeInUse', message: `${found.records} record(s) have the type ${found.name}` },
    ]);
  }
  await repo.deleteType(ctx, ent.definition.kind, id);
}

export async function getFields(ctx: TenantContext, ent: RegisteredEntity, id: string): Promise<EntityField[]> {
  await get(ctx, ent, id);
  return fieldsOf(ctx, ent, { only: id });
}

export async function putFields(
  ctx: TenantContext,
  ent: RegisteredEntity,
  id: string,
  body: z.output<typeof entityFieldsPutSchema>,
): Promise<EntityField[]> {
  await find(ctx, ent, id);
  return putFieldsOf(ctx, ent, id, body);
}
