import { bookingPageEntity, locationEntity, resourceTypeEntity, type FreeSlot } from '@atrium/domain';
import { Alert, App, Button, Card, Checkbox, Col, DatePicker, Empty, Form, List, Row, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { displayTimeZone, formatDate } from '../../platform/dates/format-date';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { BookingCalendar, type CalendarScope } from './booking-calendar';
import { CalendarFeedsButton } from './calendar-feeds';
import { useBook, useChoices, useFindTimes, useMyBookings, usePageTimeSlots, useRunBookingAction } from './bookings.api';
import { windowsText } from './booking-time-slots';
import { BookingServicesButton } from './booking-services';

const DURATIONS = [30, 60, 120, 240, 480];

// The whole local day (the profile's zone, else the browser's) of a picked date.
function dayWindow(day: Dayjs): { from: string; to: string } {
  const zone = displayTimeZone();
  const start = zone ? dayjs.tz(day.format('YYYY-MM-DD'), zone) : day.startOf('day');
  return { from: start.toISOString(), to: start.add(1, 'day').toISOString() };
}

const when = (b: { start: string; end: string }) => `${formatDate(b.start, 'dateTime')} – ${formatDate(b.end, 'time')}`;

// Bookings (issue 22): book a resource through find-times — a location, a type, a day and a
// duration give the free times, one click books — and my upcoming bookings with check-in and
// a confirmed cancel. Each refusal of the server is shown in its own words.
export default function BookingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.title'));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={1}>{t('bookings.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <BookCard />
        </Col>
        <Col xs={24} lg={10}>
          <MyBookings />
        </Col>
      </Row>
      <CalendarCard />
    </Space>
  );
}

// `pageId`: book through a booking page (decision 093 round eight) — its items, policy and time
// slots; none: the resource types' policies.
type Query = { pageId?: string; locationId?: string; typeId?: string; day: Dayjs; duration: number; favouritesOnly?: boolean };

