import { locationEntity, resourceEntity, resourceTypeEntity } from '@atrium/domain';
import { entityTable } from '../../platform/entity';
import { tenantUsers } from '../admin';

export const locations = entityTable('locations', locationEntity);
export const resourceTypes = entityTable('resource_types', resourceTypeEntity);
export const resources = entityTable('resources', resourceEntity, {
  references: { Location: locations, ResourceType: resourceTypes, User: tenantUsers },
});
