import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Job } from '@atrium/domain';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT, SERVER_ROOT } from '../src/platform/config';
import { API_AUDIENCE } from '../src/identity/keys';
import { TEMPLATE_DB, waitFor as waitUntil } from './harness';
import { freePort } from './server-harness';
import { SseClient } from './sse-client';

// Two API nodes and one worker on one PostgreSQL, each the built server (dist/main.js) started as
// README "Several processes" says: requests round-robin over the API nodes, events cross nodes
// through LISTEN/NOTIFY, jobs run on the worker and survive it being killed, SIGTERM ends each
// node with 0 and cuts no request.
type Node = { name: string; url: string; child: ChildProcess; output: string[] };

let dbName: string;
let dbUrl: string;
let dataDir: string;
let pool: pg.Pool;
let publicUrl: string;
const nodes: Node[] = [];
const streams: SseClient[] = [];

async function startNode(name: string, role: 'api' | 'worker'): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ATRIUM_ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      // every node stands behind the same public address (the load balancer's)
      PUBLIC_URL: publicUrl,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_LEASE_SECONDS: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { name, url: `http://127.0.0.1:${port}`, child, output: [] };
  child.stdout?.on('data', (d: Buffer) => node.output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => node.output.push(d.toString()));
  nodes.push(node);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${node.output.join('')}`);
    const ready = await fetch(`${node.url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return node;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} not ready: ${node.output.join('')}`);
}

async function stopNode(node: Node, signal: NodeJS.Signals): Promise<number | null> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return node.child.exitCode;
  const exited = new Promise<number | null>((resolve) => node.child.once('exit', (code) => resolve(code)));
  node.child.kill(signal);
  return exited;
}

const sql = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await pool.query<R>(text, params)).rows;

async function tokenFor(userId: string): Promise<string> {
  const [row] = await sql<{ jwk: { kid: string } }>('select jwk from identity.idp_keys where active limit 1');
  if (!row) throw new Error('no signing key');
  const key = await importJWK(row.jwk, 'RS256');
  return new SignJWT({ scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', kid: row.jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${publicUrl}/idp`)
    .setAudience(API_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(key);
}

let headers: Record<string, string>;
let api1: Node;
let api2: Node;

