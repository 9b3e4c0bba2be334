import type { Job, JobListRequest } from '@atrium/domain';
import type { TenantContext } from '../context';
import { AppError, notFound } from '../errors';
import { publishJobEvent } from '../events/live-events.service';
import { jobEnded, toJobDto, toJobEvent, type JobRuntime } from './job-runtime';
import * as repo from './jobs.repository';
import type { JobRow } from './jobs.table';

// A member sees, cancels and retries the jobs they started; another member's job answers 404
// like one that does not exist.
async function mine(ctx: TenantContext, id: string, lock = false): Promise<JobRow> {
  const row = await repo.get(ctx.db, ctx.tenantId, id, lock);
  if (!row || row.createdBy !== ctx.tenantUserId) throw notFound('Job');
  return row;
}

export async function list(ctx: TenantContext, q: JobListRequest): Promise<{ data: Job[]; total: number }> {
  const { rows, total } = await repo.listMine(ctx.db, ctx.tenantId, ctx.tenantUserId, q);
  return { data: rows.map(toJobDto), total };
}

export async function get(ctx: TenantContext, id: string): Promise<Job> {
  return toJobDto(await mine(ctx, id));
}

// Waits for a step under way to commit (it holds the row lock), so no step commits after
// the job shows as cancelled.
export async function cancel(ctx: TenantContext, id: string): Promise<Job> {
  const row = await mine(ctx, id, true);
  if (jobEnded(row)) {
    throw new AppError(409, 'jobNotCancellable', `The job has already ${row.status === 'cancelled' ? 'been cancelled' : 'finished'}`);
  }
  const cancelled = await repo.finish(ctx.db, ctx.tenantId, id, 'cancelled', null);
  if (!cancelled) throw notFound('Job');
  await publishJobEvent(ctx.db, ctx.tenantId, cancelled.createdBy, toJobEvent(cancelled));
  return toJobDto(cancelled);
}

// A failed or cancelled job runs again from its last committed checkpoint.
export async function retry(ctx: TenantContext, runtime: JobRuntime, id: string): Promise<Job> {
  const row = await mine(ctx, id, true);
  if (row.status !== 'failed' && row.status !== 'cancelled') {
    throw new AppError(409, 'jobNotRetryable', 'Only a failed or cancelled job can be retried');
  }
  return toJobDto(await runtime.requeue(ctx, row));
}
