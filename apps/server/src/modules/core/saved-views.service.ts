import type { PageSize, SavedView, SavedViewKey } from '@atrium/domain';
import type { savedViewCreateSchema, savedViewWriteSchema } from '@atrium/domain';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import * as savedViewsRepository from './saved-views.repository';
import { type SavedViewValues } from './saved-views.repository';
import type { SavedViewRow } from './saved-views.table';

type WriteInput = z.output<typeof savedViewWriteSchema>;
type CreateInput = z.output<typeof savedViewCreateSchema>;

const toDto = (ctx: TenantContext, row: SavedViewRow & { ownerName?: string | null }): SavedView => ({
  id: row.id,
  listKey: row.listKey as SavedViewKey,
  name: row.name,
  isDefault: row.isDefault,
  search: row.search,
  filters: row.filters,
  sort: row.sort,
  columns: row.columns,
  pageSize: row.pageSize as PageSize,
  columnWidths: row.columnWidths,
  shared: row.shared,
  mine: row.tenantUserId === ctx.tenantUserId,
  ownerName: row.ownerName ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const valuesOf = (input: WriteInput): SavedViewValues => ({
  name: input.name,
  isDefault: input.isDefault,
  search: input.search,
  filters: input.filters,
  sort: input.sort,
  columns: [...new Set(input.columns)],
  pageSize: input.pageSize,
  columnWidths: input.columnWidths,
  shared: input.shared,
});

const duplicateName = () => fieldError('name', 'duplicateTitle', 'name is already used by another view of this list', 409);

export async function list(ctx: TenantContext, listKey: SavedViewKey): Promise<SavedView[]> {
  return (await savedViewsRepository.list(ctx, listKey)).map((r) => toDto(ctx, r));
}

export async function create(ctx: TenantContext, input: CreateInput): Promise<SavedView> {
  // A new default view takes over from the previous one in the same transaction.
  if (input.isDefault) await savedViewsRepository.clearDefault(ctx, input.listKey);
  const row = await savedViewsRepository.insert(ctx, input.listKey, valuesOf(input));
  if (!row) throw duplicateName();
  return toDto(ctx, row);
}

export async function update(ctx: TenantContext, id: string, input: WriteInput): Promise<SavedView> {
  const current = await savedViewsRepository.get(ctx, id);
  if (!current) throw notFound('Saved view');
  if (await savedViewsRepository.nameTaken(ctx, current.listKey, input.name, id)) throw duplicateName();
  if (input.isDefault) await savedViewsRepository.clearDefault(ctx, current.listKey, id);
  const row = await savedViewsRepository.update(ctx, id, valuesOf(input));
  if (!row) throw notFound('Saved view');
  return toDto(ctx, row);
}

export async function remove(ctx: TenantContext, id: string): Promise<void> {
  if (!(await savedViewsRepository.remove(ctx, id))) throw notFound('Saved view');
}
