// The helpdesk's public door: what the app composes.
export { HELPDESK_ENTITIES } from './helpdesk.entities';
