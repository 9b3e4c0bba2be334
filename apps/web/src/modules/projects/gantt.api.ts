import {
  portfolioGanttSchema,
  projectEntity,
  projectGanttSchema,
  taskEntity,
  type EntityRecord,
  type GanttTask,
  type PortfolioGantt,
  type ProjectGantt,
} from '@atrium/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';

export const GANTT_PATHS = {
  project: (projectId: string) => `${projectEntity.basePath}/${projectId}/gantt`,
  portfolio: '/api/v1/gantt',
  task: (taskId: string) => `${taskEntity.basePath}/${taskId}`,
};

export const ganttKeys = {
  all: () => workspaceKey('gantt'),
  project: (projectId: string) => workspaceKey('gantt', 'project', projectId),
  portfolio: () => workspaceKey('gantt', 'portfolio'),
};

export const projectGanttQuery = (projectId: string) =>
  queryOptions({
    queryKey: ganttKeys.project(projectId),
    queryFn: () => apiRequest<ProjectGantt>(GANTT_PATHS.project(projectId), {}, projectGanttSchema),
  });

export const portfolioGanttQuery = () =>
  queryOptions({
    queryKey: ganttKeys.portfolio(),
    queryFn: () => apiRequest<PortfolioGantt>(GANTT_PATHS.portfolio, {}, portfolioGanttSchema),
  });

export const useProjectGantt = (projectId: string) => useQuery(projectGanttQuery(projectId));
export const usePortfolioGantt = () => useQuery(portfolioGanttQuery());

export type TaskDatesPatch = Pick<GanttTask, 'startDate' | 'dueDate'>;

// The chart carries no versions (it is read-only on the server), so a move reads the task's
// current version first and sends it as If-Match: a task changed meanwhile still fails with 412
// rather than being overwritten on stale dates.
export async function patchTaskDates(taskId: string, dates: TaskDatesPatch): Promise<EntityRecord> {
  const current = await apiRequest<EntityRecord>(GANTT_PATHS.task(taskId));
  return apiRequest<EntityRecord>(GANTT_PATHS.task(taskId), {
    method: 'PATCH',
    headers: { 'if-match': `"${current.version}"` },
    body: [
      { op: 'replace', path: '/startDate', value: dates.startDate },
      { op: 'replace', path: '/dueDate', value: dates.dueDate },
    ],
  });
}

// After a move: every chart (the portfolio shows the same tasks) and the task lists.
export function useRefreshGantt() {
  const qc = useQueryClient();
  return async () => {
    void qc.invalidateQueries({ queryKey: entityApi(taskEntity).keys.all() });
    await qc.invalidateQueries({ queryKey: ganttKeys.all() });
  };
}
