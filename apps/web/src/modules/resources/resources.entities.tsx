import { locationEntity, resourceEntity, resourceTypeEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { CheckOutActions, HolderBanner } from './check-out';

// The asset catalogue on the web: the kinds' lists, record pages, forms and settings come from
// the engine; a resource adds check-out and check-in, and who holds it since when.
export const RESOURCES_ENTITIES: WebEntity[] = [
  { definition: locationEntity },
  { definition: resourceTypeEntity },
  {
    definition: resourceEntity,
    actions: (record) => <CheckOutActions record={record} />,
    banner: (record) => <HolderBanner record={record} />,
  },
];
