import type {
  EntityColumn,
  EntityDefinition,
  EntityKind,
  EntityListQueryInput,
  EntityRecord,
  JsonPatchOperation,
  ListGroups,
  MergeRequest,
  RecycleBinEntry,
} from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import { activityKeys } from './activity.api';
import type { EntityListRequest, Paged } from './list-definition';

export type RecordValues = Record<string, unknown>;
export type MergeRequestInput = Pick<MergeRequest, 'otherId' | 'otherVersion' | 'take'>;

// The API client and query keys of one entity kind, from its definition (one per kind).
function makeEntityApi(definition: EntityDefinition) {
  const base = definition.basePath;
  const kind = definition.kind;
  const keys = {
    all: () => workspaceKey('entity', kind),
    lists: () => workspaceKey('entity', kind, 'list'),
    list: (request: EntityListRequest | EntityListQueryInput) => workspaceKey('entity', kind, 'list', request),
    // under lists(): a write that refreshes the lists refreshes the group counts too
    groups: (by: string, request: EntityListRequest) => workspaceKey('entity', kind, 'list', 'groups', by, request),
    detail: (id: string) => workspaceKey('entity', kind, 'detail', id),
    columns: () => workspaceKey('entity-fields', kind, 'columns'),
    related: (id: string, relation: string) => workspaceKey('entity', kind, 'related', id, relation),
    hierarchy: (id: string) => workspaceKey('entity', kind, 'hierarchy', id),
    recycleBin: (page: number, pageSize: number) => workspaceKey('entity', kind, 'recycle-bin', page, pageSize),
  };
  const paths = {
    list: `${base}/list`,
    groups: `${base}/groups`,
    create: base,
    record: (id: string) => `${base}/${id}`,
    columns: `${base}/entity-field-columns`,
    archive: (archived: boolean) => `${base}/${archived ? 'archive' : 'unarchive'}`,
    related: (id: string, path: string) => `${base}/${id}/${path}`,
    hierarchy: (id: string) => `${base}/${id}/hierarchy`,
    duplicates: `${base}/duplicates`,
    merge: (id: string) => `${base}/${id}/merge`,
    recycleBin: (page: number, pageSize: number) => `${base}/recycle-bin?page=${page}&pageSize=${pageSize}`,
    restore: `${base}/restore`,
    purge: `${base}/purge`,
  };
  const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

  const fetchList = (request: EntityListRequest | EntityListQueryInput) =>
    apiRequest<Paged<EntityRecord>>(paths.list, { method: 'POST', body: request });
  // the list grouped by one field: each group's count and the filter that lists it; `today`
  // places dates in overdue, today, next 7 days and later
  const fetchGroups = (request: EntityListRequest, by: string, today: string) =>
    apiRequest<ListGroups>(paths.groups, { method: 'POST', body: { ...request, by, today } });
  const fetchRecord = (id: string) => apiRequest<EntityRecord>(paths.record(id));
  const recordQuery = (id: string) => queryOptions({ queryKey: keys.detail(id), queryFn: () => fetchRecord(id) });
  const columnsQuery = () => queryOptions({ queryKey: keys.columns(), queryFn: () => apiRequest<EntityColumn[]>(paths.columns) });

  // After any write: lists, the record and its feed show the new state.
  const refresh = (qc: ReturnType<typeof useQueryClient>, saved?: EntityRecord) => {
    if (saved) qc.setQueryData(keys.detail(saved.id), saved);
    void qc.invalidateQueries({ queryKey: keys.lists() });
    if (saved) void qc.invalidateQueries({ queryKey: activityKeys.record(kind, saved.id) });
  };

  return {
    definition,
    keys,
    paths,
    fetchList,
    fetchGroups,
    fetchRecord,
    recordQuery,
    columnsQuery,
    useRecord: (id: string) => useQuery(recordQuery(id)),
    useColumns: () => useQuery(columnsQuery()),
    useCreate() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (body: RecordValues) => apiRequest<EntityRecord>(paths.create, { method: 'POST', body }),
        onSuccess: (saved) => refresh(qc, saved),
      });
    },
    // PUT with the version the form was loaded from: a stale write is a 412, never a silent overwrite.
    useUpdate() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body, version }: { id: string; body: RecordValues; version: number }) =>
          apiRequest<EntityRecord>(paths.record(id), { method: 'PUT', body, headers: ifMatch(version) }),
        onSuccess: (saved) => refresh(qc, saved),
      });
    },
    usePatch() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: ({ id, ops, version }: { id: string; ops: JsonPatchOperation[]; version: number }) =>
          apiRequest<EntityRecord>(paths.record(id), { method: 'PATCH', body: ops, headers: ifMatch(version) }),
        onSuccess: (saved) => refresh(qc, saved),
      });
    },
    useDelete() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: ({ id, version }: { id: string; version: number }) =>
          apiRequest<void>(paths.record(id), { method: 'DELETE', headers: ifMatch(version) }),
        onSuccess: (_r, { id }) => {
          qc.removeQueries({ queryKey: keys.detail(id) });
          void qc.invalidateQueries({ queryKey: keys.lists() });
        },
      });
    },
    // another record merged into this one: the other is archived, lists and both records change
    useMerge() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: ({ id, version, body }: { id: string; version: number; body: MergeRequestInput }) =>
          apiRequest<EntityRecord>(paths.merge(id), { method: 'POST', body, headers: ifMatch(version) }),
        // notes, documents, tags, links and history of both records changed: reload what is shown
        onSuccess: (saved) => {
          qc.setQueryData(keys.detail(saved.id), saved);
          void qc.invalidateQueries({ queryKey: workspaceKey() });
        },
      });
    },
    // the recycle bin (decision 086): deleted records, newest deletion first
    useRecycleBin: (page: number, pageSize: number, enabled = true) =>
      useQuery({
        queryKey: keys.recycleBin(page, pageSize),
        queryFn: () => apiRequest<Paged<RecycleBinEntry>>(paths.recycleBin(page, pageSize)),
        enabled,
      }),
    // back from the bin (lists and the bin change) or gone for good (the bin changes)
    useRestore() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (ids: string[]) => apiRequest<unknown>(paths.restore, { method: 'POST', body: { ids } }),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.all() }),
      });
    },
    usePurge() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (ids: string[]) => apiRequest<unknown>(paths.purge, { method: 'POST', body: { ids } }),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.all() }),
      });
    },
    useSetArchived() {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: ({ ids, archived }: { ids: string[]; archived: boolean }) =>
          apiRequest<{ ids: string[] }>(paths.archive(archived), { method: 'POST', body: { ids } }),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.all() }),
      });
    },
  };
}

export type EntityApi = ReturnType<typeof makeEntityApi>;
const apis = new Map<EntityKind, EntityApi>();

export function entityApi(definition: EntityDefinition): EntityApi {
  let api = apis.get(definition.kind);
  if (!api) {
    api = makeEntityApi(definition);
    apis.set(definition.kind, api);
  }
  return api;
}
