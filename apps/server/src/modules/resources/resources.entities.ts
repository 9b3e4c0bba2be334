import { locationEntity, resourceEntity, resourceTypeEntity } from '@atrium/domain';
import { registerEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { locationHooks, resourceHooks, type ResourceKinds } from './resources.service';
import { locations, resources, resourceTypes } from './resources.table';

// The asset catalogue's kinds are declarations; what is theirs alone (the plan's location limit,
// a resource's capacity from its type, check-out) sits in hooks and the module's own calls.
export function registerResourceEntities(router: Router): ResourceKinds {
  const location = registerEntity(router, locationEntity, {
    table: locations,
    hooks: locationHooks,
    example: {
      name: 'Hamburg head office',
      address: 'Am Sandtorkai 1, 20457 Hamburg',
      timeZone: 'Europe/Berlin',
      openingHours: [{ day: 'mon', open: '08:00', close: '18:00' }],
    },
    patchExample: [{ op: 'replace', path: '/address', value: 'Am Sandtorkai 2, 20457 Hamburg' }],
  });
  const resourceType = registerEntity(router, resourceTypeEntity, {
    table: resourceTypes,
    example: { name: 'Laptop', bookableMode: 'Both', capacityDefault: 1, icon: 'LaptopOutlined', attributes: ['14 inch'] },
    patchExample: [{ op: 'replace', path: '/capacityDefault', value: 2 }],
  });
  const resource = registerEntity(router, resourceEntity, {
    table: resources,
    hooks: resourceHooks,
    example: { name: 'Desk 1.01', resourceTypeId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11', attributes: ['monitor', 'standing desk'] },
    patchExample: [{ op: 'replace', path: '/capacity', value: 2 }],
  });
  return { location, resourceType, resource };
}
