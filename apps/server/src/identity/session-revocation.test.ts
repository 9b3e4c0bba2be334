import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../platform/config';
import { firstLink, formAction, freePort, startTestServer, TestBrowser, type TestServer } from '../../test/server-harness';

// Issue 25 §3.1: sign-out revokes the session and every access token issued under it, at once,
// on every node. Two nodes behind one public address on one database: this process (node A,
// which runs the sign-in and sign-out) and a child process (node B, an API node of its own,
// with its own caches: it learns of the sign-out only from the database).
let a: TestServer;
let nodeB: { url: string; child: ChildProcess; output: string[] };
let dataDir: string;
const PASSWORD = 'correct horse battery';
const aborts: AbortController[] = [];

beforeAll(async () => {
  a = await startTestServer({ TRUST_PROXY: 'loopback' });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-node-b-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'test/runtime-node.ts')], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ATRIUM_ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: a.url,
      DATABASE_URL: a.config.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nodeB = { url: `http://127.0.0.1:${port}`, child, output: [] };
  child.stdout?.on('data', (d: Buffer) => nodeB.output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => nodeB.output.push(d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node B exited: ${nodeB.output.join('')}`);
    if (
      await fetch(`${nodeB.url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`node B did not start: ${nodeB.output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 90_000);

afterAll(async () => {
  for (const c of aborts) c.abort();
  if (nodeB?.child.exitCode === null) {
    const exited = new Promise((r) => nodeB.child.once('exit', r));
    nodeB.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await a?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
async function signedUpUser(): Promise<string> {
  const email = `revoke${++counter}-${Date.now()}@example.com`;
  const browser = new TestBrowser();
  const page = await browser.get(`${a.url}/auth/signup`);
  await browser.post(formAction(page), { name: 'Rita Revoked', email, password: PASSWORD });
  const [mail] = await a.sql<{ text: string }>(`select text from mail_outbox where "to" = $1 order by created_at desc limit 1`, [email]);
  // confirmed without following on to the sign-in it starts: the tests sign in by password
  expect((await browser.get(firstLink(mail?.text ?? ''), false)).status).toBe(303);
  return email;
}

async function signIn(email: string): Promise<{ browser: TestBrowser; token: string }> {
  const browser = new TestBrowser();
  const page = await browser.get(`${a.url}/auth/signin`);
  await browser.post(formAction(page), { email, password: PASSWORD });
  const session = JSON.parse((await browser.get(`${a.url}/auth/session`)).text) as { accessToken: string | null };
  expect(session.accessToken).toBeTruthy();
  return { browser, token: session.accessToken ?? '' };
}

// the provider asks to confirm; the session ends when the user says yes
async function signOut(browser: TestBrowser): Promise<void> {
  const confirm = await browser.request(`${a.url}/auth/signout`, { form: {}, headers: { origin: a.url } });
  expect(confirm.text).toContain('Sign out of Atrium?');
  const xsrf = confirm.text.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? '';
  const home = await browser.post(formAction(confirm), { xsrf, logout: 'yes' });
  expect(home.url).toBe(`${a.url}/?signedOut=1`);
}

type Call = { label: string; method: string; path: string; body?: unknown; tenant?: boolean };
// one call of each route family: user-level, tenant reads (twice: the second takes the
// one-message path of decision 082), a tenant write, the event ticket
const CALLS: Call[] = [
  { label: 'tenant list (user-level)', method: 'GET', path: '/api/v1/admin/tenants' },
  { label: 'profile (user-level)', method: 'GET', path: '/api/v1/core/profile' },
  { label: 'tenant read', method: 'POST', path: '/api/v1/contacts/list', body: {}, tenant: true },
  { label: 'tenant read again', method: 'POST', path: '/api/v1/contacts/list', body: {}, tenant: true },
  { label: 'tenant write', method: 'POST', path: '/api/v1/contacts', body: { firstName: 'Probe' }, tenant: true },
  { label: 'event ticket', method: 'POST', path: '/api/v1/core/events/ticket', body: {}, tenant: true },
];

async function call(base: string, token: string, tenantId: string, c: Call) {
  const res = await fetch(`${base}${c.path}`, {
    method: c.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(c.tenant ? { 'x-tenant-id': tenantId } : {}),
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(c.body !== undefined ? { body: JSON.stringify(c.body) } : {}),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

// An event stream that says when the server ended it.
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  aborts.push(controller);
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  let text = '';
  let ended = false;
  const reading = (async () => {
    if (res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body ?? []) text += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // aborted
    }
    ended = true;
  })();
  const deadline = Date.now() + 5000;
  while (res.status === 200 && !text.includes(': connected') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    ended: () => ended,
    waitEnded: (ms: number) => Promise.race([reading.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
  };
}

describe('sign-out revokes the session’s access tokens on every node', () => {
  it('the embedded provider’s access token names its session (sid), which the session row records, across refreshes', async () => {
    const email = await signedUpUser();
    const { browser, token } = await signIn(email);
    const sid = decodeJwt(token).sid;
    expect(typeof sid).toBe('string');
    const rows = await a.sql<{ sid: string | null }>(
      `select s.sid from identity.auth_sessions s join users u on u.id = s.user_id where u.email = $1`,
      [email],
    );
    expect(rows.map((r) => r.sid)).toEqual([sid]);
    // a refreshed token belongs to the same session
    await a.sql(`update identity.auth_sessions set data = jsonb_set(data, '{accessTokenExpires}', '0'::jsonb) where sid = $1`, [sid]);
    const refreshed = JSON.parse((await browser.get(`${a.url}/auth/session`)).text) as { accessToken: string };
    expect(refreshed.accessToken).not.toBe(token);
    expect(decodeJwt(refreshed.accessToken).sid).toBe(sid);
  });

  it('a token used after sign-out answers 401 with a problem document on every API route family, on both nodes; the session’s open streams close; another session goes on', async () => {
    const email = await signedUpUser();
    const first = await signIn(email);
    const second = await signIn(email);
    expect(decodeJwt(second.token).sid).not.toBe(decodeJwt(first.token).sid);

    const created = await fetch(`${a.url}/api/v1/admin/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Revocation', slug: `revocation-${Date.now()}` }),
    });
    expect(created.status).toBe(201);
    const tenantId = ((await created.json()) as { id: string }).id;

    // before: every call passes on both nodes (and each node has the user in its caches)
    for (const base of [a.url, nodeB.url]) {
      for (const c of CALLS) expect((await call(base, first.token, tenantId, c)).status, `${c.label} before`).toBeLessThan(300);
    }
    const ticket = JSON.parse((await call(a.url, first.token, tenantId, CALLS[5]!)).body) as { ticket: string };
    const streamA = await openStream(`${a.url}/events?ticket=${encodeURIComponent(ticket.ticket)}`, {});
    const streamB = await openStream(`${nodeB.url}/events`, { authorization: `Bearer ${first.token}`, 'x-tenant-id': tenantId });
    const otherStream = await openStream(`${nodeB.url}/events`, { authorization: `Bearer ${second.token}`, 'x-tenant-id': tenantId });
    expect([streamA.status, streamB.status, otherStream.status]).toEqual([200, 200, 200]);

    await signOut(first.browser);

    // at once: no waiting, on the node that signed out and on the other one
    for (const base of [a.url, nodeB.url]) {
      const node = base === a.url ? 'node A' : 'node B';
      for (const c of CALLS) {
        const res = await call(base, first.token, tenantId, c);
        expect(res.status, `${c.label} on ${node}`).toBe(401);
        expect(res.type, `${c.label} on ${node}`).toContain('application/problem+json');
      }
      const stream = await openStream(`${base}/events`, { authorization: `Bearer ${first.token}`, 'x-tenant-id': tenantId });
      expect(stream.status, `GET /events on ${node}`).toBe(401);
      expect(stream.type).toContain('application/problem+json');
    }
    // the ticket asked for with the signed-out token opens nothing any more
    const late = await openStream(`${nodeB.url}/events?ticket=${encodeURIComponent(ticket.ticket)}`, {});
    expect(late.status).toBe(401);

    // the streams the session had open are closed, on both nodes
    expect(await streamA.waitEnded(3000)).toBe(true);
    expect(await streamB.waitEnded(3000)).toBe(true);

    // the user's other session is untouched
    expect(otherStream.ended()).toBe(false);
    for (const base of [a.url, nodeB.url]) {
      for (const c of CALLS) expect((await call(base, second.token, tenantId, c)).status, `${c.label} other session`).toBeLessThan(300);
    }
  });
});