async function call<T = any>(node: Node, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const waitFor = (what: string, check: () => Promise<boolean>, timeoutMs: number) =>
  waitUntil(what, check, timeoutMs, () => nodes.map((n) => `--- ${n.name}\n${n.output.join('')}`).join('\n'));

beforeAll(async () => {
  // the server as `npm start` runs it (esbuild, well under a second)
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_ROOT, stdio: 'ignore' });
  const adminUrl = inject('pgAdminUrl');
  dbName = `atrium_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  // a client cut by the DROP … WITH (FORCE) at the end must not throw (server-harness.ts)
  pool.on('error', () => {});
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-multi-'));
  publicUrl = `http://127.0.0.1:${await freePort()}`;
  [api1, api2] = await Promise.all([startNode('api-1', 'api'), startNode('api-2', 'api'), startNode('worker-1', 'worker')]);

  const [user] = await sql<{ id: string }>(
    `insert into users (email, name, email_verified_at) values ($1, 'Multi Node', now()) returning id`,
    [`multi-${randomUUID().slice(0, 8)}@example.com`],
  );
  headers = { authorization: `Bearer ${await tokenFor(user!.id)}` };
  const tenant = await call<{ id: string }>(api1, 'POST', '/api/v1/admin/tenants', {
    name: 'Multi',
    slug: `multi-${randomUUID().slice(0, 8)}`,
  });
  expect(tenant.status).toBe(201);
  headers['x-tenant-id'] = tenant.body.id;
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(nodes.map((n) => stopNode(n, 'SIGTERM')));
  await pool?.end();
  const admin = new pg.Client(inject('pgAdminUrl'));
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two API nodes and a worker on one database', () => {
  it('serves one session round-robin over both API nodes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? api1 : api2;
      const created = await call<{ id: string }>(node, 'POST', '/api/v1/contacts', { firstName: `Round ${i}` });
      expect(created.status, node.name).toBe(201);
      ids.push(created.body.id);
      const other = i % 2 === 0 ? api2 : api1;
      const read = await call<{ id: string; version: number }>(other, 'GET', `/api/v1/contacts/${created.body.id}`);
      expect(read.status, other.name).toBe(200);
    }
    for (const node of [api1, api2]) {
      const list = await call<{ total: number }>(node, 'POST', '/api/v1/contacts/list', { search: 'Round' });
      expect(list.body.total).toBe(6);
    }
  });

  it('a custom field changed through node 1 is honoured by node 2 on its next request', async () => {
    // node 2 has cached the workspace's (empty) definitions
    const early = await call<{ id: string; customFields: Record<string, unknown> }>(api2, 'POST', '/api/v1/contacts', {
      firstName: 'Cached',
    });
    expect(early.status).toBe(201);
    expect((await call(api2, 'POST', '/api/v1/contacts', { firstName: 'Early', customFields: { code: 'X' } })).status).toBe(400);
    const put = await call(api1, 'PUT', '/api/v1/core/entity-fields?entity=Contact', {
      fields: [{ kind: 'singleLine', label: 'Code', key: 'code', dataType: 'text' }],
    });
    expect(put.status).toBe(200);
    const made = await call<{ id: string; customFields: Record<string, unknown> }>(api2, 'POST', '/api/v1/contacts', {
      firstName: 'Coded',
      customFields: { code: 'X' },
    });
    expect(made.status).toBe(201);
    expect(made.body.customFields).toEqual({ code: 'X' });
    expect((await call(api1, 'PUT', '/api/v1/core/entity-fields?entity=Contact', { fields: [] })).status).toBe(200);
    expect((await call<{ customFields: unknown }>(api2, 'GET', `/api/v1/contacts/${made.body.id}`)).body.customFields).toEqual({});
  });

  it('a role change, a plan change, a suspension and a removal through node 1 (or SQL) are honoured by node 2 on its very next request', async () => {
    // each node remembers a member's membership under the workspace's membership version
    // (decision 097): every change here must reach node 2's next answer, read-only or not
    const tenantId = headers['x-tenant-id']!;
    const contact = await call<{ id: string }>(api1, 'POST', '/api/v1/contacts', { firstName: 'Watched' });
    expect(contact.status).toBe(201);
    const [role] = await sql<{ id: string }>(
      `insert into roles (tenant_id, name, permissions) values ($1, 'Viewer', array['Contact.ViewContacts']) returning id`,
      [tenantId],
    );
    const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    const [user] = await sql<{ id: string }>(
      `insert into users (email, name, email_verified_at) values ($1, 'Viewer', now()) returning id`,
      [email],
    );
    const [member] = await sql<{ id: string }>(
      `insert into tenant_users (tenant_id, user_id, email, role_id, status, joined_at) values ($1, $2, $3, $4, 'active', now()) returning id`,
      [tenantId, user!.id, email, role!.id],
    );
    const viewer = { authorization: `Bearer ${await tokenFor(user!.id)}`, 'x-tenant-id': tenantId };
    const read = async () => (await fetch(`${api2.url}/api/v1/contacts/${contact.body.id}`, { headers: viewer })).status;
    // remembered on node 2 (the second read goes in one message on what it remembers)
    expect([await read(), await read()]).toEqual([200, 200]);

    // the role loses the permission through node 1
    const roleBody = (permissions: string[]) => ({ name: 'Viewer', permissions });
    expect((await call(api1, 'PUT', `/api/v1/admin/roles/${role!.id}`, roleBody([]))).status).toBe(200);
    expect(await read()).toBe(403);
    expect((await call(api1, 'PUT', `/api/v1/admin/roles/${role!.id}`, roleBody(['Contact.ViewContacts']))).status).toBe(200);
    expect(await read()).toBe(200);

    // a plan change through node 1: custom roles need a Pro plan (Plan.Roles), on node 2 at once
    const newRole = () =>
      call<{ code?: string }>(api2, 'POST', '/api/v1/admin/roles', { name: `Agent ${randomUUID().slice(0, 6)}`, permissions: [] });
    const before = await newRole();
    expect(before.status).toBe(403);
    expect((await call(api1, 'PUT', '/api/v1/admin/subscriptions/Helpdesk', { planSlug: 'helpdesk-pro' })).status).toBe(200);
    expect((await newRole()).status).toBe(201);

    // suspended by anyone else (here SQL on another connection), then reinstated
    await sql(`update tenant_users set status = 'suspended' where id = $1`, [member!.id]);
    expect(await read()).toBe(403);
    await sql(`update tenant_users set status = 'active' where id = $1`, [member!.id]);
    expect(await read()).toBe(200);

    // removed through node 1
    expect((await call(api1, 'DELETE', `/api/v1/core/users/${member!.id}`)).status).toBe(204);
    expect(await read()).toBe(403);
  });

  it('the worker answers health and readiness only', async () => {
    const worker = nodes.find((n) => n.name === 'worker-1')!;
    expect((await fetch(`${worker.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/ready`)).status).toBe(200);
    const refused = await fetch(`${worker.url}/api/v1/contacts/list`, { method: 'POST', headers, body: '{}' });
    expect(refused.status).toBe(404);
    expect((await fetch(`${worker.url}/events`, { headers })).status).toBe(404);
  });

  it('an event raised through node 1 reaches an SSE client on node 2 within a second', async () => {
    const stream = await SseClient.open(`${api2.url}/events`, headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const t0 = Date.now();
    const created = await call<{ id: string }>(api1, 'POST', '/api/v1/contacts', { firstName: 'Crossing' });
    expect(created.status).toBe(201);
    await stream.waitFor((e) => e.event === 'record' && e.data.includes(created.body.id), 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('an import queued through node 2 runs once, on the worker, while no API node runs jobs', async () => {
    const form = new FormData();
    form.append('file', new Blob(['First name,E-mail\nQueued,queued@example.com\n'], { type: 'text/csv' }), 'queued.csv');
    const uploaded = await fetch(`${api1.url}/api/v1/core/imports/upload?entityKind=Contact`, { method: 'POST', headers, body: form });
    expect(uploaded.status).toBe(201);
    const run = await call<{ job: Job }>(api2, 'POST', `/api/v1/core/imports/${((await uploaded.json()) as { id: string }).id}/run`);
    expect(run.status).toBe(200);
    await waitFor(
      'the job',
      async () => (await call<Job>(api1, 'GET', `/api/v1/core/jobs/${run.body.job.id}`)).body.status === 'succeeded',
      20_000,
    );
    expect((await call<Job>(api1, 'GET', `/api/v1/core/jobs/${run.body.job.id}`)).body.attempts).toBe(1);
    const runs = await sql<{ n: number }>(
      `select (select count(*) from pgboss.job where data->>'jobId' = $1) + (select count(*) from pgboss.archive where data->>'jobId' = $1) as n`,
      [run.body.job.id],
    );
    expect(Number(runs[0]?.n)).toBe(1);
  }, 30_000);

  it('an import whose worker is killed mid-file finishes on another worker with exactly the file rows, none twice', async () => {
    const rows = 30_000;
    const lines = ['First name,E-mail'];
    for (let i = 1; i <= rows; i++) lines.push(`Killed${i},killed${i}@example.com`);
    const form = new FormData();
    form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'killed.csv');
    const uploaded = await fetch(`${api1.url}/api/v1/core/imports/upload?entityKind=Contact`, { method: 'POST', headers, body: form });
    expect(uploaded.status).toBe(201);
    const imp = (await uploaded.json()) as { id: string };
    const run = await call<{ job: Job }>(api2, 'POST', `/api/v1/core/imports/${imp.id}/run`);
    expect(run.status).toBe(200);
    const jobOf = async () => (await call<Job>(api1, 'GET', `/api/v1/core/jobs/${run.body.job.id}`)).body;
    await waitFor('the first batches', async () => (await jobOf()).progress.done >= 2000, 60_000);
    for (const worker of nodes.filter((n) => n.name.startsWith('worker') && n.child.exitCode === null && n.child.signalCode === null))
      await stopNode(worker, 'SIGKILL');
    const atKill = await jobOf();
    expect(atKill.status).toBe('running');
    expect(atKill.progress.done).toBeLessThan(rows);
    // the API nodes run no jobs: nothing moves while no worker lives
    await new Promise((r) => setTimeout(r, 1500));
    expect((await jobOf()).progress.done).toBe(atKill.progress.done);

    await startNode('worker-3', 'worker');
    await waitFor('the import to finish on the new worker', async () => (await jobOf()).status === 'succeeded', 120_000);
    const tenantId = headers['x-tenant-id'];
    const [counts] = await sql<{ n: number; d: number }>(
      `select count(*)::int as n, count(distinct first_name)::int as d from contacts where tenant_id = $1 and first_name like 'Killed%'`,
      [tenantId],
    );
    expect(counts).toEqual({ n: rows, d: rows });
    const [logged] = await sql<{ n: number }>(`select count(*)::int as n from import_rows where tenant_id = $1 and import_id = $2`, [
      tenantId,
      imp.id,
    ]);
    expect(logged?.n).toBe(rows);
    expect((await jobOf()).attempts).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('SIGTERM: every node ends with 0, requests in flight on kept-alive connections are answered, nothing is cut', async () => {
    const stream = await SseClient.open(`${api1.url}/events`, headers);
    streams.push(stream);
    const fire = () =>
      [api1, api2].flatMap((node) =>
        Array.from({ length: 3 }, () =>
          fetch(`${node.url}/api/v1/contacts/list`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: '{}',
          }).then(
            (r) => r.status,
            (err: Error) => `cut: ${String(err.cause ?? err)}`,
          ),
        ),
      );
    // three kept-alive connections to each node first: the requests below go out on them at
    // once (on new ones, a busy machine could still be connecting when the listener closes)
    expect(await Promise.all(fire())).toEqual(Array.from({ length: 6 }, () => 200));
    const answers = fire();
    await new Promise((r) => setTimeout(r, 20));
    const t0 = Date.now();
    const live = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    const codes = await Promise.all(live.map((n) => stopNode(n, 'SIGTERM')));
    // before, a connection busy at SIGTERM held the close for the keep-alive timeout (72 s)
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(codes).toEqual(live.map(() => 0));
    for (const status of await Promise.all(answers)) expect([200, 503]).toContain(status);
    for (const node of live) expect(node.output.join('')).not.toMatch(/terminating connection|Connection terminated|job queue error/);
  }, 30_000);
});
