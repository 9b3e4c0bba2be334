import type { EntityRecord } from '@atrium/domain';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordPath } from '../../platform/entity/web-entity';
import { useResourceFloorMaps } from './floor-maps.api';

// Where a resource is on the map: a link to each floor it is placed on, opening the location's
// Floor maps tab at that floor.
export function ResourceFloorLink({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const floors = useResourceFloorMaps(record.id);
  const list = floors.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Space wrap style={{ marginBottom: 16 }} className="resource-floor-link">
      <EnvironmentOutlined aria-hidden />
      <Typography.Text>{t('floorMaps.placedOn')}</Typography.Text>
      {list.map((f) => (
        <Link key={f.id} to={`${recordPath('Location', f.locationId) ?? ''}?tab=floor-maps&floor=${f.id}`}>
          {f.level === f.name ? f.name : `${f.level} · ${f.name}`}
        </Link>
      ))}
    </Space>
  );
}
