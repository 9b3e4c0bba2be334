import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';

// The AI prompt against a local OpenAI-compatible server on loopback: streaming, cancel, an
// upstream error, a timeout, and the record context holding only what the caller may read.
type Mode = 'stream' | 'endless' | 'error' | 'hang' | 'stall';
let mode: Mode = 'stream';
const requests: { auth: string | undefined; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] =
  [];
let upstreamClosedEarly = 0;
let upstream: http.Server;

let t: TestApp;
let base: string;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

function fakeOpenAi(): http.Server {
  return http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      const chunk = (text: string) => res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`);
      let finished = false;
      res.on('finish', () => (finished = true));
      res.on('close', () => {
        if (!finished) upstreamClosedEarly += 1;
      });
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      if (mode === 'hang') return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (mode === 'stream') {
        const parts = ['Dear ', 'Ada, ', 'thank you.'];
        let i = 0;
        const next = () => {
          const p = parts[i++];
          if (p === undefined) return void res.end('data: [DONE]\n\n');
          chunk(p);
          setTimeout(next, 20);
        };
        next();
      } else if (mode === 'stall') {
        chunk('Half a ');
      } else {
        // endless: a piece every 50 ms until the client goes away
        const timer = setInterval(() => chunk('more '), 50);
        res.on('close', () => clearInterval(timer));
      }
    });
  });
}

type Event = { event: string; data: Record<string, unknown> };
async function readEvents(res: Response, stopAfter?: number): Promise<Event[]> {
  const events: Event[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
      events.push({ event, data });
      if (stopAfter !== undefined && events.length >= stopAfter) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

async function prompt(user: TestUser, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/api/v1/core/ai/prompt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await t.tokenFor(user)}`, 'x-tenant-id': tenant.id, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

let contactId: string;

beforeAll(async () => {
  upstream = fakeOpenAi();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  const port = (upstream.address() as AddressInfo).port;
  t = await createTestApp(
    {},
    { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'test-model', AI_API_KEY: 'sk-test', AI_TIMEOUT_SECONDS: '1' },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await t.createUser({ name: 'Olivia Owner' });
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
  await c.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [
      { kind: 'singleLine', label: 'Tier', key: 'tier' },
      { kind: 'singleLine', label: 'Salary', key: 'salary', restricted: true },
    ],
  });
  const contact = await c.post('/api/v1/contacts', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    customFields: { tier: 'Gold', salary: 'SECRET-SALARY-123' },
  });
  contactId = contact.body.id;
  await c.post('/api/v1/core/notes', { entityKind: 'Contact', entityId: contactId, body: '<p>Asked for a <b>discount</b></p>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('AI prompt', () => {
  it('says whether AI is configured', async () => {
    expect((await c.get('/api/v1/core/ai')).body).toEqual({ configured: true, model: 'test-model' });
  });

  it('streams the answer as server-sent events, with the record and its notes as context', async () => {
    mode = 'stream';
    const res = await prompt(owner, { task: 'draftEmail', entityKind: 'Contact', entityId: contactId, prompt: 'Offer 10 %' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Dear ' } },
      { event: 'delta', data: { text: 'Ada, ' } },
      { event: 'delta', data: { text: 'thank you.' } },
      { event: 'done', data: {} },
    ]);
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true });
    const context = sent.body.messages.map((m) => m.content).join('\n');
    expect(context).toContain('Ada Lovelace');
    expect(context).toContain('ada@example.com');
    expect(context).toContain('Tier: Gold');
    expect(context).toContain('Asked for a discount');
    expect(context).toContain('Offer 10 %');
    expect(context).toContain('SECRET-SALARY-123');
  });

  it('leaves restricted fields out of the context for a member who may not read them', async () => {
    mode = 'stream';
    const member = await t.addMember(tenant.id, 'Member');
    const res = await prompt(member, { task: 'summarise', entityKind: 'Contact', entityId: contactId });
    expect(res.status).toBe(200);
    await readEvents(res);
    const context = requests
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join('\n');
    expect(context).toContain('Tier: Gold');
    expect(context).not.toContain('SECRET-SALARY-123');
  });

  it('stops the upstream call when the client aborts', async () => {
    mode = 'endless';
    const before = upstreamClosedEarly;
    const abort = new AbortController();
    const res = await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: contactId }, abort.signal);
    expect(res.status).toBe(200);
    const first = await readEvents(res, 2);
    expect(first.map((e) => e.event)).toEqual(['delta', 'delta']);
    abort.abort();
    expect(await until(() => upstreamClosedEarly > before)).toBe(true);
  });

  it('answers an upstream error as a problem with the AI response code', async () => {
    mode = 'error';
    const res = await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: contactId });
    expect(res.status).toBe(502);
    const problem = (await res.json()) as { code: string; detail?: string; title: string };
    expect(problem.code).toBe('aiResponseFailed');
    expect(JSON.stringify(problem)).toContain('model overloaded');
  });

  it('times out when upstream does not answer, and when it stops in the middle of an answer', async () => {
    mode = 'hang';
    const started = Date.now();
    const res = await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: contactId });
    expect(res.status).toBe(504);
    expect(((await res.json()) as { code: string }).code).toBe('aiResponseFailed');
    expect(Date.now() - started).toBeLessThan(5000);

    mode = 'stall';
    const stalled = await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: contactId });
    expect(stalled.status).toBe(200);
    const events = await readEvents(stalled);
    expect(events[0]).toEqual({ event: 'delta', data: { text: 'Half a ' } });
    expect(events[1]).toMatchObject({ event: 'error', data: { code: 'aiResponseFailed' } });
  });

  it('needs the AI permission, a known record and a task; says clearly when AI is not configured', async () => {
    mode = 'stream';
    const viewer = await t.addMemberWith(tenant.id, ['Contact.ViewContacts']);
    expect((await prompt(viewer, { task: 'summarise', entityKind: 'Contact', entityId: contactId })).status).toBe(403);
    expect(
      (await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    const bad = await prompt(owner, { task: 'ask', entityKind: 'Contact', entityId: contactId });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string; code: string }[] }).errors[0]).toMatchObject({
      field: 'prompt',
      code: 'required',
    });

    const saved = t.config.ai;
    t.config.ai = undefined;
    try {
      expect((await c.get('/api/v1/core/ai')).body).toEqual({ configured: false, model: null });
      const off = await prompt(owner, { task: 'summarise', entityKind: 'Contact', entityId: contactId });
      expect(off.status).toBe(503);
      expect(((await off.json()) as { code: string }).code).toBe('aiNotConfigured');
      // nothing else minds: the record still reads
      expect((await c.get(`/api/v1/contacts/${contactId}`)).status).toBe(200);
    } finally {
      t.config.ai = saved;
    }
  });
});
