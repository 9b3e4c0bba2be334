import { taskEntity, PRIORITY_COLORS, type EntityRecord, type ListFilter } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Calendar, dayjsLocalizer, Views, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { errorText } from '../../platform/feedback/form-errors';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { useAccess } from '../../platform/permissions/use-access';
import './task-calendar.css';

type TaskEvent = { id: string; title: string; start: Date; end: Date; allDay: true; record: EntityRecord };
const DnDCalendar = withDragAndDrop<TaskEvent>(Calendar);
const localizer = dayjsLocalizer(dayjs);
// a month shows at most this many tasks; the list call's largest page
const MAX_TASKS = 100;
const DAY = 'YYYY-MM-DD';
const LONGEST_SPAN_DAYS = 92;

// the days a view shows, widened to whole weeks so a month's first and last rows are filled
function visibleRange(date: Date, view: View): { from: string; to: string } {
  const unit = view === Views.MONTH ? 'month' : view === Views.DAY ? 'day' : 'week';
  const start = dayjs(date).startOf(unit).startOf('week');
  const end = dayjs(date).endOf(unit).endOf('week');
  return { from: start.format(DAY), to: end.format(DAY) };
}

// A task is a whole-day bar from its start (else its due day) to its due day (else its start).
function toEvent(record: EntityRecord): TaskEvent | null {
  const first = (record.startDate ?? record.dueDate) as string | null;
  const last = (record.dueDate ?? record.startDate) as string | null;
  if (!first || !last) return null;
  return {
    id: record.id,
    title: `${String(record.number)} ${record.title}`,
    start: dayjs(first).toDate(),
    end: dayjs(last).add(1, 'day').toDate(),
    allDay: true,
    record,
  };
}

// Tasks on a calendar (month, work week, week, day, agenda): a project's (`filters` on the
// project) or the user's own. Dragging a task moves its start and due dates together; dragging its
// end changes the due date — one PATCH with the task's version; the server's automatic scheduling
// may move the tasks it blocks, which arrive as live events.
export function TaskCalendar({ filters, label }: { filters: ListFilter[]; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<View>(Views.MONTH);
  const range = visibleRange(date, view);
  const body = {
    page: 1,
    pageSize: MAX_TASKS,
    sort: [{ field: 'dueDate', order: 'asc' as const }],
    // due in the view, or up to a quarter after it (a long task that started inside it)
    filters: [
      ...filters,
      { field: 'dueDate', op: 'gte' as const, value: range.from },
      { field: 'dueDate', op: 'lte' as const, value: dayjs(range.to).add(LONGEST_SPAN_DAYS, 'day').format(DAY) },
    ],
  };
  const key = workspaceKey('task-calendar', body);
  const tasks = useQuery({
    queryKey: key,
    queryFn: () => apiRequest<{ data: EntityRecord[]; total: number }>(`${taskEntity.basePath}/list`, { method: 'POST', body }),
    placeholderData: (previous) => previous,
  });
  useRecordEvents('Task', undefined, () => void qc.invalidateQueries({ queryKey: workspaceKey('task-calendar') }));
  const events = useMemo(
    () => (tasks.data?.data ?? []).flatMap((r) => toEvent(r) ?? []).filter((e) => dayjs(e.start).format(DAY) <= range.to),
    [tasks.data, range.to],
  );

  const reschedule = useMutation({
    mutationFn: ({ record, startDate, dueDate }: { record: EntityRecord; startDate: string; dueDate: string }) =>
      apiRequest<EntityRecord>(`${taskEntity.basePath}/${record.id}`, {
        method: 'PATCH',
        body: [
          { op: 'replace', path: '/startDate', value: startDate },
          { op: 'replace', path: '/dueDate', value: dueDate },
        ],
        headers: { 'if-match': `"${record.version}"`, 'content-type': 'application/json-patch+json' },
      }),
    onSuccess: (saved) => message.success(t('projects.calendar.moved', { title: saved.title, due: saved.dueDate })),
    onError: (e) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed')),
    onSettled: () => qc.invalidateQueries({ queryKey: workspaceKey('task-calendar') }),
  });
  const move = ({ event, start, end }: EventInteractionArgs<TaskEvent>) => {
    const startDate = dayjs(start).format(DAY);
    // the calendar's end is exclusive: the due day is the day before it
    const due = dayjs(end).subtract(1, 'day');
    const dueDate = (due.isBefore(dayjs(start), 'day') ? dayjs(start) : due).format(DAY);
    reschedule.mutate({ record: event.record, startDate, dueDate });
  };
  const canMove = can({ permissions: [taskEntity.permissions.manage] });

  const messages = {
    today: t('projects.calendar.today'),
    previous: t('projects.calendar.previous'),
    next: t('projects.calendar.next'),
    month: t('projects.calendar.month'),
    week: t('projects.calendar.week'),
    work_week: t('projects.calendar.workWeek'),
    day: t('projects.calendar.day'),
    agenda: t('projects.calendar.agenda'),
    date: t('projects.calendar.date'),
    time: t('projects.calendar.time'),
    event: t('projects.calendar.event'),
    noEventsInRange: t('projects.calendar.empty'),
    showMore: (count: number) => t('projects.calendar.more', { count }),
  };

  if (tasks.isPending) return <Skeleton active />;
  return (
    <section aria-label={label} className="task-calendar">
      {tasks.isError ? <Alert type="error" showIcon message={t('projects.calendar.loadFailed')} /> : null}
      {(tasks.data?.total ?? 0) > MAX_TASKS ? (
        <Alert type="info" showIcon message={t('projects.calendar.capped', { count: MAX_TASKS })} />
      ) : null}
      <DnDCalendar
        localizer={localizer}
        culture={dayjs.locale()}
        events={events}
        date={date}
        view={view}
        onNavigate={setDate}
        onView={setView}
        views={[Views.MONTH, Views.WORK_WEEK, Views.WEEK, Views.DAY, Views.AGENDA]}
        messages={messages}
        popup
        draggableAccessor={() => canMove}
        resizableAccessor={() => canMove}
        onEventDrop={move}
        onEventResize={move}
        onSelectEvent={(e) => navigate(`${taskEntity.web.path}/${e.id}`)}
        eventPropGetter={(e) => {
          const priority = e.record.priority as keyof typeof PRIORITY_COLORS | null;
          return { style: { backgroundColor: priority ? PRIORITY_COLORS[priority] : undefined } };
        }}
        style={{ minHeight: 640 }}
      />
    </section>
  );
}
