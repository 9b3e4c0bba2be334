// What other modules may use of the workspaces module.
export { myTenantsQuery } from './workspaces.api';
