import type { GanttTask } from '@atrium/domain';
import { Alert, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { GanttBoard } from './gantt-board';
import type { GanttGroup } from './gantt-layout';
import { GanttError } from './gantt-view';
import { ganttKeys, usePortfolioGantt } from './gantt.api';

// The portfolio timeline: every project the user may see in one chart, a header row per
// project, with the links between tasks of different projects drawn too.
export default function PortfolioTimelinePage() {
  const { t } = useTranslation();
  usePageTitle(t('projects.gantt.portfolioTitle'));
  const gantt = usePortfolioGantt();
  const groups = useMemo<GanttGroup[]>(() => {
    if (!gantt.data) return [];
    const tasksOf = new Map<string, GanttTask[]>();
    for (const task of gantt.data.tasks) {
      const list = tasksOf.get(task.projectId);
      if (list) list.push(task);
      else tasksOf.set(task.projectId, [task]);
    }
    return gantt.data.projects.map((project) => ({
      id: project.id,
      title: `${project.code} · ${project.title}`,
      tasks: tasksOf.get(project.id) ?? [],
    }));
  }, [gantt.data]);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={1}>{t('projects.gantt.portfolioTitle')}</Typography.Title>
      {gantt.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : gantt.isError ? (
        <GanttError onRetry={() => void gantt.refetch()} />
      ) : (
        <>
          {gantt.data.truncated ? (
            <Alert type="warning" showIcon message={t('projects.gantt.truncated', { count: gantt.data.tasks.length })} />
          ) : null}
          <GanttBoard groups={groups} links={gantt.data.links} queryKey={ganttKeys.portfolio()} withHeaders />
        </>
      )}
    </Space>
  );
}
