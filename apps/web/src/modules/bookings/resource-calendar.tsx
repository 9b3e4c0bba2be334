import { locationEntity, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { BookingCalendar } from './booking-calendar';
import { CalendarFeedsButton } from './calendar-feeds';

// A resource's bookings on a calendar, in its location's zone (UTC without a location, as the
// booking policy evaluates it).
export default function ResourceCalendar({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const locationId = typeof record.locationId === 'string' ? record.locationId : null;
  const location = useQuery({
    queryKey: workspaceKey('bookings', 'location', locationId),
    queryFn: () => apiRequest<EntityRecord>(`${locationEntity.basePath}/${locationId}`),
    enabled: locationId !== null,
  });
  if (locationId && location.isPending) return <Skeleton active />;
  const zone = locationId && typeof location.data?.timeZone === 'string' ? location.data.timeZone : 'UTC';
  const title = String(record.title ?? '');
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <CalendarFeedsButton resource={{ id: record.id, title }} />
      <BookingCalendar
        scope={{ kind: 'resource', resourceId: record.id, title, timeZone: zone }}
        label={t('bookings.calendar.ofResource', { resource: title })}
      />
    </Space>
  );
}
