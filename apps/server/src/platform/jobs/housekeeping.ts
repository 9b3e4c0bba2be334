import { z } from 'zod';
import type { Database } from '../database';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from '../entity/idempotency';
import { deleteLiveEventsBefore } from '../events/live-events.repository';
import type { JobRuntime } from './job-runtime';
import type { JobType } from './job.types';
import * as jobsRepository from './jobs.repository';
import { forEachWorkspace, inWorkspace } from './workspace-walk';

// Retention of what the platform itself keeps per workspace.
export const LIVE_EVENT_RETENTION_MS = 24 * 3600 * 1000;
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 3600 * 1000;
type Checkpoint = { next: number; removed: Record<string, number> };
const cleanupJobs = new WeakMap<JobRuntime, JobType<Record<string, never>>>();

// The workspace clean-up as a job an admin starts (and watches): one step per clean-up task.
export function workspaceCleanupJob(runtime: JobRuntime): JobType<Record<string, never>> {
  let type = cleanupJobs.get(runtime);
  if (type) return type;
  type = runtime.define<Record<string, never>, Checkpoint>({
    type: 'housekeeping.workspace',
    payload: z.strictObject({}),
    idempotency:
      'Each step removes what has expired in one clean-up task and commits with the checkpoint naming the next task; a step repeated after a crash finds nothing left to remove.',
    handler: async (job) => {
      const tasks = runtime.cleanupTasks();
      const now = new Date();
      await job.steps(async (ctx, checkpoint) => {
        const at = checkpoint?.next ?? 0;
        const task = tasks[at];
        if (!task)
          return {
            checkpoint: { next: at, removed: checkpoint?.removed ?? {} },
            progress: { done: at, total: tasks.length },
            finished: true,
          };
        const removed = await task.run(ctx, now);
        const total = Object.values(checkpoint?.removed ?? {}).reduce((a, b) => a + b, 0) + removed;
        return {
          checkpoint: { next: at + 1, removed: { ...checkpoint?.removed, [task.name]: removed } },
          progress: { done: at + 1, total: tasks.length, message: `${task.description}: ${removed} removed (${total} in all)` },
          finished: at + 1 >= tasks.length,
        };
      });
    },
  });
  cleanupJobs.set(runtime, type);
  return type;
}

// Clean-up tasks the platform owns, and the hourly run of all of them over every workspace.
export function registerHousekeeping(runtime: JobRuntime, database: Database): void {
  workspaceCleanupJob(runtime);
  runtime.cleanup({
    name: 'idempotency-keys',
    description: 'Expired idempotency keys',
    run: (ctx, now) => deleteExpiredIdempotencyKeys(ctx, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
  });
  runtime.cleanup({
    name: 'live-events',
    description: 'Live events older than a day',
    run: (ctx, now) => deleteLiveEventsBefore(ctx.db, ctx.tenantId, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS)),
  });
  runtime.cleanup({
    name: 'finished-jobs',
    description: 'Jobs finished more than 30 days ago',
    run: (ctx, now) => jobsRepository.deleteFinishedBefore(ctx.db, ctx.tenantId, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS)),
  });

  runtime.schedule({
    name: 'housekeeping.tenants',
    cron: '17 * * * *',
    idempotency: 'Every task removes only what has expired; a run repeated or overlapping another removes nothing twice.',
    run: async () => {
      const now = new Date();
      let tenants = 0;
      const removed = await forEachWorkspace(database, 'clean-up', (tenantId) => {
        tenants += 1;
        return inWorkspace(database, tenantId, async (ctx) => {
          let n = 0;
          for (const task of runtime.cleanupTasks()) n += await task.run(ctx, now);
          return n;
        });
      });
      return `${tenants} workspaces, ${removed} items removed`;
    },
  });
}
