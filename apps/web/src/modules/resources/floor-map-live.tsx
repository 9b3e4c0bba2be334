import { RESOURCE_MAP_STATES, type FloorMap, type ResourceMapState } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Empty, List, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { recordPath } from '../../platform/entity/web-entity';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { floorMapKeys, useFloorMapStates, usePlanImage } from './floor-maps.api';
import { FloorPlanStage } from './floor-plan-stage';

type State = ResourceMapState['state'];
// the live map's colours, each with a darker outline; the legend and the list say the same in words
export const STATE_LOOKS: Record<State, { fill: string; stroke: string }> = {
  free: { fill: 'rgba(82, 196, 26, 0.45)', stroke: '#237804' },
  checkedOut: { fill: 'rgba(250, 140, 22, 0.5)', stroke: '#ad4e00' },
  outOfService: { fill: 'rgba(140, 140, 140, 0.5)', stroke: '#434343' },
};

// The live map: the plan read-only, each resource coloured by its state and kept current by the
// record events of resources; a click opens the resource. Every resource is also listed with its
// state, so the floor is usable by keyboard and screen reader.
export function FloorMapLive({ map }: { map: FloorMap }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const image = usePlanImage(map);
  const states = useFloorMapStates(map.id);
  useRecordEvents('Resource', undefined, () => void qc.invalidateQueries({ queryKey: floorMapKeys.states(map.id) }));
  const byId = useMemo(() => new Map((states.data?.data ?? []).map((s) => [s.resourceId, s])), [states.data]);
  const open = (id: string) => {
    const path = recordPath('Resource', id);
    if (path) void navigate(path);
  };

  if (!map.image) return <Empty description={t('floorMaps.noPlan')} />;
  return (
    <div className="floor-map-live">
      {image && (
        <FloorPlanStage
          image={image}
          size={map.image}
          placements={map.placements.filter((p) => byId.has(p.resourceId))}
          titleOf={(id) => byId.get(id)?.title ?? ''}
          lookOf={(p) => STATE_LOOKS[byId.get(p.resourceId)?.state ?? 'free']}
          onSelect={(id) => id && open(id)}
          maxHeight={640}
          label={t('floorMaps.canvas', { name: map.name })}
        />
      )}
      <Space wrap className="floor-map-legend" aria-label={t('floorMaps.legend')} role="group">
        <Typography.Text strong>{t('floorMaps.legend')}:</Typography.Text>
        {RESOURCE_MAP_STATES.map((s) => (
          <Badge key={s} color={STATE_LOOKS[s].stroke} text={t(`floorMaps.state.${s}`)} />
        ))}
      </Space>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('floorMaps.onThisFloor')}
      </Typography.Title>
      <List
        size="small"
        className="floor-map-states"
        loading={states.isLoading}
        locale={{ emptyText: t('floorMaps.nothingPlaced') }}
        dataSource={states.data?.data ?? []}
        renderItem={(s) => (
          <List.Item data-state={s.state}>
            <Space wrap>
              <Link to={recordPath('Resource', s.resourceId) ?? '#'}>{s.title}</Link>
              {s.resourceTypeTitle && <Typography.Text type="secondary">{s.resourceTypeTitle}</Typography.Text>}
              <Badge color={STATE_LOOKS[s.state].stroke} text={t(`floorMaps.state.${s.state}`)} />
              {s.holderName && <Typography.Text type="secondary">{t('floorMaps.heldBy', { name: s.holderName })}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
