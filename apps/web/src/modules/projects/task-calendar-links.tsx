import type { EntityRecord } from '@atrium/domain';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MY_TASK_CALENDAR_PATH } from './projects.routes';

// the calendar and its library load with the tab that shows it, not with the app
const TaskCalendar = lazy(() => import('./task-calendar').then((m) => ({ default: m.TaskCalendar })));

// A project's calendar tab: its tasks by day.
export function ProjectCalendar({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <TaskCalendar
        filters={[{ field: 'projectId', op: 'eq', value: record.id }]}
        label={t('projects.calendar.ofProject', { title: record.title })}
      />
    </Suspense>
  );
}

// The task list's way to my task calendar.
export function MyTaskCalendarLink() {
  const { t } = useTranslation();
  return (
    <Link to={MY_TASK_CALENDAR_PATH}>
      <Button>{t('projects.calendar.mine')}</Button>
    </Link>
  );
}
