import type { Job } from '@atrium/domain';
import type { z } from 'zod';
import type { TenantContext } from '../context';
import type { JobProgressPatch } from './jobs.repository';

export type { JobProgressPatch } from './jobs.repository';

export type StepResult<C> = {
  // saved with the step's work in one transaction: where the next step (or the next claim,
  // after a crash) continues
  checkpoint: C;
  progress?: JobProgressPatch;
  // true when this was the last step
  finished?: boolean;
};

export type StepFn<C> = (ctx: TenantContext, checkpoint: C | null) => Promise<StepResult<C>>;

// What a handler gets: its payload and a way to run steps. Each step is its own transaction in
// the tenant context, as the member who started the job (RLS applies); the step's work, the
// checkpoint and the progress commit together, so an interrupted job repeats no committed step.
export type JobRun<P, C> = {
  id: string;
  tenantId: string;
  payload: P;
  step: (fn: StepFn<C>) => Promise<StepResult<C>>;
  // steps until one returns finished
  steps: (fn: StepFn<C>) => Promise<void>;
};

export type JobDefinition<P, C> = {
  // also the pg-boss queue name: '<module>.<what>'
  type: string;
  payload: z.ZodType<P>;
  // how the job stays correct when a worker dies mid-job and another claims it again
  idempotency: string;
  handler: (job: JobRun<P, C>) => Promise<void>;
  // what a failed job shows for an error this type knows, worded for the workspace's members;
  // undefined for any other error, which shows a generic sentence (the log has the original)
  failure?: (err: unknown) => string | undefined;
};

export type JobType<P> = {
  type: string;
  // inside the caller's transaction: the job exists only if that transaction commits
  enqueue: (ctx: TenantContext, payload: P) => Promise<Job>;
};

// Work that belongs to no workspace (the mail outbox, expired sign-in sessions), run on a
// schedule by one worker at a time.
export type SystemTask = {
  name: string;
  // cron expression, UTC
  cron: string;
  idempotency: string;
  run: () => Promise<string | void>;
};

// One kind of clean-up inside a workspace, run by the hourly clean-up for every workspace and by
// the workspace clean-up job an admin starts. Returns how many items it removed; must be safe to
// run twice (it removes what has expired, so a second run finds nothing).
export type TenantCleanupTask = {
  name: string;
  description: string;
  run: (ctx: TenantContext, now: Date) => Promise<number>;
};
