import { resourceEntity, type Booking, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Radio, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { dateFormat } from '../../platform/dates/format-date';
import { bookingWhen, fromWall, zoned } from './booking-zone';

const MAX_ROWS = 100;
type Row = { resource: EntityRecord; bookings: Booking[]; holder: string | null; heldFrom: string | null };

// The timeline of a location (spec §4, issue 21's ViewTimeline): one row per resource, a day or
// a week across, bookings as bars and an item's check-out (who holds it, since when) as a hatched
// bar from then on (held until it is checked in). Bars are buttons that open the booking; the same facts as a list for keyboards
// and screen readers.
export function BookingTimeline({
  locationId,
  zone,
  date,
  bookings,
  onPick,
}: {
  locationId: string;
  zone: string | undefined;
  date: Date;
  bookings: Booking[];
  onPick: (b: Booking) => void;
}) {
  const { t } = useTranslation();
  const [span, setSpan] = useState<'day' | 'week'>('day');
  const [asList, setAsList] = useState(false);
  const body = {
    pageSize: MAX_ROWS,
    sort: [{ field: 'name', order: 'asc' as const }],
    filters: [{ field: 'locationId', op: 'eq' as const, value: locationId }],
  };
  const resources = useQuery({
    queryKey: workspaceKey('bookings', 'timeline-resources', body),
    queryFn: () => apiRequest<{ data: EntityRecord[]; total: number }>(`${resourceEntity.basePath}/list`, { method: 'POST', body }),
  });
  const wallStart = dayjs(date).startOf(span);
  const from = Date.parse(fromWall(wallStart.toDate(), zone));
  const to = Date.parse(fromWall(wallStart.add(1, span).toDate(), zone));
  const rows: Row[] = (resources.data?.data ?? []).map((r) => {
    const holder = (r.holder as { title?: string } | null | undefined)?.title ?? null;
    return {
      resource: r,
      bookings: bookings.filter((b) => b.resource.id === r.id && Date.parse(b.end) > from && Date.parse(b.start) < to),
      holder,
      heldFrom: holder ? ((r.checkedOutAt as string | null) ?? null) : null,
    };
  });
  const pct = (ms: number) => `${(Math.min(Math.max(ms, from), to) - from) / ((to - from) / 100)}%`;
  const width = (a: number, b: number) => `calc(${pct(b)} - ${pct(a)})`;
  const ticks =
    span === 'day'
      ? [0, 3, 6, 9, 12, 15, 18, 21].map((h) => wallStart.add(h, 'hour'))
      : [0, 1, 2, 3, 4, 5, 6].map((d) => wallStart.add(d, 'day'));

  if (resources.isPending) return <Skeleton active />;
  return (
    <div className="booking-timeline">
      <div className="booking-calendar-toolbar">
        <Radio.Group
          aria-label={t('bookings.timeline.span')}
          optionType="button"
          value={span}
          onChange={(e) => setSpan(e.target.value as 'day' | 'week')}
          options={[
            { value: 'day', label: t('bookings.calendar.views.day') },
            { value: 'week', label: t('bookings.calendar.views.week') },
          ]}
        />
        <Radio.Group
          aria-label={t('bookings.timeline.show')}
          optionType="button"
          value={asList ? 'list' : 'bars'}
          onChange={(e) => setAsList(e.target.value === 'list')}
          options={[
            { value: 'bars', label: t('bookings.timeline.bars') },
            { value: 'list', label: t('bookings.timeline.list') },
          ]}
        />
      </div>
      {(resources.data?.total ?? 0) > MAX_ROWS && (
        <Alert type="info" showIcon message={t('bookings.timeline.capped', { count: MAX_ROWS })} />
      )}
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('bookings.timeline.noResources')}</Typography.Paragraph>
      ) : asList ? (
        <Table<Row>
          size="small"
          rowKey={(r) => r.resource.id}
          pagination={false}
          dataSource={rows}
          aria-label={t('bookings.timeline.title')}
          columns={[
            { title: t('bookings.calendar.resource'), render: (_, r) => String(r.resource.title ?? '') },
            {
              title: t('bookings.timeline.bookings'),
              render: (_, r) =>
                r.bookings.length === 0
                  ? t('bookings.timeline.free')
                  : r.bookings.map((b) => (
                      <div key={b.id}>
                        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onPick(b)}>
                          {`${bookingWhen(b, zone)} · ${b.booker.title}`}
                        </Button>
                      </div>
                    )),
            },
            {
              title: t('bookings.timeline.heldBy'),
              render: (_, r) =>
                r.holder
                  ? t('bookings.timeline.held', { holder: r.holder, since: zoned(r.heldFrom ?? '', zone, dateFormat('dateTime')) })
                  : '',
            },
          ]}
        />
      ) : (
        <div className="booking-timeline-grid" role="group" aria-label={t('bookings.timeline.title')}>
          <div className="booking-timeline-row booking-timeline-head">
            <div className="booking-timeline-name" />
            <div className="booking-timeline-track">
              {ticks.map((tk) => (
                <span key={tk.valueOf()} className="booking-timeline-tick" style={{ left: pct(Date.parse(fromWall(tk.toDate(), zone))) }}>
                  {span === 'day' ? tk.format(dateFormat('time')) : tk.format('dd D')}
                </span>
              ))}
            </div>
          </div>
          {rows.map((r) => (
            <div key={r.resource.id} className="booking-timeline-row" data-testid={`timeline-row-${r.resource.id}`}>
              <div className="booking-timeline-name">{String(r.resource.title ?? '')}</div>
              <div className="booking-timeline-track">
                {r.heldFrom && Date.parse(r.heldFrom) < to && (
                  <span
                    className="booking-timeline-held"
                    style={{ left: pct(Date.parse(r.heldFrom)), width: width(Date.parse(r.heldFrom), to) }}
                    title={t('bookings.timeline.held', { holder: r.holder, since: zoned(r.heldFrom, zone, dateFormat('dateTime')) })}
                  >
                    {t('bookings.timeline.heldShort', { holder: r.holder })}
                  </span>
                )}
                {r.bookings.map((b) => (
                  <button
                    type="button"
                    key={b.id}
                    className={`booking-timeline-bar booking-${b.status}`}
                    style={{ left: pct(Date.parse(b.start)), width: width(Date.parse(b.start), Date.parse(b.end)) }}
                    aria-label={`${String(r.resource.title ?? '')}: ${bookingWhen(b, zone)}, ${b.booker.title}`}
                    onClick={() => onPick(b)}
                  >
                    {b.title ?? b.booker.title}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
