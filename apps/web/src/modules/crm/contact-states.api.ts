import { contactEntity, type ContactState, type EntityRecord } from '@atrium/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';

const contacts = entityApi(contactEntity);

// The calls of each state: on and off (spec: POST spam e-mails, PUT un-spam, block, unsubscribe).
export const CONTACT_STATE_CALLS: Record<
  ContactState,
  (id: string, on: boolean) => { path: string; method: 'POST' | 'PUT'; body?: unknown }
> = {
  blocked: (id, on) => ({ path: `${contactEntity.basePath}/${id}/block`, method: 'PUT', body: { blocked: on } }),
  spam: (id, on) =>
    on
      ? { path: `${contactEntity.basePath}/${id}/spam`, method: 'POST' }
      : { path: `${contactEntity.basePath}/${id}/unspam`, method: 'PUT' },
  unsubscribed: (id, on) => ({ path: `${contactEntity.basePath}/${id}/unsubscribe`, method: 'PUT', body: { unsubscribed: on } }),
};

// Puts a contact in or out of a state; the record, the contact lists and the activity feeds follow.
export function useChangeContactState(contactId: string, callbacks: { onSuccess?: () => void; onError?: () => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ state, on }: { state: ContactState; on: boolean }) => {
      const call = CONTACT_STATE_CALLS[state](contactId, on);
      return apiRequest<EntityRecord>(call.path, { method: call.method, ...(call.body ? { body: call.body } : {}) });
    },
    onSuccess: (saved) => {
      qc.setQueryData(contacts.keys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: contacts.keys.all() });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      callbacks.onSuccess?.();
    },
    onError: callbacks.onError,
  });
}
