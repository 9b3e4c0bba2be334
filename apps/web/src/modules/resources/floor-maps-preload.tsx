import { resourceEntity, type EntityRecord } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAccess } from '../../platform/permissions/use-access';
import { floorMapListQuery } from './floor-maps.api';

// the Floor maps tab's chunk (Konva): fetched and parsed once, by the first caller
export const loadFloorMapsTab = () => import('./floor-maps-tab');

// A location's page starts what its Floor maps tab needs while the person reads the page: the
// tab's chunk and the list of floors (issue 21: the tab opens in < 500 ms with 1,000 desks).
// Draws nothing.
export function FloorMapsPreload({ record }: { record: EntityRecord }) {
  const qc = useQueryClient();
  const { can } = useAccess();
  const allowed = can({ permissions: [resourceEntity.permissions.view] });
  useEffect(() => {
    if (!allowed) return;
    void loadFloorMapsTab();
    void qc.prefetchQuery(floorMapListQuery(record.id));
  }, [allowed, qc, record.id]);
  return null;
}
