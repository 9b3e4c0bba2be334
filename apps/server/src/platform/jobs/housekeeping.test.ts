import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { blobStoreFor } from '../blobs/blob-store';
import type { Job } from '@atrium/domain';

// Each clean-up and the mail outbox, run the way production runs them: through the job
// runtime of a node that runs jobs, on a real database, real files and a real SMTP server.
let t: TestApp;
let dataDir: string;
let admin: TestUser;
let tenantA: { id: string };
let tenantB: { id: string };
let smtp: SmtpSink;
let smtpRefuses = false;

const DAY = 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

// The same expired and live items in a workspace, to see what each clean-up removes.
async function seed(tenantId: string): Promise<{ oldUpload: string; freshUpload: string; document: string }> {
  const actor = randomUUID();
  await t.sql(
    `insert into idempotency_keys (tenant_id, actor_id, scope, key, request_hash, created_at)
     values ($1, $2, 'Contact:create', 'old', 'h', $3), ($1, $2, 'Contact:create', 'fresh', 'h', now())`,
    [tenantId, actor, ago(2 * DAY)],
  );
  const [role] = await t.sql<{ id: string }>(`select id from roles where tenant_id = $1 and system_key = 'Member'`, [tenantId]);
  await t.sql(
    `insert into tenant_users (tenant_id, email, role_id, status, invite_token_hash, invite_expires_at)
     values ($1, 'long-gone@example.com', $2, 'invited', 'x1', $3), ($1, 'recent@example.com', $2, 'invited', 'x2', $4)`,
    [tenantId, role?.id, ago(31 * DAY), ago(DAY)],
  );
  await t.sql(
    `insert into live_events (tenant_id, type, entity_kind, data, created_at)
     values ($1, 'record', 'Contact', '{"old":true}', $2), ($1, 'record', 'Contact', '{"old":false}', now())`,
    [tenantId, ago(2 * DAY)],
  );
  await t.sql(
    `insert into jobs (tenant_id, type, created_by, user_id, status, payload, finished_at)
     values ($1, 'old.job', $2, $2, 'succeeded', '{}', $3), ($1, 'fresh.job', $2, $2, 'failed', '{}', now()),
            ($1, 'queued.job', $2, $2, 'queued', '{}', null)`,
    [tenantId, actor, ago(31 * DAY)],
  );
  const blobs = blobStoreFor(t.config);
  const oldUpload = `${tenantId}/uploads/${randomUUID()}`;
  const freshUpload = `${tenantId}/uploads/${randomUUID()}`;
  const document = `${tenantId}/documents/${randomUUID()}`;
  for (const key of [oldUpload, freshUpload, document]) await blobs.write(key, Buffer.from('bytes'), 'text/plain');
  // the upload URL lives 10 minutes: 11 minutes unregistered is abandoned
  const old = new Date(Date.now() - 11 * 60_000);
  for (const key of [oldUpload, document]) await utimes(path.join(dataDir, 'blobs', ...key.split('/')), old, old);
  return { oldUpload, freshUpload, document };
}

