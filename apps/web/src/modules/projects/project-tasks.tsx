import { taskEntity, type EntityRecord, type ListFilter } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// Where a project's tasks are: the task list and its board, filtered to the project (the board
// then shows the project's own stages), with the number of its open tasks.
export function ProjectTasks({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const filters: ListFilter[] = [{ field: 'projectId', op: 'eq', value: record.id }];
  const count = useQuery({
    queryKey: workspaceKey('project-task-count', record.id),
    queryFn: () =>
      apiRequest<{ total: number }>(`${taskEntity.basePath}/list`, { method: 'POST', body: { page: 1, pageSize: 25, filters } }),
  });
  const listPath = `${taskEntity.web.path}?f=${encodeURIComponent(JSON.stringify(filters))}`;
  return (
    <Space direction="vertical" size={12}>
      <Typography.Text>
        {count.data
          ? t('projects.project.taskCount', { count: count.data.total })
          : count.isError
            ? t('projects.project.taskCountFailed')
            : t('projects.project.taskCountLoading')}
      </Typography.Text>
      <Space wrap>
        <Link to={`${listPath}&m=board`}>
          <Button type="primary">{t('projects.project.openBoard')}</Button>
        </Link>
        <Link to={listPath}>
          <Button>{t('projects.project.openList')}</Button>
        </Link>
      </Space>
    </Space>
  );
}
