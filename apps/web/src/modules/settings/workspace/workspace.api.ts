import type { Job } from '@atrium/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { rememberJob } from '../../../platform/jobs/jobs.api';

export const CLEANUP_JOB_TYPE = 'housekeeping.workspace';
const PATHS = { cleanup: '/api/v1/core/housekeeping' } as const;

export function useStartCleanup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Job>(PATHS.cleanup, { method: 'POST', body: {} }),
    onSuccess: (job) => rememberJob(qc, job),
  });
}
