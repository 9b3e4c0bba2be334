import { createHash } from 'node:crypto';
import { FINISHED_JOB_STATUSES, type Job, type JobEvent } from '@atrium/domain';
import PgBoss from 'pg-boss';
import type { AuthUser, TenantContext } from '../context';
import type { Database, Db } from '../database';
import { AppError, issueToField } from '../errors';
import type { EventHub } from '../events/event-hub';
import { publishJobEvent } from '../events/live-events.service';
import { enterTenant, inTenantTransaction } from '../tenancy';
import type { JobDefinition, JobRun, JobType, StepFn, StepResult, SystemTask, TenantCleanupTask } from './job.types';
import * as repo from './jobs.repository';
import type { JobRow } from './jobs.table';
import { JOB_QUEUE_SCHEMA } from './job-queue';

const WAKE_CHANNEL = 'atrium_jobs';
const QUEUE_LOCK = 727275;
const SYSTEM_TASK_EXPIRY_SECONDS = 900;
// a job row that does not exist yet may belong to a transaction that has not committed
const UNCOMMITTED_GRACE_MS = 60_000;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type JobRuntimeOptions = {
  database: Database;
  hub: EventHub;
  log: Log;
  // api: sends jobs, runs none; worker and all: run jobs and schedules
  role: 'all' | 'api' | 'worker';
  // how long a worker holds a claimed slice of a job before another worker may claim it
  leaseSeconds: number;
};

export type JobRuntime = {
  define: <P, C>(def: JobDefinition<P, C>) => JobType<P>;
  schedule: (task: SystemTask) => void;
  cleanup: (task: TenantCleanupTask) => void;
  cleanupTasks: () => readonly TenantCleanupTask[];
  start: () => Promise<void>;
  stop: () => Promise<void>;
  // the jobs API: a retry sends the next run
  requeue: (ctx: TenantContext, row: JobRow) => Promise<JobRow>;
  // run a system task now on this node (tests, operations)
  runSystemTask: (name: string) => Promise<string | void>;
  readonly runsJobs: boolean;
};

type BossData = { tenantId: string; jobId: string; run: number; slice?: number };

class JobYield extends Error {}
class JobStopped extends Error {}

// Done one way or another: succeeded, failed or cancelled.
export const jobEnded = (row: Pick<JobRow, 'status'>): boolean => row.status !== 'queued' && row.status !== 'running';

