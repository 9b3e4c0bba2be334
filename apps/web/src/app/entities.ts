import { BookFromMapDialog, BOOKINGS_ENTITIES } from '../modules/bookings';
import { CAMPAIGNS_ENTITIES } from '../modules/campaigns';
import { CRM_ENTITIES } from '../modules/crm';
import { HELPDESK_ENTITIES } from '../modules/helpdesk';
import { PROJECTS_ENTITIES } from '../modules/projects';
import { registerFloorMapBooking, RESOURCES_ENTITIES } from '../modules/resources';
import { registerWebEntities, webEntities, type WebEntity } from '../platform/entity/web-entity';

// Every kind with pages. Its list, record and settings pages (app/entity-pages.tsx) and its
// navigation entries (app/navigation.ts) come from its definition; nothing is listed by hand per kind.
registerWebEntities([
  ...CRM_ENTITIES,
  ...CAMPAIGNS_ENTITIES,
  ...PROJECTS_ENTITIES,
  ...RESOURCES_ENTITIES,
  ...BOOKINGS_ENTITIES,
  ...HELPDESK_ENTITIES,
]);
// the live floor map's "Book" opens the bookings module's dialog (resources expose the slot)
registerFloorMapBooking(BookFromMapDialog);

export const entityAt = (path: string): WebEntity | undefined => webEntities().find((e) => e.definition.web.path === path);
