// What other modules may use of the workspaces module.
export { myTenantsQuery, useMyTenants } from './workspaces.api';
export { WorkspaceSwitcher } from './workspace-switcher';
