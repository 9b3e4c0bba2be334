import { FINISHED_JOB_STATUSES, type Job, type JobEvent, type JobListRequest } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import { liveConnection } from '../live/live-connection';
import { useLiveEvent, useLiveStatus } from '../live/use-live-events';

export const JOB_PATHS = {
  list: '/api/v1/core/jobs/list',
  job: (id: string) => `/api/v1/core/jobs/${id}`,
  cancel: (id: string) => `/api/v1/core/jobs/${id}/cancel`,
  retry: (id: string) => `/api/v1/core/jobs/${id}/retry`,
} as const;

export const jobKeys = {
  all: () => workspaceKey('jobs'),
  lists: () => workspaceKey('jobs', 'list'),
  list: (request: Partial<JobListRequest>) => workspaceKey('jobs', 'list', request),
  detail: (id: string) => workspaceKey('jobs', 'detail', id),
};

export const isFinished = (job: Pick<Job, 'status'> | undefined) => job !== undefined && FINISHED_JOB_STATUSES.includes(job.status);

// The newest event of each job this tab heard of: a short job can finish before the answer that
// started it has arrived, and its events must not be lost in between.
const latestEvents = new Map<string, JobEvent>();
liveConnection.on('job', (event) => {
  latestEvents.delete(event.id);
  latestEvents.set(event.id, event);
  if (latestEvents.size > 200) latestEvents.delete(latestEvents.keys().next().value ?? '');
});

// A job just started: its first state comes from the answer (or a later event), the rest from
// live events.
export function rememberJob(qc: QueryClient, job: Job): void {
  const event = latestEvents.get(job.id);
  qc.setQueryData(jobKeys.detail(job.id), event ? { ...job, status: event.status, progress: event.progress } : job);
  if (event && isFinished(event)) void qc.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
  void qc.invalidateQueries({ queryKey: jobKeys.lists() });
}

// A fetch that started before the event would land after it with older progress and undo it
// (the bar stuck at "4 of 5"): it is cancelled first, as TanStack Query advises for updates
// made by hand. An event that is older than what is shown (running after finished) is ignored.
async function applyEvent(qc: QueryClient, event: JobEvent): Promise<void> {
  const key = jobKeys.detail(event.id);
  if (!qc.getQueryData<Job>(key)) return;
  await qc.cancelQueries({ queryKey: key });
  const known = qc.getQueryData<Job>(key);
  if (!known || (isFinished(known) && !isFinished(event) && known.progress.done >= event.progress.done)) return;
  qc.setQueryData<Job>(key, { ...known, status: event.status, progress: event.progress });
  // the event names no error text or end time: fetch them once the job is over
  if (isFinished(event)) void qc.invalidateQueries({ queryKey: key });
}

// One job, kept current by its live events; polled every 3 s while the live connection is down,
// and every 10 s while it is up, so that a lost event cannot leave the bar stuck.
export function useJob(id: string | undefined) {
  const qc = useQueryClient();
  const live = useLiveStatus();
  useLiveEvent('job', (event) => {
    if (event.id === id) void applyEvent(qc, event);
  });
  return useQuery({
    queryKey: jobKeys.detail(id ?? 'none'),
    queryFn: () => apiRequest<Job>(JOB_PATHS.job(id ?? '')),
    enabled: Boolean(id),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : live !== 'open' ? 3000 : 10_000),
  });
}

export function useLatestJob(type: string) {
  const request = { page: 1, pageSize: 25, type } as const;
  return useQuery({
    queryKey: jobKeys.list(request),
    queryFn: async () =>
      (await apiRequest<{ data: Job[]; total: number }>(JOB_PATHS.list, { method: 'POST', body: request })).data[0] ?? null,
  });
}

export function useCancelJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Job>(JOB_PATHS.cancel(id), { method: 'POST' }),
    onSuccess: (job) => rememberJob(qc, job),
  });
}

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Job>(JOB_PATHS.retry(id), { method: 'PUT' }),
    onSuccess: (job) => rememberJob(qc, job),
  });
}
