// The deployment check of .ci/run: starts the built server exactly as the README says and uses it
// as a person and a client would, then stops it with SIGTERM.
//
//   node --import tsx apps/server/test/deploy-check.ts embedded
//     `npm start` on the embedded defaults (its own PostgreSQL, identity provider, outbox)
//   node --import tsx apps/server/test/deploy-check.ts external postgres://…
//     README "Several processes": two `ATRIUM_ROLE=api` nodes and one `ATRIUM_ROLE=worker` on that
//     PostgreSQL (a fresh database is made for the check and dropped after it)
//
// Each node must become ready; a user signs up, confirms the mail from the local mailbox, signs in
// and makes a workspace; one signed-in request goes through each API node, an import queued on
// one API node is run by the worker; then every node's process group gets a signal while requests
// are in flight — the embedded one SIGINT, as Ctrl-C in a terminal, the others SIGTERM, as a
// service manager: each request must answer in full (no cut connection), each process must exit
// with 0 and log nothing of a cut database connection. Exits 1 with the reason on the first failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../src/platform/config';
import { freePort } from '../src/platform/free-port';
import { formAction, TestBrowser } from './test-browser';

type Node = { name: string; url: string; child: ChildProcess; output: string[] };

const CUT = /terminating connection|Connection terminated|job queue error|ECONNRESET/i;
// the embedded defaults, whatever the shell has set
const INHERITED = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SMTP_URL', 'ATRIUM_ROLE'].includes(key),
  ),
);
const nodes: Node[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-deploy-'));
chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in

function fail(message: string): never {
  for (const node of nodes) process.stderr.write(`--- ${node.name}\n${node.output.join('').slice(-4000)}\n`);
  throw new Error(message);
}

function check(ok: unknown, message: string): void {
  if (!ok) fail(message);
}

// A command as the README gives it, in its own process group (a terminal's or a service
// manager's signal reaches npm and the node process it started, as here).
async function startNode(name: string, command: string[], env: NodeJS.ProcessEnv, port: number): Promise<Node> {
  const [file = '', ...args] = command;
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    env: { ...INHERITED, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const node: Node = { name, url: `http://127.0.0.1:${port}`, child, output: [] };
  child.stdout?.on('data', (d: Buffer) => node.output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => node.output.push(d.toString()));
  nodes.push(node);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`${name} exited with ${child.exitCode} before it was ready`);
    if (
      await fetch(`${node.url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      console.log(`${name}: ready at ${node.url}`);
      return node;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${name} did not become ready within 180 s`);
}

// Sign-up, then the confirmation mail from the local mailbox, which signs in: the session's access token.
async function signIn(publicUrl: string): Promise<string> {
  const browser = new TestBrowser();
  const email = `deploy-${Date.now()}@example.com`;
  const password = 'deployment check 2026';
  const signUp = await browser.get(`${publicUrl}/auth/signup`);
  check(signUp.status === 200, `sign-up page answered ${signUp.status}`);
  const signedUp = await browser.post(formAction(signUp), { name: 'Deploy Check', email, password });
  check(signedUp.text.includes('Check your mailbox'), `sign-up did not ask to check the mailbox: ${signedUp.status}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const mailbox = await browser.get(`${publicUrl}/mailbox`);
    const id = new RegExp(`<td>${email.replace(/[.]/g, '\\.')}</td><td><a href="/mailbox/([0-9a-f-]+)"`).exec(mailbox.text)?.[1];
    if (id) link = /https?:\/\/[^\s"<]+\/idp\/verify-token\?[^\s"<]+/.exec((await browser.get(`${publicUrl}/mailbox/${id}`)).text)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  check(link, 'no confirmation mail in the local mailbox');
  // the confirmation signs this browser in and lands on the app
  const verified = await browser.get(link!.replaceAll('&amp;', '&'));
  check(verified.status === 200, `the confirmation link answered ${verified.status}`);
  const session = JSON.parse((await browser.get(`${publicUrl}/auth/session`)).text) as { accessToken: string | null };
  check(session.accessToken, 'signed in, but the session holds no access token');
  console.log(`signed in as ${email}`);
  return session.accessToken!;
}

async function api<T>(node: Node, headers: Record<string, string>, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  check(res.ok, `${method} ${url} on ${node.name} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

// A signal to the node's process group while requests are in flight (SIGTERM from a service
// manager, SIGINT from a terminal's Ctrl-C): each request answers in full, the process ends with 0.
async function stopWithRequestsInFlight(
  node: Node,
  headers: Record<string, string>,
  signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM',
): Promise<void> {
  const exited = new Promise<number | null>((resolve) => node.child.once('exit', (code) => resolve(code)));
  const inFlight = headers.authorization
    ? Array.from({ length: 4 }, () =>
        fetch(`${node.url}/api/v1/contacts/list`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        }).then(
          async (r) => ({ status: r.status, body: await r.text() }),
          (err: Error) => ({ status: 0, body: String(err.cause ?? err) }),
        ),
      )
    : [];
  await new Promise((r) => setTimeout(r, 20));
  process.kill(-node.child.pid!, signal);
  for (const answer of await Promise.all(inFlight))
    check(answer.status === 200 || answer.status === 503, `a request in flight at ${signal} on ${node.name} was cut: ${answer.body}`);
  // unref'd: a pending timer would keep this check alive a minute after it has finished
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000).unref())]);
  check(code === 0, `${node.name} ended with ${code} after ${signal}`);
  const output = node.output.join('');
  check(output.includes('shutting down'), `${node.name} did not log its shutdown`);
  check(!CUT.test(output), `${node.name} logged a cut connection or an error: ${CUT.exec(output)?.[0]}`);
  console.log(`${node.name}: exited with 0 after ${signal}, no cut connection`);
}

