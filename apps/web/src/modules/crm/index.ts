// The CRM module's public door: what the app composes. Its public routes are in crm.routes.ts,
// which the router imports on its own: through this door they would bring the kinds'
// definitions into the first load (decision 025).
export { CRM_ENTITIES } from './crm.entities';
