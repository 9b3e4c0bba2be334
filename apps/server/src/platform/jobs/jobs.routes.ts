import { jobListRequestSchema, jobListSchema, jobSchema } from '@atrium/domain';
import { z } from 'zod';
import { registerCaptions } from '../captions';
import type { Router } from '../router';
import { JOB_CAPTIONS } from './jobs.captions';
import type { JobRuntime } from './job-runtime';
import * as jobsService from './jobs.service';
import { workspaceCleanupJob } from './housekeeping';

const idParams = z.object({ id: z.uuid() });

// The jobs API: my jobs, one job, cancel, retry; and the workspace clean-up an admin starts.
export function registerJobRoutes(router: Router, runtime: JobRuntime): void {
  registerCaptions(JOB_CAPTIONS);
  const cleanup = workspaceCleanupJob(runtime);
  const tags = ['Jobs'];

  router.tenant({
    method: 'POST',
    url: '/api/v1/core/jobs/list',
    summary: 'The jobs I started, newest first',
    tags,
    permission: null,
    schemas: { body: jobListRequestSchema, response: jobListSchema },
    example: { page: 1, pageSize: 25 },
    handler: (ctx, { body }) => jobsService.list(ctx, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/jobs/:id',
    summary: 'One of my jobs: status and progress',
    tags,
    permission: null,
    table: 'jobs',
    schemas: { params: idParams, response: jobSchema },
    handler: (ctx, { params }) => jobsService.get(ctx, params.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/jobs/:id/cancel',
    summary: 'Cancel a queued or running job (a step under way finishes first)',
    tags,
    permission: null,
    table: 'jobs',
    schemas: { params: idParams, response: jobSchema },
    handler: (ctx, { params }) => jobsService.cancel(ctx, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/jobs/:id/retry',
    summary: 'Run a failed or cancelled job again from where it stopped',
    tags,
    permission: null,
    table: 'jobs',
    schemas: { params: idParams, response: jobSchema },
    handler: (ctx, { params }) => jobsService.retry(ctx, runtime, params.id),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/housekeeping',
    summary: 'Start the workspace clean-up now (it also runs every hour)',
    tags,
    permission: 'Setting.ManageWorkspace',
    status: 201,
    schemas: { body: z.strictObject({}), response: jobSchema },
    example: {},
    handler: (ctx) => cleanup.enqueue(ctx, {}),
  });
}