async function embedded(): Promise<void> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PUBLIC_URL: publicUrl, EMBEDDED_PG_PORT: String(await freePort()) };
  const node = await startNode('npm start', ['npm', 'start'], env, port);
  const token = await signIn(publicUrl);
  const auth = { authorization: `Bearer ${token}` };
  const tenant = await api<{ id: string }>(node, auth, 'POST', '/api/v1/admin/tenants', { name: 'Deploy', slug: `deploy-${Date.now()}` });
  const headers = { ...auth, 'x-tenant-id': tenant.id };
  const contact = await api<{ id: string }>(node, headers, 'POST', '/api/v1/contacts', { firstName: 'Embedded' });
  await api(node, headers, 'GET', `/api/v1/contacts/${contact.id}`);
  // as a person stops it in the terminal: Ctrl-C, which reaches the whole foreground group
  await stopWithRequestsInFlight(node, headers, 'SIGINT');
}

async function external(adminUrl: string): Promise<void> {
  const dbName = `atrium_deploy_${Date.now()}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    // README: build once, then each node runs the built server with its role
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      SESSION_SECRET: 'deployment-check-session-secret-0123456789',
    };
    const main = [process.execPath, 'apps/server/dist/main.js'];
    // the first node applies the migrations; the others start on a migrated database
    const api1 = await startNode('api-1', main, { ...env, ATRIUM_ROLE: 'api' }, ports[0]!);
    const [api2, worker] = await Promise.all([
      startNode('api-2', main, { ...env, ATRIUM_ROLE: 'api' }, ports[1]!),
      startNode('worker', main, { ...env, ATRIUM_ROLE: 'worker' }, ports[2]!),
    ]);
    const token = await signIn(publicUrl);
    const auth = { authorization: `Bearer ${token}` };
    const tenant = await api<{ id: string }>(api1, auth, 'POST', '/api/v1/admin/tenants', { name: 'Deploy', slug: `deploy-${Date.now()}` });
    const headers = { ...auth, 'x-tenant-id': tenant.id };
    const contact = await api<{ id: string }>(api1, headers, 'POST', '/api/v1/contacts', { firstName: 'Through api-1' });
    await api(api2, headers, 'GET', `/api/v1/contacts/${contact.id}`);
    console.log('one signed-in request through each API node');

    // a job queued on an API node runs on the worker
    const form = new FormData();
    form.append('file', new Blob(['First name,E-mail\nQueued,queued@example.com\n'], { type: 'text/csv' }), 'deploy.csv');
    const uploaded = await fetch(`${api1.url}/api/v1/core/imports/upload?entityKind=Contact`, { method: 'POST', headers, body: form });
    check(uploaded.status === 201, `the upload answered ${uploaded.status}`);
    const run = await api<{ job: { id: string } }>(
      api2,
      headers,
      'POST',
      `/api/v1/core/imports/${((await uploaded.json()) as { id: string }).id}/run`,
    );
    let status = '';
    for (let i = 0; i < 300 && status !== 'succeeded'; i++) {
      status = (await api<{ status: string }>(api1, headers, 'GET', `/api/v1/core/jobs/${run.job.id}`)).status;
      check(status !== 'failed', 'the import job failed');
      if (status !== 'succeeded') await new Promise((r) => setTimeout(r, 100));
    }
    check(status === 'succeeded', `the worker did not finish the import (status ${status})`);
    console.log('an import queued through api-2 ran on the worker');

    await Promise.all([
      stopWithRequestsInFlight(api1, headers),
      stopWithRequestsInFlight(api2, headers),
      stopWithRequestsInFlight(worker, {}),
    ]);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

const [mode, databaseUrl] = process.argv.slice(2);
let failure: string | undefined;
try {
  if (mode === 'embedded') await embedded();
  else if (mode === 'external' && databaseUrl) await external(databaseUrl);
  else throw new Error('usage: deploy-check.ts embedded | external <postgres url>');
  console.log(`deployment check (${mode}): passed`);
} catch (err) {
  failure = err instanceof Error ? err.message : String(err);
  console.error(`deployment check (${mode}): FAILED — ${failure}`);
  process.exitCode = 1;
} finally {
  for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) process.kill(-node.child.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
// .ci/run counts each check as one test (scripts/ci-totals.mjs)
if (process.env.ATRIUM_REPORT_DIR)
  writeFileSync(
    path.join(process.env.ATRIUM_REPORT_DIR, `deploy-${mode}.json`),
    JSON.stringify({ name: `deployment check (${mode})`, passed: failure ? 0 : 1, failed: failure ? 1 : 0, failure }),
  );
