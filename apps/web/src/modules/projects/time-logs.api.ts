import {
  projectEntity,
  taskEntity,
  type ProjectTimeLogs,
  type TaskTimer,
  type TimeLog,
  type TimeLogCreate,
  type TimeLogList,
  type TimerStart,
} from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';

// Time tracking's calls (Plan.TaskWorklog): one place for its paths, keys and hooks.
export const TIME_PATHS = {
  taskLogs: (taskId: string) => `${taskEntity.basePath}/${taskId}/time-logs`,
  taskLog: (taskId: string, logId: string) => `${taskEntity.basePath}/${taskId}/time-logs/${logId}`,
  projectLogs: (projectId: string, page: number, pageSize: number) =>
    `${projectEntity.basePath}/${projectId}/time-logs?page=${page}&pageSize=${pageSize}`,
  projectCsv: (projectId: string) => `${projectEntity.basePath}/${projectId}/time-logs.csv`,
  timer: '/api/v1/time-logs/timer',
  timerStart: (taskId: string) => `${taskEntity.basePath}/${taskId}/timer/start`,
  timerStop: '/api/v1/time-logs/timer/stop',
};

export const TIME_KEYS = {
  all: () => workspaceKey('time-logs'),
  task: (taskId: string) => workspaceKey('time-logs', 'task', taskId),
  project: (projectId: string, page: number) => workspaceKey('time-logs', 'project', projectId, page),
  timer: () => workspaceKey('time-logs', 'timer'),
};

export const taskTimeLogsQuery = (taskId: string) =>
  queryOptions({ queryKey: TIME_KEYS.task(taskId), queryFn: () => apiRequest<TimeLogList>(TIME_PATHS.taskLogs(taskId)) });

export const useTaskTimeLogs = (taskId: string) => useQuery(taskTimeLogsQuery(taskId));

export const useProjectTimeLogs = (projectId: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: TIME_KEYS.project(projectId, page),
    queryFn: () => apiRequest<ProjectTimeLogs>(TIME_PATHS.projectLogs(projectId, page, pageSize)),
    refetchOnWindowFocus: true,
  });

// The timer lives on the server: a reload or another tab reads the same one, again on focus.
export const useMyTimer = () =>
  useQuery({ queryKey: TIME_KEYS.timer(), queryFn: () => apiRequest<TaskTimer | null>(TIME_PATHS.timer), refetchOnWindowFocus: true });

// every write may change a task's logs, a project's totals and the timer
function useInvalidateTime() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: TIME_KEYS.all() });
}

export function useLogTime(taskId: string) {
  const invalidate = useInvalidateTime();
  return useMutation({
    mutationFn: (body: TimeLogCreate) => apiRequest<TimeLog>(TIME_PATHS.taskLogs(taskId), { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useDeleteTimeLog() {
  const invalidate = useInvalidateTime();
  return useMutation({
    mutationFn: (log: Pick<TimeLog, 'id' | 'taskId'>) => apiRequest<void>(TIME_PATHS.taskLog(log.taskId, log.id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useStartTimer(taskId: string) {
  const invalidate = useInvalidateTime();
  return useMutation({
    mutationFn: () => apiRequest<TimerStart>(TIME_PATHS.timerStart(taskId), { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useStopTimer() {
  const invalidate = useInvalidateTime();
  return useMutation({
    mutationFn: () => apiRequest<TimeLog>(TIME_PATHS.timerStop, { method: 'POST' }),
    onSettled: invalidate,
  });
}
