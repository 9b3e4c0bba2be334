// The CRM module's public door: what the app composes.
export { CRM_ENTITIES } from './crm.entities';