async function leftIn(tenantId: string) {
  const q = async (sql: string) => (await t.sql<{ v: string }>(sql, [tenantId])).map((r) => r.v).sort();
  return {
    idempotencyKeys: await q(`select key as v from idempotency_keys where tenant_id = $1`),
    invitations: await q(`select email as v from tenant_users where tenant_id = $1 and status = 'invited'`),
    liveEvents: await q(`select data->>'old' as v from live_events where tenant_id = $1 and entity_kind = 'Contact'`),
    jobs: await q(`select type as v from jobs where tenant_id = $1 and type like '%.job'`),
  };
}
const exists = async (key: string) => (await blobStoreFor(t.config).stat(key)) !== undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-housekeeping-'));
  smtp = await startSmtpSink({
    onRcptTo: () => (smtpRefuses ? Object.assign(new Error('mailbox unavailable, try later'), { responseCode: 451 }) : undefined),
  });
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', DATA_DIR: dataDir, SMTP_URL: smtp.url, JOBS_LEASE_SECONDS: '4' });
  admin = await t.createUser();
  tenantA = await t.createTenant(admin);
  tenantB = await t.createTenant(await t.createUser());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('housekeeping', () => {
  it('the workspace clean-up job removes what expired in that workspace only, step by step with progress', async () => {
    const a = await seed(tenantA.id);
    const b = await seed(tenantB.id);
    const c = t.client(admin, tenantA.id);
    const started = await c.post('/api/v1/core/housekeeping', {});
    expect(started.status).toBe(201);
    await waitFor('the clean-up', async () => (await c.get(`/api/v1/core/jobs/${started.body.id}`)).body.status === 'succeeded');
    const job: Job = (await c.get(`/api/v1/core/jobs/${started.body.id}`)).body;
    const tasks = t.app.atrium.jobs.cleanupTasks();
    expect(job.progress).toMatchObject({ done: tasks.length, total: tasks.length, errors: 0 });
    expect(tasks.map((x) => x.name).sort()).toEqual([
      'abandoned-imports',
      'finished-jobs',
      'idempotency-keys',
      'invitations',
      'live-events',
      'recycle-bin',
      'uploads',
    ]);

    expect(await leftIn(tenantA.id)).toEqual({
      idempotencyKeys: ['fresh'],
      invitations: ['recent@example.com'],
      liveEvents: ['false'],
      jobs: ['fresh.job', 'queued.job'],
    });
    expect(await exists(a.oldUpload)).toBe(false);
    expect(await exists(a.freshUpload)).toBe(true);
    expect(await exists(a.document)).toBe(true);
    // the other workspace is untouched
    expect((await leftIn(tenantB.id)).idempotencyKeys).toEqual(['fresh', 'old']);
    expect(await exists(b.oldUpload)).toBe(true);

    // the hourly run covers every workspace
    await t.app.atrium.jobs.runSystemTask('housekeeping.tenants');
    expect(await leftIn(tenantB.id)).toEqual({
      idempotencyKeys: ['fresh'],
      invitations: ['recent@example.com'],
      liveEvents: ['false'],
      jobs: ['fresh.job', 'queued.job'],
    });
    expect(await exists(b.oldUpload)).toBe(false);
    expect(await exists(b.freshUpload)).toBe(true);
  });

  it('needs Setting.ManageWorkspace to start the workspace clean-up', async () => {
    const member = await t.addMember(tenantA.id, 'Member');
    const res = await t.client(member, tenantA.id).post('/api/v1/core/housekeeping', {});
    expect(res.status).toBe(403);
  });

  it('removes expired sign-in sessions, used or expired one-time links and expired provider records', async () => {
    const user = await t.createUser();
    await t.sql(
      `insert into identity.auth_sessions (id, user_id, data, expires_at) values ('old-session', $1, '{}', $2), ('live-session', $1, '{}', now() + interval '1 day')`,
      [user.id, ago(60_000)],
    );
    await t.sql(
      `insert into identity.identity_tokens (token_hash, kind, user_id, expires_at) values ('expired', 'verify', $1, $2), ('valid', 'reset', $1, now() + interval '1 hour')`,
      [user.id, ago(60_000)],
    );
    await t.sql(
      `insert into identity.idp_payloads (model, id, payload, expires_at) values ('Session', 'gone', '{}', $1), ('Session', 'kept', '{}', now() + interval '1 hour')`,
      [ago(2 * 3600_000)],
    );
    await t.app.atrium.jobs.runSystemTask('identity.expired-sessions');
    expect((await t.sql(`select id from identity.auth_sessions where user_id = $1`, [user.id])).map((r) => r.id)).toEqual(['live-session']);
    expect((await t.sql(`select token_hash from identity.identity_tokens where user_id = $1`, [user.id])).map((r) => r.token_hash)).toEqual(
      ['valid'],
    );
    expect((await t.sql(`select id from identity.idp_payloads where id in ('gone', 'kept')`)).map((r) => r.id)).toEqual(['kept']);
  });

  it('the mail outbox retries with growing pauses, sends once the server accepts, and shows what it gave up on', async () => {
    smtpRefuses = true;
    const sent = await t.app.atrium.mailer.send({ to: 'retry@example.com', subject: 'Try again', text: 'body' });
    expect(sent.status).toBe('pending');
    let [row] = await t.sql(`select status, attempts, error, next_attempt_at from mail_outbox where id = $1`, [sent.id]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toMatch(/try later/);
    // the next try waits a minute; nothing is due yet
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    await t.app.atrium.jobs.runSystemTask('mail.outbox');
    expect((await t.sql(`select attempts from mail_outbox where id = $1`, [sent.id]))[0].attempts).toBe(1);

    // due now, the server still refuses: second attempt, a longer pause
    await t.sql(`update mail_outbox set next_attempt_at = now() where id = $1`, [sent.id]);
    await t.app.atrium.jobs.runSystemTask('mail.outbox');
    [row] = await t.sql(`select status, attempts, next_attempt_at from mail_outbox where id = $1`, [sent.id]);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(110_000);

    // the server accepts again: sent once
    smtpRefuses = false;
    await t.sql(`update mail_outbox set next_attempt_at = now() where id = $1`, [sent.id]);
    await t.app.atrium.jobs.runSystemTask('mail.outbox');
    [row] = await t.sql(`select status, attempts, sent_at from mail_outbox where id = $1`, [sent.id]);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received.flatMap((m) => m.to).filter((to) => to === 'retry@example.com')).toHaveLength(1);

    // a message that keeps failing is given up after the last attempt, and readiness shows it
    smtpRefuses = true;
    const doomed = await t.app.atrium.mailer.send({ to: 'doomed@example.com', subject: 'Never', text: 'body' });
    for (let i = 0; i < 10; i++) {
      await t.sql(`update mail_outbox set next_attempt_at = now() where id = $1 and status = 'pending'`, [doomed.id]);
      await t.app.atrium.jobs.runSystemTask('mail.outbox');
    }
    [row] = await t.sql(`select status, attempts, error from mail_outbox where id = $1`, [doomed.id]);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row.error).toMatch(/try later/);
    const ready = await t.client().get('/api/ready');
    expect(ready.body.mailOutbox).toEqual({ pending: 0, failed: 1 });
    smtpRefuses = false;
  });

  it('delivers the outbox in batches over pooled connections, each message once', async () => {
    await t.sql(`update mail_outbox set status = 'failed' where status = 'pending'`);
    const before = smtp.received.length;
    await t.sql(
      `insert into mail_outbox ("to", subject, text, status, next_attempt_at)
       select 'batch' || i || '@example.com', 'Batch ' || i, 'body', 'pending', now() from generate_series(1, 120) i`,
    );
    // two deliveries at once lock different messages (SKIP LOCKED): none goes out twice
    const runs = await Promise.all([t.app.atrium.mailer.deliverDue(100), t.app.atrium.mailer.deliverDue(100)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(120);
    const to = smtp.received.slice(before).flatMap((m) => m.to);
    expect(new Set(to).size).toBe(120);
    expect(to).toHaveLength(120);
    expect((await t.sql(`select count(*)::int as n from mail_outbox where "to" like 'batch%' and status = 'sent'`))[0].n).toBe(120);
  });

  it('keeps job types and system tasks apart: one name would share a queue', () => {
    const jobs = t.app.atrium.jobs;
    expect(() => jobs.schedule({ name: 'campaigns.send', cron: '* * * * *', idempotency: 'x', run: async () => {} })).toThrow(
      /has the name of a job type/,
    );
  });

  it('removes, when it starts, the schedule of a system task that no longer exists (one renamed by an upgrade)', async () => {
    // an install from before the every-minute task was renamed campaigns.sendDue: its schedule
    // would keep sending to the campaigns.send job type's queue
    await t.sql(
      `insert into pgboss.schedule (name, cron, timezone, data, options) values ('campaigns.send', '* * * * *', 'UTC', '{}', '{}')
       on conflict (name) do nothing`,
    );
    await t.app.atrium.jobs.stop();
    await t.app.atrium.jobs.start();
    expect(await t.sql(`select name from pgboss.schedule where name = 'campaigns.send'`)).toEqual([]);
  });

  it('runs the system tasks on a schedule', async () => {
    const schedules = await t.sql<{ name: string; cron: string }>(`select name, cron from pgboss.schedule order by name`);
    expect(schedules).toEqual([
      // no-shows released after their check-in grace (workplace booking)
      { name: 'bookings.auto-release', cron: '* * * * *' },
      // dynamic segments with relative dates rebuilt once after each workspace's local midnight
      { name: 'campaigns.refreshSegments', cron: '*/15 * * * *' },
      // scheduled campaigns start and sending campaigns continue (after a throttle, a crash)
      { name: 'campaigns.sendDue', cron: '* * * * *' },
      // drafts published at their publishAt (helpdesk's knowledge base)
      { name: 'helpdesk.scheduled-publish', cron: '* * * * *' },
      { name: 'housekeeping.tenants', cron: '17 * * * *' },
      { name: 'identity.expired-sessions', cron: '23 * * * *' },
      { name: 'mail.outbox', cron: '* * * * *' },
      // scheduled tasks create their occurrences' tasks (work management)
      { name: 'projects.task-schedules', cron: '* * * * *' },
    ]);
  });
});
