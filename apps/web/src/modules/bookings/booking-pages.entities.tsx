import { bookingPageEntity, bookingPortalPath, bookingServiceEntity, type EntityRecord } from '@atrium/domain';
import { EyeOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmbedAction } from '../../platform/widgets/embed-action';
import { useCurrentTenantId } from '../../platform/workspace/workspace-store';
import type { WebEntity } from '../../platform/entity/web-entity';
import { BookingPageItemsEditor, BookingPagePortalAccessEditor, BookingPolicyOverridesEditor } from './booking-page-editors';
import { useMyTenants } from '../workspaces';

// A booking page's preview: its page on the public portal, in a new tab (while the portal is
// off, or the page is for nobody outside, the portal answers that it does not exist).
function PortalPreview({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const tenantId = useCurrentTenantId();
  const workspace = useMyTenants().data?.find((w) => w.id === tenantId)?.slug;
  const slug = typeof record.slug === 'string' ? record.slug : '';
  if (!workspace || !slug) return null;
  // the widget only where anyone may book: on the portal, for visitors without a sign-in
  const embeddable = record.portalEnabled === true && record.externalVisibility === 'Anon';
  return (
    <Space wrap>
      <Button icon={<EyeOutlined />} href={bookingPortalPath(workspace, slug)} target="_blank" rel="noopener">
        {t('bookings.portal.preview')}
      </Button>
      {embeddable && <EmbedAction target={{ type: 'BookingWidget', workspace, page: slug }} />}
    </Space>
  );
}

const TimeSlotsTab = lazy(async () => ({ default: (await import('./booking-page-settings')).BookingPageTimeSlotsTab }));
const MapsTab = lazy(async () => ({ default: (await import('./booking-page-settings')).BookingPageMapsTab }));
const loading = <Skeleton active paragraph={{ rows: 3 }} />;

// Booking pages and services on the web: list, record page, form and settings from the engine; the record
// page adds the portal preview and the booking widget's Embed, the form editors of the items and the policy.
export const BOOKINGS_ENTITIES: WebEntity[] = [
  {
    definition: bookingPageEntity,
    hiddenBy: 'hideBookings',
    actions: (record) => <PortalPreview record={record} />,
    // the page's own time slots and the floor maps it shows on the portal (their own chunk)
    tabs: [
      {
        key: 'time-slots',
        labelKey: 'bookings.timeSlots.tab',
        permission: bookingPageEntity.permissions.view,
        render: (record) => (
          <Suspense fallback={loading}>
            <TimeSlotsTab record={record} />
          </Suspense>
        ),
      },
      {
        key: 'maps',
        labelKey: 'bookings.pageMaps.tab',
        permission: bookingPageEntity.permissions.view,
        render: (record) => (
          <Suspense fallback={loading}>
            <MapsTab record={record} />
          </Suspense>
        ),
      },
    ],
    editors: { items: BookingPageItemsEditor, policy: BookingPolicyOverridesEditor, portalAccess: BookingPagePortalAccessEditor },
  },
  // what can be ordered with a booking; ordered from the booking (booking-services.tsx)
  { definition: bookingServiceEntity, hiddenBy: 'hideBookings' },
];
