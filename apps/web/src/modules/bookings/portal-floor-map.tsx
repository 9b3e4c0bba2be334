import { shapeCorners, type BookingPortalMaps } from '@atrium/domain';
import { Badge, Segmented, Space, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { portalMapImageUrl } from './booking-portal.api';
import './portal-floor-map.css';

type PortalMap = BookingPortalMaps['maps'][number];
type Place = PortalMap['places'][number];
const LOOKS = {
  free: { fill: 'rgba(82, 196, 26, 0.45)', stroke: '#237804' },
  taken: { fill: 'rgba(140, 140, 140, 0.45)', stroke: '#434343' },
} as const;

// The floor maps a booking page shows on the portal (decision 093 round six): the plan with the
// places of the page's items, green where the item has a free time on the chosen day, grey where
// not. Read-only but for choosing: a free place is a button (click, or Tab and Enter/Space) that
// chooses that item, so the free times below are its own. An SVG over the plan, not the app's
// Konva live map: a visitor sees tens of places, each must be a real focusable control, and the
// portal page should not load the canvas chunk at 390 px.
export function PortalFloorMap(props: {
  workspace: string;
  slug: string;
  maps: PortalMap[];
  titles: ReadonlyMap<string, string>;
  free: ReadonlySet<string>;
  chosen: string;
  onChoose: (resourceId: string) => void;
}) {
  const { t } = useTranslation();
  const shown = props.maps.filter((m) => m.image !== null);
  const [mapId, setMapId] = useState<string | undefined>(shown[0]?.id);
  const map = shown.find((m) => m.id === mapId) ?? shown[0];
  if (!map?.image) return null;
  const { width, height } = map.image;
  const radius = Math.max(width, height) / 80;
  const titleOf = (p: Place) => p.label ?? props.titles.get(p.resourceId) ?? '';
  const choose = (p: Place) => props.free.has(p.resourceId) && props.onChoose(p.resourceId);
  const onKey = (e: KeyboardEvent, p: Place) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    choose(p);
  };
  return (
    <section className="portal-floor-map" aria-label={t('bookings.portal.map')}>
      {shown.length > 1 && (
        <Segmented
          aria-label={t('bookings.portal.floor')}
          value={map.id}
          onChange={(v) => setMapId(String(v))}
          options={shown.map((m) => ({ value: m.id, label: `${m.name} (${m.level})` }))}
        />
      )}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={`${map.name} (${map.level})`}
        className="portal-floor-map-plan"
        preserveAspectRatio="xMidYMid meet"
      >
        <image href={portalMapImageUrl(props.workspace, props.slug, map.id, map.version)} width={width} height={height} />
        {map.places.map((p) => {
          const free = props.free.has(p.resourceId);
          const look = free ? LOOKS.free : LOOKS.taken;
          const chosen = props.chosen === p.resourceId;
          const name = `${titleOf(p)}: ${free ? t('bookings.portal.placeFree') : t('bookings.portal.placeTaken')}`;
          const stroke = {
            fill: look.fill,
            stroke: chosen ? '#0958d9' : look.stroke,
            strokeWidth: chosen ? 3 : 1.5,
            vectorEffect: 'non-scaling-stroke' as const,
          };
          return (
            <g
              key={p.resourceId}
              role="button"
              tabIndex={free ? 0 : -1}
              aria-label={name}
              aria-pressed={chosen}
              aria-disabled={!free}
              className={free ? 'portal-floor-map-place is-free' : 'portal-floor-map-place'}
              onClick={() => choose(p)}
              onKeyDown={(e) => onKey(e, p)}
            >
              <title>{name}</title>
              {p.shape.kind === 'point' ? (
                <circle cx={p.shape.x} cy={p.shape.y} r={radius} {...stroke} />
              ) : (
                <polygon
                  points={shapeCorners(p.shape, p.rotation)
                    .map((q) => `${q.x},${q.y}`)
                    .join(' ')}
                  {...stroke}
                />
              )}
            </g>
          );
        })}
      </svg>
      <Space wrap size={[16, 4]}>
        <Badge color={LOOKS.free.stroke} text={t('bookings.portal.placeFree')} />
        <Badge color={LOOKS.taken.stroke} text={t('bookings.portal.placeTaken')} />
        <Typography.Text type="secondary">{t('bookings.portal.mapHint')}</Typography.Text>
      </Space>
    </section>
  );
}