// `near`: the free places of a floor near a point (the live map's "Free places near …"),
// nearest first — no location to choose, the floor decides.
export function BookCard({
  resourceId,
  title,
  near,
}: {
  resourceId?: string;
  title?: string;
  near?: { floorMapId: string; x: number; y: number };
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Query>();
  // a page to book through, on the Bookings page only (a resource's own card and the map's book freely)
  const choosePage = !resourceId && !near;
  const bookingPages = useChoices(bookingPageEntity.basePath, choosePage);
  const pageId = Form.useWatch('pageId', form);
  const pageWindows = usePageTimeSlots(choosePage ? pageId : undefined);
  const locations = useChoices(locationEntity.basePath);
  const types = useChoices(resourceTypeEntity.basePath);
  const find = useFindTimes();
  const book = useBook();
  const [refusal, setRefusal] = useState<string | null>(null);
  const search = (q: Query) => {
    setRefusal(null);
    form.setFields([
      { name: 'day', errors: [] },
      { name: 'duration', errors: [] },
    ]);
    find.mutate(
      {
        duration: q.duration,
        window: dayWindow(q.day),
        ...(resourceId ? { resourceId } : {}),
        ...(q.pageId ? { pageId: q.pageId } : {}),
        ...(q.locationId ? { locationId: q.locationId } : {}),
        ...(q.typeId ? { typeId: q.typeId } : {}),
        ...(q.favouritesOnly ? { favouritesOnly: true } : {}),
        ...(near ? { near } : {}),
      },
      {
        // a refusal about the window or the duration is shown under the day or the duration
        onError: (e) => {
          if (!isApiError(e)) return;
          form.setFields(
            e.fieldErrors.flatMap((f) => {
              const name = f.field.startsWith('window') ? 'day' : f.field === 'duration' ? 'duration' : null;
              return name ? [{ name, errors: [errorText(t, f.code, f)] }] : [];
            }),
          );
        },
      },
    );
  };
  const take = (slot: FreeSlot) => {
    setRefusal(null);
    // booked under the page chosen now: its policy and time slots decide (a refusal names the rule)
    const through = choosePage ? form.getFieldValue('pageId') : undefined;
    book.mutate(
      { resourceId: slot.resource.id, start: slot.start, end: slot.end, ...(through ? { pageId: through } : {}) },
      {
        onSuccess: () => {
          void message.success(t('bookings.booked', { resource: slot.resource.title }));
          search(form.getFieldsValue());
        },
        onError: (e) => setRefusal(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  };
  const slotButton = (slot: FreeSlot, extra?: string) => {
    const time = formatDate(slot.start, 'time');
    return (
      <Button
        key={`${slot.resource.id}-${slot.start}`}
        onClick={() => take(slot)}
        loading={book.isPending && book.variables?.start === slot.start && book.variables.resourceId === slot.resource.id}
        aria-label={t('bookings.bookSlot', { resource: slot.resource.title, time })}
      >
        {time} · {slot.resource.title}
        {extra ? ` (${extra})` : ''}
      </Button>
    );
  };
  const result = find.data;
  return (
    <Card title={title ?? t('bookings.bookTitle')}>
      <Form<Query>
        form={form}
        layout="vertical"
        initialValues={{ day: dayjs().add(1, 'day'), duration: 60 }}
        onFinish={search}
        requiredMark={false}
      >
        <Row gutter={12}>
          {choosePage && (
            <Col xs={24}>
              <Form.Item
                name="pageId"
                label={t('bookings.bookThrough')}
                extra={
                  pageId && pageWindows.data
                    ? pageWindows.data.slots.length > 0
                      ? t('bookings.portal.bookableTimes', { times: windowsText(pageWindows.data.slots, i18n.language) })
                      : t('bookings.bookThroughAnyTime')
                    : t('bookings.bookThroughNone')
                }
              >
                <Select
                  allowClear
                  placeholder={t('bookings.noPage')}
                  loading={bookingPages.isLoading}
                  options={(bookingPages.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          )}
          {!resourceId && (
            <>
              {!near && (
                <Col xs={24} sm={12}>
                  <Form.Item name="locationId" label={t('bookings.location')}>
                    <Select
                      allowClear
                      placeholder={t('bookings.anyLocation')}
                      loading={locations.isLoading}
                      options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} sm={12}>
                <Form.Item name="typeId" label={t('bookings.type')}>
                  <Select
                    allowClear
                    placeholder={t('bookings.anyType')}
                    loading={types.isLoading}
                    options={(types.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                  />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="day" label={t('bookings.day')} rules={[{ required: true, message: t('errorCodes.required') }]}>
              <DatePicker style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="duration" label={t('bookings.duration')}>
              <Select
                options={DURATIONS.map((m) => ({
                  value: m,
                  label: m < 60 ? t('bookings.minutes', { count: m }) : t('bookings.hours', { count: m / 60 }),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {!resourceId && (
          <Form.Item name="favouritesOnly" valuePropName="checked">
            <Checkbox>{t('bookings.favourites.only')}</Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={find.isPending}>
          {t('bookings.findTimes')}
        </Button>
      </Form>
      {find.isError && !(isApiError(find.error) && find.error.fieldErrors.some((f) => /^(window|duration)/.test(f.field))) && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={isApiError(find.error) ? errorText(t, find.error.code) : t('errorCodes.internalServerError')}
        />
      )}
      {refusal && <Alert role="alert" style={{ marginTop: 16 }} type="error" showIcon message={refusal} />}
      {result && (
        <section aria-label={t('bookings.freeSlots')} style={{ marginTop: 16 }}>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('bookings.freeSlots')}
          </Typography.Title>
          {result.slots.length === 0 && <Typography.Paragraph type="secondary">{t('bookings.noSlots')}</Typography.Paragraph>}
          <Space wrap>{result.slots.map((s) => slotButton(s))}</Space>
          {result.suggestions.length > 0 && (
            <>
              <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
                {t('bookings.suggestions')}
              </Typography.Title>
              <Space wrap>
                {result.suggestions.map((s) =>
                  slotButton(
                    s,
                    s.reason === 'later'
                      ? `${t('bookings.suggestion.later')}, ${formatDate(s.start, 'date')}`
                      : t('bookings.suggestion.sameType', { type: s.resourceType?.title ?? '' }),
                  ),
                )}
              </Space>
            </>
          )}
        </section>
      )}
    </Card>
  );
}

// The calendar of my bookings (the profile's zone) or of a chosen location (its zone).
function CalendarCard() {
  const { t } = useTranslation();
  const locations = useChoices(locationEntity.basePath);
  const [scopeId, setScopeId] = useState<string>('mine');
  const location = (locations.data ?? []).find((l) => l.id === scopeId);
  const scope: CalendarScope = location ? { kind: 'location', locationId: location.id, timeZone: location.timeZone } : { kind: 'mine' };
  return (
    <Card
      title={t('bookings.calendar.title')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('bookings.calendar.whose')}
            style={{ minWidth: 180 }}
            value={location ? scopeId : 'mine'}
            onChange={setScopeId}
            options={[
              { value: 'mine', label: t('bookings.calendar.mine') },
              ...(locations.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
          {location ? null : <CalendarFeedsButton />}
        </Space>
      }
    >
      <BookingCalendar
        key={scopeId}
        scope={scope}
        label={location ? t('bookings.calendar.ofLocation', { location: location.name }) : t('bookings.calendar.mine')}
      />
    </Card>
  );
}

function MyBookings() {
  const { t } = useTranslation();
  const mine = useMyBookings();
  const run = useRunBookingAction();
  return (
    <Card title={t('bookings.mine')}>
      <List
        aria-label={t('bookings.mine')}
        loading={mine.isLoading}
        dataSource={mine.data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.noneUpcoming')} /> }}
        renderItem={(b) => (
          <List.Item
            key={b.id}
            actions={[
              b.mayCheckIn && (
                <Button key="in" size="small" onClick={() => void run(b, 'check-in')}>
                  {t('bookings.checkIn')}
                </Button>
              ),
              b.mayCheckOut && (
                <Button key="out" size="small" onClick={() => void run(b, 'check-out')}>
                  {t('bookings.checkOut')}
                </Button>
              ),
              (b.mayCancel || b.mayCheckOut) && <BookingServicesButton key="services" booking={b} />,
              b.mayCancel && (
                <Button key="cancel" size="small" danger onClick={() => void run(b, 'cancel')}>
                  {t('bookings.cancel')}
                </Button>
              ),
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <span>{b.resource.title}</span>
                  <Tag color={b.status === 'CheckedIn' ? 'green' : 'blue'}>{t(`bookings.status.${b.status}`)}</Tag>
                </Space>
              }
              description={[when(b), b.location?.title].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
