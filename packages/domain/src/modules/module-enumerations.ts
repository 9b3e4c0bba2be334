import { BOOKINGS_ERROR_CODES } from './bookings/bookings.enumerations';
import { CAMPAIGNS_ACTIVITY_ACTIONS, CAMPAIGNS_ERROR_CODES } from './campaigns/campaigns.enumerations';
import { CRM_ACTIVITY_ACTIONS, CRM_ERROR_CODES } from './crm/crm.enumerations';
import { HELPDESK_ACTIVITY_ACTIONS, HELPDESK_ERROR_CODES } from './helpdesk/helpdesk.enumerations';
import { RESOURCES_ACTIVITY_ACTIONS, RESOURCES_ERROR_CODES } from './resources/resources.enumerations';

// Every module's own activity actions and error codes; the shared enumerations
// (entity/activity.schema.ts, errors.ts) are the platform's followed by these. A module adds its
// lists here as it adds its definitions to ENTITY_DEFINITIONS, and registers their captions with
// its caption sets on the server.
export const MODULE_ACTIVITY_ACTIONS = [
  ...CRM_ACTIVITY_ACTIONS,
  ...CAMPAIGNS_ACTIVITY_ACTIONS,
  ...RESOURCES_ACTIVITY_ACTIONS,
  ...HELPDESK_ACTIVITY_ACTIONS,
] as const;
export const MODULE_ERROR_CODES = [
  ...CRM_ERROR_CODES,
  ...RESOURCES_ERROR_CODES,
  ...BOOKINGS_ERROR_CODES,
  ...CAMPAIGNS_ERROR_CODES,
  ...HELPDESK_ERROR_CODES,
] as const;
