import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants';
import { pageSizeSchema, pagedResponse } from './schemas';

// Background jobs (issue 10, decision 041): a job belongs to a workspace and the member who
// started it; imports, exports, campaigns and the workspace clean-up are jobs.
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const jobProgressSchema = z.object({
  done: z.number().int(),
  // null while the job does not know how much there is
  total: z.number().int().nullable(),
  // items that failed so far (rows of an import that were refused…)
  errors: z.number().int(),
  message: z.string().nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: jobProgressSchema,
  attempts: z.number().int(),
  // why the job failed, when it did
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  status: z.array(z.enum(JOB_STATUSES)).max(JOB_STATUSES.length).optional(),
  type: z.string().max(100).optional(),
});
export type JobListRequest = z.infer<typeof jobListRequestSchema>;
export const jobListSchema = pagedResponse(jobSchema);
