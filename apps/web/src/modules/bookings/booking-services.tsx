import { CoffeeOutlined } from '@ant-design/icons';
import type { Booking, BookingServicesAnswer } from '@atrium/domain';
import { Alert, App, Button, Empty, Form, Input, InputNumber, List, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { useWorkspaceCurrency } from '../../platform/entity/use-currency';
import { formatMoney } from '../../platform/i18n/number-format';
import { errorText } from '../../platform/feedback/form-errors';
import { useBookingServices, useSetBookingServices } from './bookings.api';
import './booking-services.css';

type Row = { quantity: number | null; note: string };
type Values = Record<string, Row>;

// The services ordered with a booking (catering, a set-up, parking) and, while the booking may
// change, a form of every service offered for its resource: a quantity (none = not ordered) and
// a note for whoever provides it. The server checks each against its notice; a refusal shows
// under the service's quantity.
export function BookingServicesEditor({ booking, editable }: { booking: Booking; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const currency = useWorkspaceCurrency();
  const answer = useBookingServices(booking.id);
  const save = useSetBookingServices(booking.id);
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  if (answer.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!answer.data) return <Alert type="error" showIcon message={t('errorCodes.internalServerError')} />;
  const { ordered, offered } = answer.data;
  const initial = Object.fromEntries(
    offered.map((s) => {
      const o = ordered.find((x) => x.id === s.id);
      return [s.id, { quantity: o?.quantity ?? null, note: o?.note ?? '' }];
    }),
  );
  const submit = (values: Values) => {
    setFailure(null);
    const services = offered.flatMap((s) => {
      const row = values[s.id];
      return row?.quantity ? [{ serviceId: s.id, quantity: row.quantity, ...(row.note?.trim() ? { note: row.note.trim() } : {}) }] : [];
    });
    save.mutate(
      { services },
      {
        onSuccess: () => void message.success(t('bookings.services.saved')),
        onError: (e) => {
          if (!isApiError(e)) return setFailure(t('errorCodes.internalServerError'));
          // services.N.<field> names the N-th service sent: shown under its quantity
          const fields = e.fieldErrors.flatMap((f) => {
            const m = /^services\.(\d+)\./.exec(f.field);
            const sent = m ? services[Number(m[1])] : undefined;
            return sent ? [{ name: [sent.serviceId, 'quantity'] as [string, 'quantity'], errors: [errorText(t, f.code, f)] }] : [];
          });
          if (fields.length > 0) form.setFields(fields);
          else setFailure(errorText(t, e.code));
        },
      },
    );
  };
  if (!editable)
    return ordered.length === 0 ? (
      <Typography.Text type="secondary">{t('bookings.services.none')}</Typography.Text>
    ) : (
      <OrderedList answer={answer.data} />
    );
  if (offered.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.services.noneOffered')} />;
  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false}>
      {offered.map((s) => {
        const wasOrdered = ordered.some((o) => o.id === s.id);
        const details = [
          s.price !== null ? formatMoney(s.price, currency, i18n.language) : null,
          s.leadTimeMinutes ? t('bookings.services.notice', { minutes: s.leadTimeMinutes }) : null,
          s.tooLate ? t('bookings.services.tooLate') : null,
        ].filter(Boolean);
        return (
          <fieldset key={s.id} className="booking-service">
            <legend>
              <Typography.Text strong>{s.title}</Typography.Text>
              {details.length > 0 && <Typography.Text type="secondary"> · {details.join(' · ')}</Typography.Text>}
            </legend>
            {s.description && <Typography.Paragraph type="secondary">{s.description}</Typography.Paragraph>}
            <Space wrap align="start">
              <Form.Item name={[s.id, 'quantity']} label={t('bookings.services.quantity', { service: s.title })}>
                <InputNumber min={0} max={999} precision={0} disabled={s.tooLate && !wasOrdered} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[s.id, 'note']} label={t('bookings.services.note', { service: s.title })}>
                <Input maxLength={500} disabled={s.tooLate && !wasOrdered} style={{ minWidth: 220 }} />
              </Form.Item>
            </Space>
          </fieldset>
        );
      })}
      {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

function OrderedList({ answer }: { answer: BookingServicesAnswer }) {
  return (
    <List
      size="small"
      dataSource={answer.ordered}
      renderItem={(o) => (
        <List.Item key={o.id}>
          <List.Item.Meta title={`${o.title} × ${o.quantity}`} description={o.note} />
        </List.Item>
      )}
    />
  );
}

// "Services" on a booking: the ordered ones and, while it may change, the order form.
export function BookingServicesButton({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const editable = booking.mayCancel || booking.mayCheckOut;
  return (
    <>
      <Button size="small" icon={<CoffeeOutlined />} onClick={() => setOpen(true)}>
        {t('bookings.services.title')}
      </Button>
      <Modal
        open={open}
        title={`${t('bookings.services.change')} · ${booking.resource.title}`}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <BookingServicesEditor booking={booking} editable={editable} />
      </Modal>
    </>
  );
}
