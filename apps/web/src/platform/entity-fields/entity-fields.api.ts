import type { EntityColumn, EntityField, EntityFieldInput, EntityKind } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();

const PATHS = {
  // the common fields, or one record type's own
  fields: (entity: EntityKind, typeId?: string) => `/api/v1/core/entity-fields?${query({ entity, typeId })}`,
  // every field of the kind, common and of each type: forms show those of the record's type
  all: (entity: EntityKind) => `/api/v1/core/entity-fields?${query({ entity, all: 'true' })}`,
  columns: (entity: EntityKind) => `/api/v1/core/entity-fields/columns?${query({ entity })}`,
} as const;

export const entityFieldKeys = {
  all: (entity: EntityKind) => workspaceKey('entity-fields', entity),
  fields: (entity: EntityKind, typeId?: string) => workspaceKey('entity-fields', entity, 'definitions', typeId ?? null),
  every: (entity: EntityKind) => workspaceKey('entity-fields', entity, 'every'),
  columns: (entity: EntityKind) => workspaceKey('entity-fields', entity, 'columns'),
};

export const entityFieldsQuery = (entity: EntityKind, typeId?: string) =>
  queryOptions({
    queryKey: entityFieldKeys.fields(entity, typeId),
    queryFn: () => apiRequest<EntityField[]>(PATHS.fields(entity, typeId)),
  });
export const useEntityFields = (entity: EntityKind, typeId?: string) => useQuery(entityFieldsQuery(entity, typeId));

// The fields that apply to a record of `typeId` (common ones, then the type's).
export const allEntityFieldsQuery = (entity: EntityKind) =>
  queryOptions({ queryKey: entityFieldKeys.every(entity), queryFn: () => apiRequest<EntityField[]>(PATHS.all(entity)) });
export const useAllEntityFields = (entity: EntityKind) => useQuery(allEntityFieldsQuery(entity));
export const fieldsForType = (fields: readonly EntityField[], typeId: string | null | undefined): EntityField[] =>
  fields.filter((f) => !f.typeId || f.typeId === typeId);

// Built-in and custom columns of an entity's list: the column chooser and the filter builder.
export const entityColumnsQuery = (entity: EntityKind) =>
  queryOptions({ queryKey: entityFieldKeys.columns(entity), queryFn: () => apiRequest<EntityColumn[]>(PATHS.columns(entity)) });

// PUT replaces the ordered list; columns change with it (show on list, labels, new fields).
export function usePutEntityFields(entity: EntityKind, typeId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: EntityFieldInput[]) =>
      apiRequest<EntityField[]>(PATHS.fields(entity, typeId), { method: 'PUT', body: { fields } }),
    onSuccess: (saved) => {
      qc.setQueryData(entityFieldKeys.fields(entity, typeId), saved);
      return qc.invalidateQueries({ queryKey: entityFieldKeys.all(entity) });
    },
  });
}
