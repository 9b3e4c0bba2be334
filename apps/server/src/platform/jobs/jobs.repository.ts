import type { JobListRequest, JobStatus } from '@atrium/domain';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AuthUser } from '../context';
import type { Db } from '../database';
import { jobs, type JobRow } from './jobs.table';

export type JobProgressPatch = { done?: number; total?: number | null; errors?: number; message?: string | null };

const byId = (tenantId: string, id: string) => and(eq(jobs.tenantId, tenantId), eq(jobs.id, id));

export async function insert(
  db: Db,
  values: { tenantId: string; type: string; createdBy: string; userId: string; payload: unknown },
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ ...values, payload: values.payload ?? {} })
    .returning();
  if (!row) throw new Error('job insert returned nothing');
  return row;
}

export async function get(db: Db, tenantId: string, id: string, lock = false): Promise<JobRow | undefined> {
  const q = db.select().from(jobs).where(byId(tenantId, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

// the caller's own jobs, newest first
export async function listMine(db: Db, tenantId: string, createdBy: string, q: JobListRequest): Promise<{ rows: JobRow[]; total: number }> {
  const where = and(
    eq(jobs.tenantId, tenantId),
    eq(jobs.createdBy, createdBy),
    ...(q.status && q.status.length > 0 ? [inArray(jobs.status, q.status)] : []),
    ...(q.type ? [eq(jobs.type, q.type)] : []),
  );
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(jobs).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function markRunning(db: Db, tenantId: string, id: string, countAttempt: boolean): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: countAttempt ? sql`${jobs.attempts} + 1` : jobs.attempts,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(byId(tenantId, id))
    .returning();
  if (!row) throw new Error('job vanished while claimed');
  return row;
}

export async function saveStep(db: Db, tenantId: string, id: string, checkpoint: unknown, progress: JobProgressPatch): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({
      checkpoint: checkpoint ?? null,
      ...(progress.done !== undefined ? { done: progress.done } : {}),
      ...(progress.total !== undefined ? { total: progress.total } : {}),
      ...(progress.errors !== undefined ? { errors: progress.errors } : {}),
      ...(progress.message !== undefined ? { message: progress.message } : {}),
      updatedAt: sql`now()`,
    })
    .where(byId(tenantId, id))
    .returning();
  if (!row) throw new Error('job vanished during a step');
  return row;
}

export async function finish(
  db: Db,
  tenantId: string,
  id: string,
  status: Extract<JobStatus, 'succeeded' | 'failed' | 'cancelled'>,
  error: string | null,
) {
  const [row] = await db
    .update(jobs)
    .set({ status, error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(byId(tenantId, id))
    .returning();
  return row;
}

// a retry: the next run resumes from the checkpoint the last one committed
export async function requeue(db: Db, tenantId: string, id: string): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', run: sql`${jobs.run} + 1`, error: null, finishedAt: null, updatedAt: sql`now()` })
    .where(byId(tenantId, id))
    .returning();
  if (!row) throw new Error('job vanished during retry');
  return row;
}

export async function deleteFinishedBefore(db: Db, tenantId: string, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.tenantId, tenantId), inArray(jobs.status, ['succeeded', 'failed', 'cancelled']), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function user(db: Db, userId: string): Promise<AuthUser | undefined> {
  const res = await db.execute<AuthUser>(sql`select id, email, name from users where id = ${userId}::uuid`);
  return res.rows[0];
}

// system work for one tenant (the hourly clean-up): sets the tenant for the transaction
// without a member, so RLS still confines every statement to it
export async function setTenant(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

// A workspace by its slug (a global table), for a public page's address.
export async function tenantIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const res = await db.execute<{ id: string }>(sql`select id from tenants where slug = ${slug}`);
  return res.rows[0]?.id;
}

export async function tenantIds(db: Db, after: string | null, limit: number): Promise<string[]> {
  const res = await db.execute<{ id: string }>(
    after
      ? sql`select id from tenants where id > ${after}::uuid order by id limit ${limit}`
      : sql`select id from tenants order by id limit ${limit}`,
  );
  return res.rows.map((r) => r.id);
}

// wakes the workers of a queue at commit (they poll too, this only saves the wait)
export async function wake(db: Db, channel: string, queue: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${queue})`);
}
