import type {
  GlobalLookup,
  GlobalLookupEntity,
  globalLookupCreateSchema,
  globalLookupListSchema,
  globalLookupUpdateSchema,
} from '@atrium/domain';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import { fieldError, notFound } from '../../platform/errors';
import * as repo from './global-lookups.repository';

// The database's unique index (tenant, entity, lower(name)) decides duplicates.
async function guardDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('name', 'duplicateTitle', 'name already exists for this lookup', 409);
    throw e;
  }
}

export const listByEntity = (ctx: TenantContext, entity: GlobalLookupEntity): Promise<GlobalLookup[]> => repo.selectByEntity(ctx, entity);

export function listPage(ctx: TenantContext, q: z.output<typeof globalLookupListSchema>): Promise<{ data: GlobalLookup[]; total: number }> {
  return repo.selectPage(ctx, {
    ...(q.entities ? { entities: q.entities } : {}),
    ...(q.search ? { search: q.search } : {}),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
}

export async function createLookup(ctx: TenantContext, body: z.output<typeof globalLookupCreateSchema>): Promise<GlobalLookup> {
  if (body.isDefault) await repo.clearDefault(ctx, body.entity, null);
  return guardDuplicate(() => repo.insertLookup(ctx, body));
}

export async function updateLookup(
  ctx: TenantContext,
  entity: GlobalLookupEntity,
  body: z.output<typeof globalLookupUpdateSchema>,
): Promise<GlobalLookup> {
  if (body.isDefault) await repo.clearDefault(ctx, entity, body.id);
  const updated = await guardDuplicate(() => repo.updateLookup(ctx, entity, body));
  if (!updated) throw notFound('Lookup');
  return updated;
}

export async function deleteLookup(ctx: TenantContext, entity: GlobalLookupEntity, id: string): Promise<void> {
  if (!(await repo.deleteLookup(ctx, entity, id))) throw notFound('Lookup');
}