export function toJobDto(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: { done: row.done, total: row.total, errors: row.errors, message: row.message },
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toJobEvent = (row: JobRow): JobEvent => {
  const dto = toJobDto(row);
  return { id: dto.id, type: dto.type, status: dto.status, progress: dto.progress };
};

// The same (job, run, slice) always maps to the same pg-boss id: sending it twice is a no-op.
function bossId(jobId: string, run: number, slice: number): string {
  const h = createHash('sha256').update(`${jobId}:${run}:${slice}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// The innermost cause (the database's own message rather than the query builder's "Failed
// query: …" with its parameters), for the log only.
function describe(err: unknown): string {
  let e: unknown = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 2000);
}

// What a failed job shows its members (GET core/jobs/{id}): never an exception's text (the
// database's "duplicate key value violates unique constraint …", a library's, a stack). A
// refusal worded for people (AppError, as the API would answer it) as it is; an error the job
// type knows in its own words; anything else a sentence naming the job, under whose id the
// log has the original.
function jobFailureMessage(def: Pick<JobDefinition<unknown, unknown>, 'failure'>, jobId: string, err: unknown): string {
  if (err instanceof AppError) return err.message.slice(0, 2000);
  const own = def.failure?.(err);
  if (own) return own.slice(0, 2000);
  return `The job stopped because of an error on the server. Retry it; if it fails again, your administrator finds the cause in the server log under job ${jobId}.`;
}

// Background jobs on pg-boss (issue 10, decision 041). Modules declare job types with
// define(); the runtime queues them, claims them on worker nodes, runs their steps in the
// tenant context and records status and progress in the tenant's jobs table.
export function createJobRuntime(opts: JobRuntimeOptions): JobRuntime {
  const { database, hub, log } = opts;
  const runsJobs = opts.role !== 'api';
  const types = new Map<string, JobDefinition<unknown, unknown>>();
  const tasks = new Map<string, SystemTask>();
  const cleanups: TenantCleanupTask[] = [];
  const workerIds = new Map<string, string>();
  const sliceMs = (opts.leaseSeconds * 1000) / 2;
  let boss: PgBoss | undefined;
  let offWake: (() => void) | undefined;

  const queueOptions = {
    // a pg-boss retry re-claims the job: after a dead worker's lease ran out, or when the job's
    // row was not committed yet; the job's own failures are recorded on the row, not retried
    retryLimit: 10,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: opts.leaseSeconds,
  };

  const started = () => {
    if (!boss) throw new Error('the job runtime is not started');
    return boss;
  };

  const send = async (type: string, data: BossData) => {
    // the lease travels with each job, so a changed JOBS_LEASE_SECONDS applies to existing queues
    await started().send(type, data, { id: bossId(data.jobId, data.run, data.slice ?? 0), expireInSeconds: opts.leaseSeconds });
  };

  // Nodes starting together would create the same queues at once, and pg-boss's create_queue
  // (a partition, a foreign key) deadlocks against itself — also against the queue pg-boss's own
  // start creates for cron schedules. So a node starts pg-boss and creates the missing queues
  // while it holds one advisory lock: one node at a time.
  const startExclusively = async (b: PgBoss, names: string[]) => {
    const client = await database.admin.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_LOCK]);
      await b.start();
      const existing = new Set((await b.getQueues()).map((q) => q.name));
      for (const name of names) if (!existing.has(name)) await b.createQueue(name, { name, ...queueOptions });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_LOCK]).catch(() => {});
      client.release();
    }
  };

  const publish = (db: Db, row: JobRow) => publishJobEvent(db, row.tenantId, row.createdBy, toJobEvent(row));

  async function enqueue(def: JobDefinition<unknown, unknown>, ctx: TenantContext, payload: unknown): Promise<Job> {
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) {
      const errors = parsed.error.issues.flatMap((i) => issueToField(i, 'payload'));
      throw new AppError(400, (errors[0]?.code ?? 'validation') as AppError['code'], errors.map((e) => e.message).join('; '), errors);
    }
    const row = await repo.insert(ctx.db, {
      tenantId: ctx.tenantId,
      type: def.type,
      createdBy: ctx.tenantUserId,
      userId: ctx.user.id,
      payload: parsed.data,
    });
    await publish(ctx.db, row);
    await repo.wake(ctx.db, WAKE_CHANNEL, def.type);
    // sent before the caller commits; a worker that finds no row yet tries again shortly,
    // and a send whose transaction rolled back finds none for good and is dropped
    await send(def.type, { tenantId: ctx.tenantId, jobId: row.id, run: row.run });
    return toJobDto(row);
  }

  type Claim = { kind: 'missing' } | { kind: 'skip' } | { kind: 'run'; row: JobRow; user: AuthUser };

  // `retried`: pg-boss claims it again after a dead worker; an attempt, unlike the next slice
  async function claim(data: BossData, retried: boolean): Promise<Claim> {
    return database.db.transaction(async (tx) => {
      await repo.setTenant(tx, data.tenantId);
      const row = await repo.get(tx, data.tenantId, data.jobId, true);
      if (!row) return { kind: 'missing' } as const;
      if (row.run !== data.run || FINISHED_JOB_STATUSES.includes(row.status)) return { kind: 'skip' } as const;
      const user = await repo.user(tx, row.userId);
      const member = user ? await enterTenant(tx, data.tenantId, row.userId) : undefined;
      if (!user || !member) {
        const failed = await repo.finish(tx, data.tenantId, data.jobId, 'failed', 'The member who started this job has left the workspace');
        if (failed) await publish(tx, failed);
        return { kind: 'skip' } as const;
      }
      const running = await repo.markRunning(tx, data.tenantId, data.jobId, row.status === 'queued' || retried);
      await publish(tx, running);
      return { kind: 'run', row: running, user } as const;
    });
  }

  function jobRun(row: JobRow, user: AuthUser, sliceStart: number): JobRun<unknown, unknown> {
    const step = async (fn: StepFn<unknown>): Promise<StepResult<unknown>> => {
      // a slice ends between steps; the next slice is a new pg-boss job that any worker claims
      if (Date.now() - sliceStart > sliceMs) throw new JobYield();
      // the request's transaction helper: its connection also serves COPY (exports)
      return inTenantTransaction(database, row.tenantId, row.userId, async (tx, member) => {
        const current = await repo.get(tx, row.tenantId, row.id, true);
        if (!current || current.run !== row.run || current.status !== 'running') throw new JobStopped();
        if (!member) throw new Error('The member who started this job has left the workspace');
        const ctx: TenantContext = { tenantId: row.tenantId, user, db: tx, ...member };
        const result = await fn(ctx, current.checkpoint);
        const saved = await repo.saveStep(tx, row.tenantId, row.id, result.checkpoint, result.progress ?? {});
        await publish(tx, saved);
        return result;
      });
    };
    return {
      id: row.id,
      tenantId: row.tenantId,
      payload: row.payload,
      step,
      steps: async (fn) => {
        for (;;) if ((await step(fn)).finished) return;
      },
    };
  }

  async function finish(row: JobRow, status: 'succeeded' | 'failed', error: string | null): Promise<void> {
    await database.db.transaction(async (tx) => {
      await repo.setTenant(tx, row.tenantId);
      const current = await repo.get(tx, row.tenantId, row.id, true);
      if (!current || current.run !== row.run || current.status !== 'running') return;
      const done = await repo.finish(tx, row.tenantId, row.id, status, error);
      if (done) await publish(tx, done);
    });
  }

  async function runSlice(def: JobDefinition<unknown, unknown>, job: PgBoss.JobWithMetadata<BossData>): Promise<void> {
    const data = job.data;
    const sliceStart = Date.now();
    const claimed = await claim(data, job.retryCount > 0);
    if (claimed.kind === 'missing') {
      if (Date.now() - job.createdOn.getTime() < UNCOMMITTED_GRACE_MS) throw new Error('job row not committed yet');
      return;
    }
    if (claimed.kind === 'skip') return;
    const { row, user } = claimed;
    try {
      await def.handler(jobRun(row, user, sliceStart));
      await finish(row, 'succeeded', null);
    } catch (err) {
      if (err instanceof JobStopped) return;
      if (err instanceof JobYield) {
        await send(def.type, { ...data, slice: (data.slice ?? 0) + 1 });
        return;
      }
      // the original, with its stack and causes, only here
      log.warn({ job: row.id, type: def.type, tenantId: row.tenantId, err, cause: describe(err) }, 'job failed');
      // if even this fails (database gone), pg-boss retries the slice and it resumes
      await finish(row, 'failed', jobFailureMessage(def, row.id, err));
    }
  }

  async function runTask(task: SystemTask): Promise<string | void> {
    const t0 = Date.now();
    const summary = await task.run();
    log.info({ task: task.name, ms: Date.now() - t0, summary }, 'system task done');
    return summary;
  }

  const runtime: JobRuntime = {
    runsJobs,
    define<P, C>(def: JobDefinition<P, C>): JobType<P> {
      if (types.has(def.type)) throw new Error(`job type ${def.type} is defined twice`);
      // a job type and a system task of one name would share one pg-boss queue, and either
      // worker would take the other's messages (a job's run by the task: its row queued forever)
      if (tasks.has(def.type)) throw new Error(`job type ${def.type} has the name of a system task`);
      const stored = def as unknown as JobDefinition<unknown, unknown>;
      types.set(def.type, stored);
      return { type: def.type, enqueue: (ctx, payload) => enqueue(stored, ctx, payload) };
    },
    schedule(task) {
      if (tasks.has(task.name)) throw new Error(`system task ${task.name} is scheduled twice`);
      if (types.has(task.name)) throw new Error(`system task ${task.name} has the name of a job type`);
      tasks.set(task.name, task);
    },
    cleanup(task) {
      cleanups.push(task);
    },
    cleanupTasks: () => cleanups,

    async start() {
      if (boss) return;
      const b = new PgBoss({
        connectionString: database.url,
        schema: JOB_QUEUE_SCHEMA,
        max: runsJobs ? 4 : 2,
        migrate: false,
        supervise: runsJobs,
        schedule: runsJobs,
        maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(opts.leaseSeconds / 2))),
        // finished pg-boss jobs are kept a day; the jobs table is what the workspace sees
        archiveCompletedAfterSeconds: 3600,
        deleteAfterDays: 1,
      });
      b.on('error', (err: unknown) => log.warn({ err: describe(err) }, 'job queue error'));
      await startExclusively(b, [...types.keys(), ...tasks.keys()]);
      boss = b;
      if (!runsJobs) return;
      for (const def of types.values()) {
        workerIds.set(
          def.type,
          await b.work<BossData>(def.type, { includeMetadata: true }, async ([job]) => {
            if (job) await runSlice(def, job);
          }),
        );
      }
      // a schedule no system task has any more (a task renamed or removed by an upgrade) stops:
      // left, its cron would keep sending messages to a queue nothing, or something else, works
      for (const stale of (await b.getSchedules()).filter((s) => !tasks.has(s.name))) {
        await b.unschedule(stale.name);
        log.info({ task: stale.name }, 'schedule of a system task that no longer exists removed');
      }
      for (const task of tasks.values()) {
        // a system task is not sliced: it may run up to 15 minutes before another worker retries it
        await b.schedule(task.name, task.cron, {}, { tz: 'UTC', expireInSeconds: Math.max(SYSTEM_TASK_EXPIRY_SECONDS, opts.leaseSeconds) });
        workerIds.set(
          task.name,
          await b.work(task.name, async () => {
            await runTask(task);
          }),
        );
      }
      offWake = hub.listen(WAKE_CHANNEL, (queue) => {
        const id = workerIds.get(queue);
        if (id) b.notifyWorker(id);
      });
    },

    async stop() {
      const b = boss;
      if (!b) return;
      boss = undefined;
      offWake?.();
      // a graceful stop hands unfinished slices back to the queue at once
      await b.stop({ graceful: true, timeout: 5000, wait: true });
    },

    async requeue(ctx, row) {
      const next = await repo.requeue(ctx.db, ctx.tenantId, row.id);
      await publish(ctx.db, next);
      await repo.wake(ctx.db, WAKE_CHANNEL, next.type);
      await send(next.type, { tenantId: ctx.tenantId, jobId: next.id, run: next.run });
      return next;
    },

    async runSystemTask(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`no system task ${name}`);
      return runTask(task);
    },
  };
  return runtime;
}
