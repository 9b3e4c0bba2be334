import { resourceEntity, type Booking, type BookingList, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { formatDate } from '../../platform/dates/format-date';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useRunBookingAction } from './bookings.api';

const EARLY_MS = 15 * 60_000;
const when = (b: Booking) => `${formatDate(b.start, 'dateTime')} – ${formatDate(b.end, 'time')}`;

// What a resource's QR code opens (issue 22): my booking of it now — check in from 15 minutes
// before its start, check out once in — or, without one, the way to book it.
export default function CheckInPage() {
  const { t } = useTranslation();
  const { resourceId = '' } = useParams();
  const resource = useQuery({
    queryKey: workspaceKey('bookings', 'check-in', 'resource', resourceId),
    queryFn: () => apiRequest<EntityRecord>(`${resourceEntity.basePath}/${resourceId}`),
    retry: false,
  });
  const mine = useQuery({
    queryKey: workspaceKey('bookings', 'check-in', resourceId),
    queryFn: () => {
      const now = Date.now();
      return apiRequest<BookingList>('/api/v1/bookings/list', {
        method: 'POST',
        body: { mine: true, resourceId, from: new Date(now).toISOString(), to: new Date(now + EARLY_MS).toISOString(), limit: 5 },
      });
    },
    enabled: resource.isSuccess,
  });
  const run = useRunBookingAction();
  const title = String(resource.data?.title ?? '');
  usePageTitle(title ? t('bookings.checkInPage.title', { resource: title }) : t('bookings.checkIn'));
  if (resource.isError)
    return (
      <Result
        status="404"
        title={t('bookings.checkInPage.unknown')}
        subTitle={isApiError(resource.error) && resource.error.status !== 404 ? resource.error.message : undefined}
        extra={
          <Link to="/bookings">
            <Button type="primary">{t('bookings.title')}</Button>
          </Link>
        }
      />
    );
  const current = mine.data?.data.find((b) => b.mayCheckIn || b.mayCheckOut);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 560, margin: '0 auto' }}>
      <Typography.Title level={1}>{title ? t('bookings.checkInPage.title', { resource: title }) : t('bookings.checkIn')}</Typography.Title>
      <Card>
        {resource.isPending || mine.isPending ? (
          <Skeleton active />
        ) : current ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              {current.status === 'CheckedIn'
                ? t('bookings.checkInPage.checkedIn', { since: formatDate(current.checkedInAt ?? current.start, 'time') })
                : t('bookings.checkInPage.yours', { when: when(current) })}
            </Typography.Paragraph>
            {current.mayCheckIn && (
              <Button type="primary" size="large" block onClick={() => void run(current, 'check-in')}>
                {t('bookings.checkIn')}
              </Button>
            )}
            {current.mayCheckOut && (
              <Button size="large" block onClick={() => void run(current, 'check-out')}>
                {t('bookings.checkOut')}
              </Button>
            )}
          </Space>
        ) : (
          <Empty description={t('bookings.checkInPage.none', { resource: title })}>
            <Space wrap style={{ justifyContent: 'center' }}>
              <Link to={`${resourceEntity.web.path}/${resourceId}`}>
                <Button type="primary">{t('bookings.bookResource', { resource: title })}</Button>
              </Link>
            </Space>
          </Empty>
        )}
      </Card>
      {mine.isError && <Alert type="error" showIcon message={t('bookings.calendar.loadFailed')} />}
    </Space>
  );
}
