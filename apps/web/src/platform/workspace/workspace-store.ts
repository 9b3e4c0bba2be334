import { useSyncExternalStore } from 'react';
import { broadcast, subscribe } from '../broadcast/broadcast-channels';
import { storedTenantId, storeTenantId } from './workspace-storage';

// The current workspace of this tab. Other tabs follow a switch (ARCHITECTURE §6).
let current: string | null = storedTenantId();
const listeners = new Set<() => void>();

function set(tenantId: string | null): void {
  if (tenantId === current) return;
  current = tenantId;
  listeners.forEach((l) => l());
}

export const workspaceStore = {
  get: (): string | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function switchWorkspace(tenantId: string | null): void {
  storeTenantId(tenantId);
  set(tenantId);
  broadcast('atrium.workspace', { type: 'switched', tenantId });
}

export function listenToWorkspaceSwitches(onSwitch: (tenantId: string | null) => void): () => void {
  return subscribe('atrium.workspace', (message) => {
    // The other tab already wrote local storage and the cookie.
    set(message.tenantId);
    onSwitch(message.tenantId);
  });
}

export function useCurrentTenantId(): string | null {
  return useSyncExternalStore(workspaceStore.subscribe, workspaceStore.get);
}
