import { workspaceStore } from '../workspace/workspace-store';

// Keys of workspace data start with 'ws' and the workspace id, so a switch never shows the
// previous workspace's cache and can drop all of it at once.
export const workspaceKey = <T extends readonly unknown[]>(...parts: T) => ['ws', workspaceStore.get() ?? 'none', ...parts] as const;
