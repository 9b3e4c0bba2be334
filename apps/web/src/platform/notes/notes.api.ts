import type { EntityKind, MentionSuggestion, Note } from '@atrium/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

export type Paged<T> = { data: T[]; total: number };
export type RecordRef = { entityKind: EntityKind; entityId: string };

export const NOTE_PATHS = {
  list: '/api/v1/core/notes/list',
  create: '/api/v1/core/notes',
  note: (id: string) => `/api/v1/core/notes/${id}`,
  mentions: (search: string, about?: RecordRef) =>
    `/api/v1/core/notes/mention-suggestions?search=${encodeURIComponent(search)}&limit=8${
      about ? `&entityKind=${encodeURIComponent(about.entityKind)}&entityId=${about.entityId}` : ''
    }`,
} as const;

export const noteKeys = {
  record: (ref: RecordRef) => workspaceKey('notes', ref.entityKind, ref.entityId),
  list: (ref: RecordRef, page: number) => workspaceKey('notes', ref.entityKind, ref.entityId, page),
};

export const notesQuery = (ref: RecordRef, page: number) =>
  queryOptions({
    queryKey: noteKeys.list(ref, page),
    queryFn: () => apiRequest<Paged<Note>>(NOTE_PATHS.list, { method: 'POST', body: { ...ref, page, pageSize: 25 } }),
    placeholderData: keepPreviousData,
  });
export const useNotes = (ref: RecordRef, page: number) => useQuery(notesQuery(ref, page));

// `about`: the record the note is on; its people (assignee, followers) are offered first
export const fetchMentionSuggestions = (search: string, about?: RecordRef) =>
  apiRequest<MentionSuggestion[]>(NOTE_PATHS.mentions(search, about));

function useNoteMutation<V, R>(ref: RecordRef, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: noteKeys.record(ref) });
      // the activity feed counts notes
      await qc.invalidateQueries({ queryKey: workspaceKey('activity') });
    },
  });
}

export const useAddNote = (ref: RecordRef) =>
  useNoteMutation(ref, (body: string) => apiRequest<Note>(NOTE_PATHS.create, { method: 'POST', body: { ...ref, body } }));
export const useUpdateNote = (ref: RecordRef) =>
  useNoteMutation(ref, ({ id, body }: { id: string; body: string }) =>
    apiRequest<Note>(NOTE_PATHS.note(id), { method: 'PUT', body: { body } }),
  );
export const useDeleteNote = (ref: RecordRef) =>
  useNoteMutation(ref, (id: string) => apiRequest<void>(NOTE_PATHS.note(id), { method: 'DELETE' }));
