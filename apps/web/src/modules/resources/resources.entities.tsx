import { locationEntity, resourceEntity, resourceTypeEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { BookResourceAction } from '../bookings';
import { CheckOutActions, HolderBanner } from './check-out';
import { FloorMapsPreload, FloorMapsTabSlot } from './floor-maps-preload';
import { ResourceFloorLink } from './resource-floor-link';
import { AttributesEditor, OpeningHoursEditor } from './structured-editors';

// The asset catalogue on the web: the kinds' lists, record pages, forms and settings come from
// the engine; a location adds its floor maps (the editor and the live map), a resource check-out
// and check-in, and who holds it since when.
export const RESOURCES_ENTITIES: WebEntity[] = [
  {
    definition: locationEntity,
    editors: { openingHours: OpeningHoursEditor },
    banner: (record) => <FloorMapsPreload record={record} />,
    tabs: [
      {
        key: 'floor-maps',
        labelKey: 'floorMaps.tab',
        permission: resourceEntity.permissions.view,
        // the floor maps (Konva) are their own chunk: a location's page starts loading it (and the
        // floor the tab opens at) when it opens, and the tab shows it
        render: (record) => <FloorMapsTabSlot record={record} />,
      },
    ],
  },
  { definition: resourceTypeEntity, editors: { attributes: AttributesEditor } },
  {
    definition: resourceEntity,
    editors: { attributes: AttributesEditor },
    actions: (record) => (
      <>
        <BookResourceAction record={record} />
        <CheckOutActions record={record} />
      </>
    ),
    banner: (record) => (
      <>
        <HolderBanner record={record} />
        <ResourceFloorLink record={record} />
      </>
    ),
  },
];
