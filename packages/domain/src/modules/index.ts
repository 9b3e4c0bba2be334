import type { EntityDefinition } from '../entity/define-entity';
import { bookingPageEntity, bookingServiceEntity } from './bookings';
import { campaignEntity, segmentEntity } from './campaigns';
import { contactEntity, customQueryEntity, leadEntity, opportunityEntity, organizationEntity, teamEntity } from './crm';
import { articleEntity, helpdeskEntity, requestEntity, topicEntity } from './helpdesk';
import { projectEntity, projectTemplateEntity, taskEntity, taskScheduleEntity } from './projects';
import { locationEntity, resourceEntity, resourceTypeEntity } from './resources';

export * from './bookings';
export * from './campaigns';
export * from './crm';
export * from './helpdesk';
export * from './projects';
export * from './resources';
export * from './module-enumerations';

// Every entity kind's definition: the server registers each with its table, the web app builds
// its pages from them, and both resolve references and links through this list.
export const ENTITY_DEFINITIONS: readonly EntityDefinition[] = [
  contactEntity,
  organizationEntity,
  leadEntity,
  opportunityEntity,
  teamEntity,
  customQueryEntity,
  projectTemplateEntity,
  projectEntity,
  taskEntity,
  taskScheduleEntity,
  locationEntity,
  resourceTypeEntity,
  resourceEntity,
  bookingPageEntity,
  bookingServiceEntity,
  segmentEntity,
  campaignEntity,
  helpdeskEntity,
  topicEntity,
  articleEntity,
  requestEntity,
];
