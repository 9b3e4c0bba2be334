import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { workspaceKey } from '../api/query-keys';
import { liveConnection } from './live-connection';

// Mounted once by the workspace layout: keeps the tab's stream on the current workspace. When
// the server cannot replay what the tab missed (reset), every workspace query is refetched.
export function useLiveConnection(tenantId: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    liveConnection.use(tenantId);
    return () => liveConnection.use(null);
  }, [tenantId]);
  useEffect(() => liveConnection.on('reset', () => void qc.invalidateQueries({ queryKey: workspaceKey() })), [qc]);
}
