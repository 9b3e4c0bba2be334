import type { EntityDefinition, EntityType } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { Paged } from './list-definition';

export const recordTypeKeys = { all: (kind: string) => workspaceKey('record-types', kind) };

// The record types of a kind (contact types…), for names in lists and the settings page.
export function useRecordTypes(definition: EntityDefinition) {
  const base = definition.types?.basePath;
  return useQuery({
    queryKey: recordTypeKeys.all(definition.kind),
    enabled: base !== undefined,
    queryFn: async () => (await apiRequest<Paged<EntityType>>(`${base}/list`, { method: 'POST', body: { page: 1, pageSize: 100 } })).data,
  });
}
