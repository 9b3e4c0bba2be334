import { createContext, useContext, type ReactNode } from 'react';

// Roles per record on the web (the engine's roleScope, decision 089): on the pages of one owner
// record (a project, a task of it, the project's task list or board) the caller's permissions are
// the workspace's merged with their role in that owner (platform/entity/role-scope.ts finds them),
// so the pages offer what the server allows there.

// the merged permissions of the owner record whose pages are shown (undefined: the workspace's)
const RoleScopeContext = createContext<ReadonlySet<string> | undefined>(undefined);
export const useRoleScopePermissions = (): ReadonlySet<string> | undefined => useContext(RoleScopeContext);

// Pages under it check the owner's merged permissions (useAccess reads them).
export function RoleScopeProvider({ permissions, children }: { permissions: ReadonlySet<string> | undefined; children: ReactNode }) {
  return <RoleScopeContext.Provider value={permissions}>{children}</RoleScopeContext.Provider>;
}
