import { resourceEntity, type EntityRecord } from '@atrium/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';

const resources = entityApi(resourceEntity);

export type CheckOutCall = { action: 'check-out'; holderId?: string } | { action: 'check-in' };

// Checks an item out (to a member, the caller by default) or in; the record, the resource lists,
// the activity feeds and "my resources" follow.
export function useCheckOut(resourceId: string, callbacks: { onSuccess?: (call: CheckOutCall) => void; onError?: (e: unknown) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (call: CheckOutCall) =>
      apiRequest<EntityRecord>(`${resourceEntity.basePath}/${resourceId}/${call.action}`, {
        method: 'POST',
        body: call.action === 'check-out' && call.holderId ? { holderId: call.holderId } : {},
      }),
    onSuccess: (saved, call) => {
      qc.setQueryData(resources.keys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: resources.keys.all() });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      void qc.invalidateQueries({ queryKey: workspaceKey('dashboard') });
      callbacks.onSuccess?.(call);
    },
    onError: (e) => callbacks.onError?.(e),
  });
}
