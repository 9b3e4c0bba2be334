import { CURRENT_USER } from '@atrium/domain';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { TaskCalendar } from './task-calendar';

// My task calendar (Dashboard.ViewMyTaskCalendar, every member's): the tasks assigned to me
// across every project, moved by dragging like on a project's calendar.
export default function MyTaskCalendarPage() {
  const { t } = useTranslation();
  usePageTitle(t('projects.calendar.mine'));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={1}>{t('projects.calendar.mine')}</Typography.Title>
      <TaskCalendar filters={[{ field: 'assigneeId', op: 'eq', value: CURRENT_USER }]} label={t('projects.calendar.mine')} />
    </Space>
  );
}
