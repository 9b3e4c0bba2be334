import { resourceEntity, type Booking, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Modal, Radio, Select, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { Calendar, dayjsLocalizer, Views, type SlotInfo, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { BookingServicesEditor } from './booking-services';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { dateFormat, typedDateFormats } from '../../platform/dates/format-date';
import { useProfile } from '../../platform/profile/profile.api';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import './booking-calendar.css';
import { BookingTimeline } from './booking-timeline';
import { bookingWhen, fromWall, toWall } from './booking-zone';
import { useBook, useBookGroup, useBookingsIn, useMoveBooking, useRunBookingAction } from './bookings.api';

const localizer = dayjsLocalizer(dayjs);
export type CalendarView = 'day' | 'week' | 'work_week' | 'month' | 'agenda' | 'timeline';
export const CALENDAR_VIEWS: CalendarView[] = ['day', 'work_week', 'week', 'month', 'agenda', 'timeline'];

// Whose bookings a calendar shows: mine (in the profile's zone), a location's or a resource's
// (in the location's zone).
export type CalendarScope =
  | { kind: 'mine' }
  | { kind: 'location'; locationId: string; timeZone: string | undefined }
  | { kind: 'resource'; resourceId: string; title: string; timeZone: string | undefined };

const DayHeader = ({ label }: { label: string }) => <span>{label}</span>;

type BookingEvent = { id: string; title: string; start: Date; end: Date; booking: Booking };
// the calendar with drag to move and resize (react-big-calendar's own add-on)
const DragCalendar = withDragAndDrop<BookingEvent>(Calendar);

// the wall-time span a view shows around a date, a day wider on each side
function viewSpan(date: Date, view: CalendarView): { from: Date; to: Date } {
  const d = dayjs(date);
  if (view === 'agenda') return { from: d.startOf('day').toDate(), to: d.add(31, 'day').toDate() };
  if (view === 'day') return { from: d.subtract(1, 'day').startOf('day').toDate(), to: d.add(2, 'day').startOf('day').toDate() };
  if (view === 'month')
    return {
      from: d.startOf('month').startOf('week').subtract(1, 'day').toDate(),
      to: d.endOf('month').endOf('week').add(1, 'day').toDate(),
    };
  return { from: d.startOf('week').subtract(1, 'day').toDate(), to: d.endOf('week').add(1, 'day').toDate() };
}

const STEP: Record<CalendarView, dayjs.ManipulateType> = {
  day: 'day',
  week: 'week',
  work_week: 'week',
  month: 'month',
  agenda: 'month',
  timeline: 'day',
};

// Bookings on a calendar (issue 22, spec §4): day, work week, week, month, agenda (react-big-calendar,
// decision 089) and the timeline of a location (resources × time, Resource.ViewTimeline). Times are
// wall time of the zone the calendar names on screen. A free slot books the resource (the server's
// policy answers; its refusal is shown); a booking opens its details with cancel / check in / out.
export function BookingCalendar({ scope, label }: { scope: CalendarScope; label: string }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const zone = scope.kind === 'mine' ? undefined : scope.timeZone;
  const views = CALENDAR_VIEWS.filter(
    (v) => v !== 'timeline' || (scope.kind === 'location' && can({ permissions: ['Resource.ViewTimeline'] })),
  );
  const [view, setView] = useState<CalendarView>(() => (window.innerWidth < 576 ? 'agenda' : 'week'));
  // the day on screen, as wall time of the zone
  const [date, setDate] = useState(() => toWall(new Date(), zone));
  const [picked, setPicked] = useState<Booking | null>(null);
  const [slot, setSlot] = useState<{ start: Date; end: Date } | null>(null);
  const span = viewSpan(date, view === 'timeline' ? 'week' : view);
  const query = {
    ...(scope.kind === 'mine'
      ? { mine: true }
      : scope.kind === 'location'
        ? { locationId: scope.locationId }
        : { resourceId: scope.resourceId }),
    from: fromWall(span.from, zone),
    to: fromWall(span.to, zone),
  };
  const bookings = useBookingsIn(query);
  const events = useMemo<BookingEvent[]>(
    () =>
      (bookings.data?.data ?? []).map((b) => ({
        id: b.id,
        title: scope.kind === 'resource' ? (b.title ?? b.booker.title) : `${b.resource.title} · ${b.title ?? b.booker.title}`,
        start: toWall(b.start, zone),
        end: toWall(b.end, zone),
        booking: b,
      })),
    [bookings.data, zone, scope.kind],
  );
  const shownZone = zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const messages = {
    today: t('bookings.calendar.today'),
    previous: t('bookings.calendar.previous'),
    next: t('bookings.calendar.next'),
    date: t('bookings.calendar.date'),
    time: t('bookings.calendar.time'),
    event: t('bookings.calendar.event'),
    noEventsInRange: t('bookings.calendar.empty'),
    showMore: (count: number) => t('bookings.calendar.more', { count }),
  };
  const { message } = App.useApp();
  const move = useMoveBooking();
  // a booking of mine not yet begun to be used moves and resizes by dragging in the time views
  // (the server's policy decides; a refusal is said and the booking stays where it was)
  const movable = (e: BookingEvent) => view !== 'month' && e.booking.status === 'Booked' && e.booking.mayCancel;
  const onMove = ({ event, start, end }: EventInteractionArgs<BookingEvent>) =>
    move.mutate(
      { id: event.id, start: fromWall(new Date(start), zone), end: fromWall(new Date(end), zone) },
      {
        onSuccess: (b) => void message.success(t('bookings.moved', { resource: b.resource.title, when: bookingWhen(b, zone) })),
        onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  const onSlot = (s: SlotInfo) => {
    // a day of the month drills into that day; a time range books
    if (view === 'month') {
      setDate(s.start);
      setView('day');
      return;
    }
    setSlot({ start: s.start, end: s.end });
  };
  const heading =
    view === 'day' || view === 'timeline'
      ? dayjs(date).format(dateFormat('longDate'))
      : view === 'month'
        ? dayjs(date).format(dateFormat('monthYear'))
        : `${dayjs(span.from).add(1, 'day').format(dateFormat('date'))} – ${dayjs(span.to).subtract(1, 'day').format(dateFormat('date'))}`;

  return (
    <section aria-label={label} className="booking-calendar">
      <div className="booking-calendar-toolbar">
        <Space wrap>
          <Button onClick={() => setDate(toWall(new Date(), zone))}>{messages.today}</Button>
          <Button aria-label={messages.previous} onClick={() => setDate(dayjs(date).subtract(1, STEP[view]).toDate())}>
            ‹
          </Button>
          <Button aria-label={messages.next} onClick={() => setDate(dayjs(date).add(1, STEP[view]).toDate())}>
            ›
          </Button>
          <Typography.Text strong>{heading}</Typography.Text>
        </Space>
        <Radio.Group
          aria-label={t('bookings.calendar.view')}
          optionType="button"
          value={view}
          onChange={(e) => setView(e.target.value as CalendarView)}
          options={views.map((v) => ({ value: v, label: t(`bookings.calendar.views.${v}`) }))}
        />
      </div>
      <Typography.Paragraph type="secondary" className="booking-calendar-zone">
        {scope.kind === 'mine'
          ? t('bookings.calendar.zoneProfile', { zone: shownZone })
          : t('bookings.calendar.zoneLocation', { zone: shownZone })}
      </Typography.Paragraph>
      {bookings.isError && <Alert type="error" showIcon message={t('bookings.calendar.loadFailed')} />}
      {(bookings.data?.total ?? 0) > (bookings.data?.data.length ?? 0) && (
        <Alert type="info" showIcon message={t('bookings.calendar.capped', { count: bookings.data?.data.length ?? 0 })} />
      )}
      {bookings.isPending ? (
        <Skeleton active />
      ) : view === 'timeline' && scope.kind === 'location' ? (
        <BookingTimeline locationId={scope.locationId} zone={zone} date={date} bookings={bookings.data?.data ?? []} onPick={setPicked} />
      ) : (
        <DragCalendar
          localizer={localizer}
          culture={dayjs.locale()}
          events={events}
          date={date}
          view={view as View}
          onNavigate={setDate}
          onView={(v) => setView(v as CalendarView)}
          views={[Views.MONTH, Views.WORK_WEEK, Views.WEEK, Views.DAY, Views.AGENDA]}
          toolbar={false}
          messages={messages}
          popup
          selectable
          // no all-day row: a booking is a time range, one of several days runs through the days
          showMultiDayTimes
          // react-big-calendar's day headers over the time grid claim role="columnheader" outside
          // any row (axe); the month's sit in a row and keep it
          components={{ day: { header: DayHeader }, week: { header: DayHeader }, work_week: { header: DayHeader } }}
          step={15}
          timeslots={4}
          scrollToTime={dayjs(date).hour(8).minute(0).toDate()}
          onSelectSlot={onSlot}
          onSelectEvent={(e) => setPicked(e.booking)}
          draggableAccessor={movable}
          resizableAccessor={movable}
          resizable
          onEventDrop={onMove}
          onEventResize={onMove}
          eventPropGetter={(e) => ({ className: `booking-event booking-${e.booking.status}` })}
          style={{ minHeight: 640 }}
        />
      )}
      <BookingDetails booking={picked} zone={zone} onClose={() => setPicked(null)} />
      {slot && <BookSlot scope={scope} zone={zone} slot={slot} onClose={() => setSlot(null)} />}
    </section>
  );
}

// A booking's details, with what the caller may do with it now (a cancel is confirmed first).
export function BookingDetails({ booking, zone, onClose }: { booking: Booking | null; zone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRunBookingAction();
  const [changing, setChanging] = useState(false);
  const b = booking;
  const act = (action: 'cancel' | 'check-in' | 'check-out') => b && void run(b, action, onClose);
  return (
    <Modal open={b !== null} title={b?.resource.title} onCancel={onClose} footer={null} destroyOnHidden>
      {b && (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('bookings.calendar.when')}>{bookingWhen(b, zone)}</Descriptions.Item>
            <Descriptions.Item label={t('bookings.calendar.booker')}>{b.booker.title}</Descriptions.Item>
            {b.title && <Descriptions.Item label={t('bookings.calendar.subject')}>{b.title}</Descriptions.Item>}
            {b.location && <Descriptions.Item label={t('bookings.location')}>{b.location.title}</Descriptions.Item>}
            <Descriptions.Item label={t('bookings.calendar.status')}>
              <Tag color={b.status === 'CheckedIn' ? 'green' : 'blue'}>{t(`bookings.status.${b.status}`)}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Space wrap style={{ marginTop: 16 }}>
            {b.mayCheckIn && <Button onClick={() => act('check-in')}>{t('bookings.checkIn')}</Button>}
            {b.mayCheckOut && <Button onClick={() => act('check-out')}>{t('bookings.checkOut')}</Button>}
            {b.mayCancel && b.status === 'Booked' && <Button onClick={() => setChanging(true)}>{t('bookings.changeTime')}</Button>}
            {b.mayCancel && (
              <Button danger onClick={() => act('cancel')}>
                {t('bookings.cancel')}
              </Button>
            )}
          </Space>
          {changing && <ChangeTime booking={b} zone={zone} onDone={onClose} />}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('bookings.services.title')}
          </Typography.Title>
          <BookingServicesEditor booking={b} editable={b.mayCancel || b.mayCheckOut} />
        </>
      )}
    </Modal>
  );
}

// The keyboard's way to move or resize a booking (the calendar drags): a new start and end in
// the calendar's zone, the server's policy deciding; its refusal is shown under the fields.
function ChangeTime({ booking, zone, onDone }: { booking: Booking; zone: string | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useMoveBooking();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs(toWall(booking.start, zone)), dayjs(toWall(booking.end, zone))]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const culture = useProfile().data?.culture ?? navigator.language;
  const submit = () => {
    setRefusal(null);
    move.mutate(
      { id: booking.id, start: fromWall(range[0].toDate(), zone), end: fromWall(range[1].toDate(), zone) },
      {
        onSuccess: (b) => {
          void message.success(t('bookings.moved', { resource: b.resource.title, when: bookingWhen(b, zone) }));
          onDone();
        },
        onError: (e) => setRefusal(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  };
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Space wrap>
        {(['start', 'end'] as const).map((edge, i) => (
          <DatePicker
            key={edge}
            aria-label={t(edge === 'start' ? 'bookings.calendar.from' : 'bookings.calendar.until')}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            // picked or typed (in the format on screen, the culture's digits or ISO), kept at once
            format={typedDateFormats(true, culture)}
            needConfirm={false}
            allowClear={false}
            value={range[i]}
            onChange={(d: Dayjs | null) => d && setRange(i === 0 ? [d, range[1]] : [range[0], d])}
          />
        ))}
      </Space>
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} />}
      <Button type="primary" loading={move.isPending} onClick={submit}>
        {t('bookings.saveTime')}
      </Button>
    </Space>
  );
}

// Book a picked slot: the resource of a resource calendar, else one chosen among the location's
// (or all) resources; the server's policy decides and its refusal is shown.
function BookSlot({
  scope,
  zone,
  slot,
  onClose,
}: {
  scope: CalendarScope;
  zone: string | undefined;
  slot: { start: Date; end: Date };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const book = useBook();
  const bookGroup = useBookGroup();
  // one resource, or several for one meeting (a room, its hosts, equipment): all or none
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>(
    scope.kind === 'resource' ? [{ value: scope.resourceId, label: scope.title }] : [],
  );
  const [search, setSearch] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = {
    pageSize: 100,
    sort: [{ field: 'name', order: 'asc' as const }],
    filters: [
      ...(scope.kind === 'location' ? [{ field: 'locationId', op: 'eq' as const, value: scope.locationId }] : []),
      // beyond the first 100 by name, a typed part of the name finds the others
      ...(search.trim() ? [{ field: 'name', op: 'contains' as const, value: search.trim() }] : []),
    ],
  };
  const resources = useQuery({
    queryKey: workspaceKey('bookings', 'slot-resources', body),
    queryFn: () => apiRequest<{ data: EntityRecord[] }>(`${resourceEntity.basePath}/list`, { method: 'POST', body }),
    enabled: scope.kind !== 'resource',
    placeholderData: (previous) => previous,
  });
  const start = fromWall(slot.start, zone);
  const end = fromWall(slot.end, zone);
  const names = chosen.map((c) => c.label).join(', ');
  const failed = (e: unknown) =>
    setRefusal(
      isApiError(e)
        ? [
            errorText(t, e.code),
            ...e.fieldErrors
              .filter((f) => f.code !== e.code || /^resourceIds\.\d+$/.test(f.field))
              .map((f) => {
                const item = /^resourceIds\.(\d+)$/.exec(f.field);
                const text = errorText(t, f.code, f);
                return item ? `${chosen[Number(item[1])]?.label ?? ''}: ${text}` : text;
              }),
          ].join(' ')
        : t('errorCodes.internalServerError'),
    );
  const done = () => {
    void message.success(
      chosen.length === 1 ? t('bookings.booked', { resource: names }) : t('bookings.bookedSeveral', { resources: names }),
    );
    onClose();
  };
  const submit = () => {
    if (chosen.length === 0) return setRefusal(t('bookings.calendar.chooseResource'));
    setRefusal(null);
    if (chosen.length === 1) book.mutate({ resourceId: chosen[0]!.value, start, end }, { onSuccess: done, onError: failed });
    else bookGroup.mutate({ resourceIds: chosen.map((c) => c.value), start, end }, { onSuccess: done, onError: failed });
  };
  return (
    <Modal
      open
      title={t('bookings.calendar.bookSlot')}
      okText={t('bookings.book')}
      cancelText={t('bookings.keep')}
      onOk={submit}
      okButtonProps={{ loading: book.isPending || bookGroup.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{bookingWhen({ start, end }, zone)}</Typography.Paragraph>
      {scope.kind === 'resource' ? (
        <Typography.Paragraph strong>{scope.title}</Typography.Paragraph>
      ) : (
        <>
          <Select
            mode="multiple"
            labelInValue
            aria-label={t('bookings.calendar.resource')}
            placeholder={t('bookings.calendar.resource')}
            style={{ width: '100%' }}
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={resources.isFetching}
            value={chosen}
            onChange={(v: { value: string; label: ReactNode }[]) => {
              setChosen(v.map((o) => ({ value: o.value, label: String(o.label) })));
              setSearch('');
            }}
            options={(resources.data?.data ?? []).map((r) => ({ value: r.id, label: String(r.title ?? '') }))}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('bookings.calendar.several')}
          </Typography.Paragraph>
        </>
      )}
      {refusal && <Alert role="alert" style={{ marginTop: 16 }} type="error" showIcon message={refusal} />}
    </Modal>
  );
}
