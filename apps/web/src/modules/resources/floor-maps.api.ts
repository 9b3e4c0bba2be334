import {
  floorMapListSchema,
  floorMapSchema,
  floorMapStatesSchema,
  resourceEntity,
  resourceFloorMapsSchema,
  type EntityRecord,
  type FloorMap,
  type FloorMapCreate,
  type FloorMapList,
  type FloorMapStates,
  type FloorMapWrite,
  type ResourceFloorMaps,
} from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import type { Paged } from '../../platform/entity/list-definition';

export const FLOOR_MAP_PATHS = {
  ofLocation: (locationId: string) => `/api/v1/locations/${locationId}/floor-maps`,
  create: '/api/v1/floor-maps',
  map: (id: string) => `/api/v1/floor-maps/${id}`,
  image: (id: string) => `/api/v1/floor-maps/${id}/image`,
  states: (id: string) => `/api/v1/floor-maps/${id}/states`,
  ofResource: (resourceId: string) => `${resourceEntity.basePath}/${resourceId}/floor-maps`,
};

export const floorMapKeys = {
  all: () => workspaceKey('floor-maps'),
  ofLocation: (locationId: string) => workspaceKey('floor-maps', 'location', locationId),
  map: (id: string) => workspaceKey('floor-maps', 'map', id),
  states: (id: string) => workspaceKey('floor-maps', 'states', id),
  resources: (locationId: string) => workspaceKey('floor-maps', 'resources', locationId),
  ofResource: (resourceId: string) => workspaceKey('floor-maps', 'resource', resourceId),
};

// The floors a resource is placed on (its record page links to them).
export const useResourceFloorMaps = (resourceId: string) =>
  useQuery({
    queryKey: floorMapKeys.ofResource(resourceId),
    queryFn: () => apiRequest<ResourceFloorMaps>(FLOOR_MAP_PATHS.ofResource(resourceId), {}, resourceFloorMapsSchema),
  });

export const floorMapListQuery = (locationId: string) =>
  queryOptions({
    queryKey: floorMapKeys.ofLocation(locationId),
    queryFn: () => apiRequest<FloorMapList>(FLOOR_MAP_PATHS.ofLocation(locationId), {}, floorMapListSchema),
  });

export const useFloorMaps = (locationId: string) => useQuery(floorMapListQuery(locationId));

export const floorMapQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: floorMapKeys.map(id ?? ''),
    queryFn: () => apiRequest<FloorMap>(FLOOR_MAP_PATHS.map(id ?? ''), {}, floorMapSchema),
    enabled: !!id,
  });

export const useFloorMap = (id: string | undefined) => useQuery(floorMapQuery(id));

// The states change with every check-out and booking: what the location page fetched ahead is
// drawn at once and asked again when the map shows (the live map then follows the events).
export const floorMapStatesQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: floorMapKeys.states(id ?? ''),
    queryFn: () => apiRequest<FloorMapStates>(FLOOR_MAP_PATHS.states(id ?? ''), {}, floorMapStatesSchema),
    enabled: !!id,
    staleTime: 0,
  });

export const useFloorMapStates = (id: string | undefined) => useQuery(floorMapStatesQuery(id));

const PAGE = 100;
const MAX_PAGES = 20;

// Every live resource of a location, by name (the editor's side list).
export const useLocationResources = (locationId: string) =>
  useQuery({
    queryKey: floorMapKeys.resources(locationId),
    queryFn: async () => {
      const out: EntityRecord[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const res = await apiRequest<Paged<EntityRecord>>(`${resourceEntity.basePath}/list`, {
          method: 'POST',
          body: {
            page,
            pageSize: PAGE,
            filters: [{ field: 'locationId', op: 'eq', value: locationId }],
            sort: [{ field: 'name', order: 'asc' }],
          },
        });
        out.push(...res.data);
        if (out.length >= res.total || res.data.length < PAGE) break;
      }
      return out;
    },
  });

// The plan image as an element to draw: read with the session's token (an <img> could not send
// it) into an object URL, decoded once per version and shared through the query cache — the
// Floor maps tab asks for it together with the map and its states (one round trip, not three).
const loadPlanImage = async (id: string): Promise<HTMLImageElement> => {
  const blob = await (await apiFetch(FLOOR_MAP_PATHS.image(id))).blob();
  const img = new window.Image();
  const url = URL.createObjectURL(blob);
  img.src = url;
  try {
    await img.decode();
  } finally {
    // the loaded image keeps its pixels; the blob behind the address is not held for the session
    URL.revokeObjectURL(url);
  }
  return img;
};

type PlanOf = Pick<FloorMap, 'id' | 'version' | 'image'>;

export const planImageQuery = (map: PlanOf | undefined) =>
  queryOptions({
    queryKey: [...floorMapKeys.map(map?.id ?? ''), 'image', map?.version ?? 0],
    queryFn: () => loadPlanImage(map?.id ?? ''),
    enabled: !!map?.id && !!map.image,
    staleTime: Infinity,
  });

export function usePlanImage(map: PlanOf | undefined): HTMLImageElement | undefined {
  const image = useQuery(planImageQuery(map));
  return map?.image ? image.data : undefined;
}

export function useFloorMapMutations(locationId: string) {
  const qc = useQueryClient();
  const stored = (map: FloorMap) => {
    qc.setQueryData(floorMapKeys.map(map.id), map);
    void qc.invalidateQueries({ queryKey: floorMapKeys.ofLocation(locationId) });
    void qc.invalidateQueries({ queryKey: floorMapKeys.states(map.id) });
  };
  return {
    create: useMutation({
      mutationFn: (body: FloorMapCreate) => apiRequest<FloorMap>(FLOOR_MAP_PATHS.create, { method: 'POST', body }, floorMapSchema),
      onSuccess: stored,
    }),
    save: useMutation({
      mutationFn: ({ id, version, body }: { id: string; version: number; body: FloorMapWrite }) =>
        apiRequest<FloorMap>(FLOOR_MAP_PATHS.map(id), { method: 'PUT', body, headers: { 'if-match': `"${version}"` } }, floorMapSchema),
      onSuccess: stored,
    }),
    upload: useMutation({
      mutationFn: ({ id, version, file, name }: { id: string; version: number; file: Blob; name: string }) => {
        const form = new FormData();
        form.append('file', file, name);
        return apiRequest<FloorMap>(
          FLOOR_MAP_PATHS.image(id),
          { method: 'PUT', body: form, headers: { 'if-match': `"${version}"` } },
          floorMapSchema,
        );
      },
      onSuccess: stored,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: { id: string; version: number }) =>
        apiRequest<void>(FLOOR_MAP_PATHS.map(id), { method: 'DELETE', headers: { 'if-match': `"${version}"` } }),
      onSuccess: () => void qc.invalidateQueries({ queryKey: floorMapKeys.ofLocation(locationId) }),
    }),
    reload: (id: string) => qc.invalidateQueries({ queryKey: floorMapKeys.map(id) }),
  };
}
