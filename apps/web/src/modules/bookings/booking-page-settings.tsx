import { OPENING_DAYS, type BookingTimeSlot, type EntityRecord, type OpeningHours } from '@atrium/domain';
import { Alert, App, Button, Checkbox, Empty, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { useAccess } from '../../platform/permissions/use-access';
import { errorText } from '../../platform/feedback/form-errors';
import { WeeklyScheduleEditor } from '../../platform/schedule/weekly-schedule-editor';
import { useLocationFloorMaps, usePageMaps, usePageTimeSlots, useSavePageMaps, useSavePageTimeSlots } from './bookings.api';

const MANAGE = 'Resource.ManageSettings';
const asPeriods = (slots: readonly BookingTimeSlot[]): OpeningHours => slots.map((s) => ({ day: s.day, open: s.start, close: s.end }));
const asSlots = (periods: OpeningHours): BookingTimeSlot[] => periods.map((p) => ({ day: p.day, start: p.open, end: p.close }));
const dayName = (day: BookingTimeSlot['day'], language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + OPENING_DAYS.indexOf(day))),
  );

// A booking page's own time slots (decision 093 round six): weekly windows in the location's
// local time within which bookings through the page must lie — drawn like opening hours, saved
// as a whole; the server's refusals name each window (slots.N.end, slots.N.start).
export function BookingPageTimeSlotsTab({ record }: { record: EntityRecord }) {
  const pageId = String(record.id);
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const mayManage = can({ permissions: [MANAGE] });
  const stored = usePageTimeSlots(pageId);
  const save = useSavePageTimeSlots(pageId);
  const [draft, setDraft] = useState<BookingTimeSlot[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  if (stored.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const slots = draft ?? stored.data?.slots ?? [];
  const submit = () =>
    save.mutate(
      { slots },
      {
        onSuccess: () => {
          setDraft(null);
          setProblems([]);
          void message.success(t('bookings.timeSlots.saved'));
        },
        onError: (e) => {
          if (!isApiError(e)) return setProblems([t('errorCodes.internalServerError')]);
          const named = e.fieldErrors.map((f) => {
            const at = /^slots\.(\d+)\./.exec(f.field);
            const s = at ? slots[Number(at[1])] : undefined;
            const what = s ? `${dayName(s.day, i18n.language)} ${s.start}–${s.end}` : f.field;
            return `${what}: ${errorText(t, f.code)}`;
          });
          setProblems(named.length > 0 ? named : [errorText(t, e.code)]);
        },
      },
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('bookings.timeSlots.intro')}
      </Typography.Paragraph>
      <WeeklyScheduleEditor
        id="booking-page-time-slots"
        captions="bookings.timeSlots"
        value={asPeriods(slots)}
        disabled={!mayManage || save.isPending}
        onChange={(v) => setDraft(asSlots(v as OpeningHours))}
      />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('bookings.timeSlots.refused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      {mayManage && (
        <Space wrap>
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={draft === null}>
            {t('bookings.timeSlots.save')}
          </Button>
          {draft !== null && (
            <Button
              onClick={() => {
                setDraft(null);
                setProblems([]);
              }}
            >
              {t('bookings.timeSlots.discard')}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
}

// The floor maps a booking page shows on the portal (decision 093 round six): chosen among the
// floors of the page's location, in their order; the portal draws each with its free places.
export function BookingPageMapsTab({ record }: { record: EntityRecord }) {
  const pageId = String(record.id);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const mayManage = can({ permissions: [MANAGE] });
  const locationId = typeof record.locationId === 'string' ? record.locationId : null;
  const floors = useLocationFloorMaps(locationId);
  const stored = usePageMaps(pageId);
  const save = useSavePageMaps(pageId);
  const [draft, setDraft] = useState<string[] | null>(null);
  if (stored.isPending || floors.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const chosen = draft ?? stored.data?.floorMapIds ?? [];
  const available = floors.data?.data ?? [];
  if (available.length === 0) return <Empty description={t('bookings.pageMaps.none')} />;
  const submit = () =>
    save.mutate(
      // the floors in the location's order
      { floorMapIds: available.map((f) => f.id).filter((id) => chosen.includes(id)) },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('bookings.pageMaps.saved'));
        },
        onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('bookings.pageMaps.intro')}
      </Typography.Paragraph>
      <Checkbox.Group
        aria-label={t('bookings.pageMaps.label')}
        disabled={!mayManage || save.isPending}
        value={chosen}
        onChange={(v) => setDraft(v.map(String))}
        style={{ display: 'grid', gap: 8 }}
        options={available.map((f) => ({ value: f.id, label: `${f.name} (${f.level})` }))}
      />
      {mayManage && (
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={draft === null} style={{ justifySelf: 'start' }}>
          {t('bookings.pageMaps.save')}
        </Button>
      )}
    </Space>
  );
}
