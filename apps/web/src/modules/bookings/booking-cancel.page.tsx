import { Button, Card, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { PageResult } from '../../platform/feedback/page-result';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useCancelPortalBooking, usePortalBooking } from './booking-portal.api';

// Public: the page a portal booking's cancel link opens — the booking, and after a confirmation
// click it is cancelled (its time free again; a CANCEL .ics is mailed).
export default function BookingCancelPage() {
  const { t, i18n } = useTranslation();
  const { workspace = '', token = '' } = useParams();
  const booking = usePortalBooking(workspace, token);
  const cancel = useCancelPortalBooking(workspace, token);
  const ask = useConfirm();
  usePageTitle(t('bookings.portal.cancelTitle'));
  if (booking.isPending) return <Spin className="page-spinner" aria-label={t('common.loading')} />;
  if (booking.isError || !booking.data)
    return (
      <main className="portal-page">
        <PageResult status="404" title={t('bookings.portal.bookingNotFound')} />
      </main>
    );
  const b = booking.data;
  const when = new Intl.DateTimeFormat(i18n.language, { timeZone: b.timeZone, dateStyle: 'full', timeStyle: 'short' });
  const until = new Intl.DateTimeFormat(i18n.language, { timeZone: b.timeZone, hour: '2-digit', minute: '2-digit' });
  const onCancel = async () => {
    const ok = await ask({ title: t('bookings.portal.cancelConfirm'), okText: t('bookings.portal.cancelBooking'), danger: true });
    if (ok) cancel.mutate();
  };
  return (
    <main className="portal-page" style={{ maxWidth: 640, margin: '24px auto', padding: '0 16px' }}>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {t('bookings.portal.cancelTitle')}
      </Typography.Title>
      <Card>
        <Typography.Paragraph>
          <strong>{b.resource}</strong>
          {b.location ? ` · ${b.location}` : ''} · {b.page}
        </Typography.Paragraph>
        <Typography.Paragraph>
          {when.format(new Date(b.start))}–{until.format(new Date(b.end))} ({b.timeZone})
        </Typography.Paragraph>
        <Typography.Paragraph>
          <Tag color={b.status === 'Cancelled' ? 'red' : 'blue'}>{t(`bookings.status.${b.status}`)}</Tag>
        </Typography.Paragraph>
        {cancel.error && (
          <Typography.Paragraph type="danger">
            {isApiError(cancel.error) ? errorText(t, cancel.error.code) : t('errorCodes.internalServerError')}
          </Typography.Paragraph>
        )}
        {b.status === 'Cancelled' ? (
          <Typography.Paragraph>{t('bookings.portal.cancelled')}</Typography.Paragraph>
        ) : b.mayCancel ? (
          <Button danger onClick={() => void onCancel()} loading={cancel.isPending}>
            {t('bookings.portal.cancelBooking')}
          </Button>
        ) : null}
      </Card>
    </main>
  );
}
