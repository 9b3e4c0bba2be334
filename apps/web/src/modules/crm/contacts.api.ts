import { contactEntity, type Contact, type ContactCreate } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import type { EntityListRequest, Paged } from '../../platform/entity/entity-definition';
import { activityKeys } from '../../platform/entity/activity.api';

const BASE = contactEntity.basePath;
const PATHS = {
  list: `${BASE}/list`,
  create: BASE,
  contact: (id: string) => `${BASE}/${id}`,
  archive: `${BASE}/archive`,
  unarchive: `${BASE}/unarchive`,
} as const;

export const contactKeys = {
  all: () => workspaceKey('contacts'),
  lists: () => workspaceKey('contacts', 'list'),
  list: (request: EntityListRequest) => workspaceKey('contacts', 'list', request),
  detail: (id: string) => workspaceKey('contacts', 'detail', id),
};

export const fetchContacts = (request: EntityListRequest) => apiRequest<Paged<Contact>>(PATHS.list, { method: 'POST', body: request });
export const fetchContact = (id: string) => apiRequest<Contact>(PATHS.contact(id));

export const contactQuery = (id: string) => queryOptions({ queryKey: contactKeys.detail(id), queryFn: () => fetchContact(id) });
export const useContact = (id: string) => useQuery(contactQuery(id));

export function useCreateContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreate) => apiRequest<Contact>(PATHS.create, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}

// PUT with the version the form was loaded from: a stale write is a 412, never a silent overwrite.
export function useUpdateContact(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: ContactCreate; version: number }) =>
      apiRequest<Contact>(PATHS.contact(id), { method: 'PUT', body, headers: { 'if-match': `"${version}"` } }),
    onSuccess: (saved) => {
      qc.setQueryData(contactKeys.detail(id), saved);
      void qc.invalidateQueries({ queryKey: contactKeys.lists() });
      void qc.invalidateQueries({ queryKey: activityKeys.record('Contact', id) });
    },
  });
}

export function useSetContactsArchived() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archived }: { ids: string[]; archived: boolean }) =>
      apiRequest<{ ids: string[] }>(archived ? PATHS.archive : PATHS.unarchive, { method: 'POST', body: { ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all() }),
  });
}
