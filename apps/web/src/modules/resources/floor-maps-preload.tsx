import { resourceEntity, type EntityRecord } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { preloadable } from '../../platform/lazy/preloadable';
import { useAccess } from '../../platform/permissions/use-access';
import { floorMapListQuery, floorMapQuery, floorMapStatesQuery, planImageQuery } from './floor-maps.api';

// The Floor maps tab (Konva) in a chunk of its own, which the location's page preloads (below):
// once it is here, the tab renders at once (decision 092).
const FloorMapsTab = preloadable(async () => (await import('./floor-maps-tab')).FloorMapsTab);

export function FloorMapsTabSlot({ record }: { record: EntityRecord }) {
  return <FloorMapsTab.Component record={record} />;
}

// A location's page starts what its Floor maps tab needs while the person reads the page: the
// tab's chunk, the list of floors and then the floor the tab opens at (the one the address
// names, else the first): its map, states and plan image (issue 21: the tab opens in < 500 ms
// with 1,000 desks). Draws nothing.
export function FloorMapsPreload({ record }: { record: EntityRecord }) {
  const qc = useQueryClient();
  const { can } = useAccess();
  const [search] = useSearchParams();
  const named = search.get('floor');
  const allowed = can({ permissions: [resourceEntity.permissions.view] });
  useEffect(() => {
    if (!allowed) return;
    void FloorMapsTab.preload();
    let gone = false;
    void qc.fetchQuery(floorMapListQuery(record.id)).then(
      (list) => {
        const floor = list.data.find((f) => f.id === named) ?? list.data[0];
        if (gone || !floor) return;
        void qc.prefetchQuery(floorMapQuery(floor.id));
        void qc.prefetchQuery(floorMapStatesQuery(floor.id));
        if (floor.image) void qc.prefetchQuery(planImageQuery(floor));
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [allowed, qc, record.id, named]);
  return null;
}
