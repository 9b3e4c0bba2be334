// The CRM module's public door: what other modules may use of it.
export { contactKeys } from './contacts.api';
export { contactName, contactPath } from './contacts.definition';
