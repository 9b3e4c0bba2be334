import { taskScheduleEntity, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

const COUNT = 10;

// A schedule's next occurrences as the server expands its rule, each shown in the schedule's
// own zone (where the task is due) — the zone is named beside the time.
export function ScheduleUpcoming({ record }: { record: EntityRecord }) {
  const { t, i18n } = useTranslation();
  const upcoming = useQuery({
    queryKey: workspaceKey('schedule-upcoming', record.id, record.version),
    queryFn: () => apiRequest<{ occurrences: string[] }>(`${taskScheduleEntity.basePath}/${record.id}/upcoming?count=${COUNT}`),
  });
  const zone = typeof record.timeZone === 'string' ? record.timeZone : 'UTC';
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone });
  if (upcoming.isPending) return <Skeleton active />;
  if (upcoming.isError) return <Typography.Text type="danger">{t('projects.schedule.upcomingFailed')}</Typography.Text>;
  if (upcoming.data.occurrences.length === 0) return <Empty description={t('projects.schedule.noUpcoming')} />;
  return (
    <List
      header={<Typography.Text type="secondary">{t('projects.schedule.upcomingIn', { zone })}</Typography.Text>}
      dataSource={upcoming.data.occurrences}
      renderItem={(at) => (
        <List.Item>
          <time dateTime={at}>{format.format(new Date(at))}</time>
        </List.Item>
      )}
    />
  );
}
