import { AimOutlined, CalendarOutlined } from '@ant-design/icons';
import { RESOURCE_MAP_STATES, shapeCentre, type FloorMap, type FloorMapPlacement, type ResourceMapState } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Space, Typography } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../platform/dates/format-date';
import { recordPath } from '../../platform/entity/web-entity';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { FloorMapBookingDialog, mayBookFromMap } from './floor-map-booking';
import { floorMapKeys, useFloorMapStates, usePlanImage } from './floor-maps.api';
import { FloorPlanStage } from './floor-plan-stage';

type State = ResourceMapState['state'];
const NO_STATES: ResourceMapState[] = [];
// the list shows a floor a hundred at a time (a click on the plan chooses any desk)
const LIST_PAGE = 100;
// the live map's colours, each with a darker outline; the legend and the list say the same in words
export const STATE_LOOKS: Record<State, { fill: string; stroke: string }> = {
  free: { fill: 'rgba(82, 196, 26, 0.45)', stroke: '#237804' },
  held: { fill: 'rgba(19, 194, 194, 0.45)', stroke: '#006d75' },
  booked: { fill: 'rgba(22, 119, 255, 0.45)', stroke: '#003eb3' },
  checkedIn: { fill: 'rgba(114, 46, 209, 0.5)', stroke: '#391085' },
  checkedOut: { fill: 'rgba(250, 140, 22, 0.5)', stroke: '#ad4e00' },
  outOfService: { fill: 'rgba(140, 140, 140, 0.5)', stroke: '#434343' },
};

// A resource's state in words: who holds or booked it, and until when.
function StateText({ s }: { s: ResourceMapState }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge color={STATE_LOOKS[s.state].stroke} text={t(`floorMaps.state.${s.state}`)} />
      {s.holderName && <Typography.Text type="secondary">{t('floorMaps.heldBy', { name: s.holderName })}</Typography.Text>}
      {s.bookerName && s.bookedUntil && (
        <Typography.Text type="secondary">
          {t('floorMaps.bookedBy', { name: s.bookerName, until: formatDate(s.bookedUntil, 'time') })}
        </Typography.Text>
      )}
    </>
  );
}

// The live map: the plan read-only, each resource coloured by its state (free, booked, checked
// in, checked out, out of service) and kept current by the record events of resources (bookings
// announce theirs on the resource). A click on a shape chooses it: its state, a link to it and,
// when it is free and the bookings module is there, "Book". Every resource is also listed with
// its state (and "Book"), so the floor is usable by keyboard and screen reader.
export function FloorMapLive({ map }: { map: FloorMap }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const image = usePlanImage(map);
  const states = useFloorMapStates(map.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [booking, setBooking] = useState<ResourceMapState | null>(null);
  const [nearOf, setNearOf] = useState<ResourceMapState | null>(null);
  const bookable = mayBookFromMap();
  const refresh = () => void qc.invalidateQueries({ queryKey: floorMapKeys.states(map.id) });
  useRecordEvents('Resource', undefined, refresh);
  const byId = useMemo(() => new Map((states.data?.data ?? []).map((s) => [s.resourceId, s])), [states.data]);
  const placements = useMemo(() => map.placements.filter((p) => byId.has(p.resourceId)), [map.placements, byId]);
  const picked = chosen ? byId.get(chosen) : undefined;
  const titleOf = useCallback((id: string) => byId.get(id)?.title ?? '', [byId]);
  const lookOf = useCallback((p: FloorMapPlacement) => STATE_LOOKS[byId.get(p.resourceId)?.state ?? 'free'], [byId]);
  const selectedIds = useMemo(() => (chosen ? [chosen] : []), [chosen]);
  // the list follows the plan: the shapes are drawn first, the rows in a render after (also on
  // the first: without the initial value, useDeferredValue renders the hundred rows at once)
  const rows = useDeferredValue(states.data?.data ?? NO_STATES, NO_STATES);

  const bookButton = (s: ResourceMapState) =>
    bookable && s.state === 'free' ? (
      <Button
        size="small"
        icon={<CalendarOutlined />}
        onClick={() => setBooking(s)}
        aria-label={t('floorMaps.bookResource', { name: s.title })}
      >
        {t('floorMaps.book')}
      </Button>
    ) : null;

  if (!map.image) return <Empty description={t('floorMaps.noPlan')} />;
  return (
    <div className="floor-map-live">
      {image && (
        <FloorPlanStage
          image={image}
          size={map.image}
          placements={placements}
          titleOf={titleOf}
          lookOf={lookOf}
          selectedIds={selectedIds}
          onSelect={(id) => setChosen(id)}
          maxHeight={640}
          label={t('floorMaps.canvas', { name: map.name })}
        />
      )}
      {picked && (
        <Card size="small" className="floor-map-chosen" role="region" aria-label={t('floorMaps.chosen', { name: picked.title })}>
          <Space wrap>
            <Link to={recordPath('Resource', picked.resourceId) ?? '#'}>
              <Typography.Text strong>{picked.title}</Typography.Text>
            </Link>
            {picked.resourceTypeTitle && <Typography.Text type="secondary">{picked.resourceTypeTitle}</Typography.Text>}
            <StateText s={picked} />
            {bookButton(picked)}
            {bookable && (
              <Button size="small" icon={<AimOutlined />} onClick={() => setNearOf(picked)}>
                {t('floorMaps.freeNear', { name: picked.title })}
              </Button>
            )}
          </Space>
        </Card>
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
        dataSource={rows}
        pagination={rows.length > LIST_PAGE ? { pageSize: LIST_PAGE, size: 'small', showSizeChanger: false } : false}
        renderItem={(s) => (
          <List.Item data-state={s.state}>
            <Space wrap>
              <Link to={recordPath('Resource', s.resourceId) ?? '#'}>{s.title}</Link>
              {s.resourceTypeTitle && <Typography.Text type="secondary">{s.resourceTypeTitle}</Typography.Text>}
              <StateText s={s} />
              {bookButton(s)}
            </Space>
          </List.Item>
        )}
      />
      {nearOf && (
        <FloorMapBookingDialog
          resourceId={nearOf.resourceId}
          title={nearOf.title}
          near={nearPoint(map, nearOf.resourceId)}
          onClose={() => {
            setNearOf(null);
            refresh();
          }}
        />
      )}
      {booking && (
        <FloorMapBookingDialog
          resourceId={booking.resourceId}
          title={booking.title}
          onClose={() => {
            setBooking(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}

// where a placed resource sits on its floor: find-times' `near` point
function nearPoint(map: FloorMap, resourceId: string): { floorMapId: string; x: number; y: number } | undefined {
  const placed = map.placements.find((p) => p.resourceId === resourceId);
  if (!placed) return undefined;
  const c = shapeCentre(placed.shape);
  return { floorMapId: map.id, x: Math.max(0, c.x), y: Math.max(0, c.y) };
}
