import type { EntityColumn, EntityField, EntityFieldInput, EntityKind } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

const PATHS = {
  fields: (entity: EntityKind) => `/api/v1/core/entity-fields?entity=${encodeURIComponent(entity)}`,
  columns: (entity: EntityKind) => `/api/v1/core/entity-fields/columns?entity=${encodeURIComponent(entity)}`,
} as const;

export const entityFieldKeys = {
  all: (entity: EntityKind) => workspaceKey('entity-fields', entity),
  fields: (entity: EntityKind) => workspaceKey('entity-fields', entity, 'definitions'),
  columns: (entity: EntityKind) => workspaceKey('entity-fields', entity, 'columns'),
};

export const entityFieldsQuery = (entity: EntityKind) =>
  queryOptions({ queryKey: entityFieldKeys.fields(entity), queryFn: () => apiRequest<EntityField[]>(PATHS.fields(entity)) });
export const useEntityFields = (entity: EntityKind) => useQuery(entityFieldsQuery(entity));

// Built-in and custom columns of an entity's list: the column chooser and the filter builder.
export const entityColumnsQuery = (entity: EntityKind) =>
  queryOptions({ queryKey: entityFieldKeys.columns(entity), queryFn: () => apiRequest<EntityColumn[]>(PATHS.columns(entity)) });
export const useEntityColumns = (entity: EntityKind) => useQuery(entityColumnsQuery(entity));

// PUT replaces the ordered list; columns change with it (show on list, labels, new fields).
export function usePutEntityFields(entity: EntityKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: EntityFieldInput[]) => apiRequest<EntityField[]>(PATHS.fields(entity), { method: 'PUT', body: { fields } }),
    onSuccess: (saved) => {
      qc.setQueryData(entityFieldKeys.fields(entity), saved);
      return qc.invalidateQueries({ queryKey: entityFieldKeys.all(entity) });
    },
  });
}
