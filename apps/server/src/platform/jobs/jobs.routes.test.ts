import type { Job } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser, waitFor } from '../../../test/harness';
import { defineTestJobs, TEST_STEPS_URL } from '../../../test/test-jobs';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let me: Client;

const job = async (id: string): Promise<Job> => (await me.get(`/api/v1/core/jobs/${id}`)).body;
const stepTags = async (tenantId: string) =>
  (await t.sql<{ name: string }>(`select name from tags where tenant_id = $1 and name like 'step-%' order by name`, [tenantId])).map(
    (r) => r.name,
  );

beforeAll(async () => {
  // a node that runs jobs (ATRIUM_ROLE=all), with the test job type
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', JOBS_LEASE_SECONDS: '4' }, { beforeReady: defineTestJobs });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  me = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

describe('background jobs', () => {
  it('runs a queued job once, in the tenant context, reporting progress until it succeeds', async () => {
    // another workspace's tags must stay invisible to the job's steps (RLS)
    const other = await t.createTenant(await t.createUser());
    await t.sql(`insert into tags (tenant_id, name, color) values ($1, 'theirs-1', '#000'), ($1, 'theirs-2', '#000')`, [other.id]);

    const started = await me.post(TEST_STEPS_URL, { count: 3, stepMs: 10 });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ type: 'test.steps', status: 'queued', progress: { done: 0, total: null, errors: 0 } });
    await waitFor('the job to succeed', async () => (await job(started.body.id)).status === 'succeeded');
    const done = await job(started.body.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, error: null, progress: { done: 3, total: 3, errors: 0 } });
    expect(done.progress.message).toMatch(/step 3 on pid \d+; sees 3 tags/);
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(await stepTags(tenant.id)).toEqual(['step-1', 'step-2', 'step-3']);

    const list = await me.post('/api/v1/core/jobs/list', { status: ['succeeded'] });
    expect(list.status).toBe(200);
    expect(list.body.data.map((j: Job) => j.id)).toContain(started.body.id);
    await t.sql(`delete from tags where tenant_id = $1`, [tenant.id]);
  });

  it('refuses a bad payload with the field and the rule, and writes nothing', async () => {
    const before = await t.sql(`select count(*)::int as n from jobs`);
    const res = await me.post(TEST_STEPS_URL, { count: -1, stepMs: 0 });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.errors[0].field).toBe('payload.count');
    expect(await t.sql(`select count(*)::int as n from jobs`)).toEqual(before);
  });

  it('cancels a running job: no step commits after the cancel, and a retry finishes it from where it stopped', async () => {
    const started = await me.post(TEST_STEPS_URL, { count: 12, stepMs: 150 });
    await waitFor('two steps', async () => (await job(started.body.id)).progress.done >= 2);
    const cancelled = await me.post(`/api/v1/core/jobs/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const doneAtCancel = cancelled.body.progress.done;
    expect(doneAtCancel).toBeLessThan(12);
    await new Promise((r) => setTimeout(r, 600));
    expect((await job(started.body.id)).progress.done).toBe(doneAtCancel);
    expect(await stepTags(tenant.id)).toHaveLength(doneAtCancel);

    const again = await me.post(`/api/v1/core/jobs/${started.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('jobNotCancellable');

    const retried = await me.put(`/api/v1/core/jobs/${started.body.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');
    await waitFor('the retried job to succeed', async () => (await job(started.body.id)).status === 'succeeded', 20_000);
    const finished = await job(started.body.id);
    // the retry resumed at the checkpoint: every step ran once (tag names are unique)
    expect(finished).toMatchObject({ attempts: 2, progress: { done: 12, total: 12 } });
    expect(await stepTags(tenant.id)).toHaveLength(12);
    await t.sql(`delete from tags where tenant_id = $1`, [tenant.id]);
  });

  it('retries only failed or cancelled jobs', async () => {
    const started = await me.post(TEST_STEPS_URL, { count: 1, stepMs: 0 });
    await waitFor('the job to succeed', async () => (await job(started.body.id)).status === 'succeeded');
    const res = await me.put(`/api/v1/core/jobs/${started.body.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('jobNotRetryable');
    await t.sql(`delete from tags where tenant_id = $1`, [tenant.id]);
  });

  it("records a failing step as the job's error in words for people, the original in the log under the job id; the failed job can be retried", async () => {
    const logged = vi.spyOn(t.app.log, 'warn');
    // step-2 exists already: the job's second step hits the unique name and fails
    await t.sql(`insert into tags (tenant_id, name, color) values ($1, 'step-2', '#000')`, [tenant.id]);
    const started = await me.post(TEST_STEPS_URL, { count: 3, stepMs: 0 });
    await waitFor('the job to fail', async () => (await job(started.body.id)).status === 'failed');
    const failed = await job(started.body.id);
    expect(failed.progress.done).toBe(1);
    // issue 25: no database text (it used to be "duplicate key value violates unique constraint …")
    expect(failed.error).toBe(
      `The job stopped because of an error on the server. Retry it; if it fails again, your administrator finds the cause in the server log under job ${started.body.id}.`,
    );
    expect(failed.error).not.toMatch(/duplicate key|constraint|tags_name_key|insert into/i);
    const entry = logged.mock.calls.find(([obj]) => (obj as { job?: string }).job === started.body.id);
    expect(entry, 'the failure is logged with the job id').toBeDefined();
    expect(String((entry![0] as { cause: string }).cause)).toMatch(/duplicate key value violates unique constraint/);
    logged.mockRestore();
    await t.sql(`delete from tags where tenant_id = $1 and name = 'step-2'`, [tenant.id]);
    await me.put(`/api/v1/core/jobs/${started.body.id}/retry`);
    await waitFor('the retried job to succeed', async () => (await job(started.body.id)).status === 'succeeded');
    expect(await stepTags(tenant.id)).toEqual(['step-1', 'step-2', 'step-3']);
    await t.sql(`delete from tags where tenant_id = $1`, [tenant.id]);
  });

  it('shows an error the job type knows in its own words', async () => {
    const started = await me.post(TEST_STEPS_URL, { count: 3, stepMs: 0, refuseAt: 2 });
    await waitFor('the job to fail', async () => (await job(started.body.id)).status === 'failed');
    expect(await job(started.body.id)).toMatchObject({ error: 'Step 2 was refused, as the test asked', progress: { done: 1 } });
    await t.sql(`delete from tags where tenant_id = $1`, [tenant.id]);
  });

  it("shows a member only their own jobs: another member's job answers 404", async () => {
    const started = await me.post(TEST_STEPS_URL, { count: 0, stepMs: 0 });
    const colleague = await t.addMember(tenant.id, 'Admin');
    const them = t.client(colleague, tenant.id);
    expect((await them.get(`/api/v1/core/jobs/${started.body.id}`)).status).toBe(404);
    expect((await them.post(`/api/v1/core/jobs/${started.body.id}/cancel`)).status).toBe(404);
    expect((await them.put(`/api/v1/core/jobs/${started.body.id}/retry`)).status).toBe(404);
    expect((await them.post('/api/v1/core/jobs/list', {})).body.total).toBe(0);
  });

  it("keeps pg-boss's schema out of the request role's reach", async () => {
    const client = await t.database.app.connect();
    try {
      await expect(client.query('select count(*) from pgboss.job')).rejects.toThrow(/permission denied/);
    } finally {
      client.release();
    }
  });
});
