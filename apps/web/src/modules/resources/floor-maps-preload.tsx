import { resourceEntity, type EntityRecord } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../platform/permissions/use-access';
import { floorMapListQuery, floorMapQuery, floorMapStatesQuery, planImageQuery } from './floor-maps.api';
import type { FloorMapsTab } from './floor-maps-tab';

type TabModule = { FloorMapsTab: typeof FloorMapsTab };
let loaded: TabModule | undefined;
let loading: Promise<TabModule> | undefined;

// the Floor maps tab's chunk (Konva): fetched and parsed once, by the first caller
export const loadFloorMapsTab = (): Promise<TabModule> => (loading ??= import('./floor-maps-tab').then((m) => (loaded = m)));

const LazyTab = lazy(async () => ({ default: (await loadFloorMapsTab()).FloorMapsTab }));

// The tab itself. Once its chunk is here (the page preloads it) it renders at once: a React.lazy
// met for the first time suspends even when its module has arrived, and React holds a revealed
// Suspense boundary back for up to 300 ms (its fallback throttle) — most of the tab's opening
// time with 1,000 desks (decision 092).
export function FloorMapsTabSlot({ record }: { record: EntityRecord }) {
  if (loaded) return <loaded.FloorMapsTab record={record} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <LazyTab record={record} />
    </Suspense>
  );
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
    void loadFloorMapsTab();
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
