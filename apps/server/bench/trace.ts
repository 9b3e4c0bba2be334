import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';

// Per-request breakdown for BENCH_TRACE=1: the time between Fastify's lifecycle hooks and
// every statement a request sends to PostgreSQL, with its text. Loaded into the bench server
// only; it changes nothing in the server's code.

type Statement = { text: string; ms: number };
type Sample = { marks: Record<string, number>; statements: Statement[] };

const STAGES = [
  ['onRequest', 'preParsing', 'authentication (JWT, user) and content type'],
  ['preParsing', 'preValidation', 'body read and JSON parse'],
  ['preValidation', 'preHandler', 'text guard and zod validation of the input'],
  ['preHandler', 'preSerialization', 'handler: transaction, statements, service code'],
  ['preSerialization', 'onSend', 'response serialisation'],
  ['onSend', 'onResponse', 'writing the response'],
] as const;

const als = new AsyncLocalStorage<Sample>();
let samples: Sample[] = [];
const now = () => Number(process.hrtime.bigint()) / 1e6;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 137)}…` : flat;
}

export function installTrace(app: FastifyInstance): void {
  type QueryFn = (...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const sample = als.getStore();
    if (!sample) return original.apply(this, args);
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const t0 = now();
    const done = () => sample.statements.push({ text: shorten(text), ms: now() - t0 });
    const cbAt = args.findIndex((a) => typeof a === 'function');
    if (cbAt >= 0) {
      const cb = args[cbAt] as (...r: unknown[]) => void;
      args[cbAt] = (...r: unknown[]) => {
        done();
        cb(...r);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  };
  const byRequest = new WeakMap<FastifyRequest, Sample>();
  const mark = (name: string) => async (request: FastifyRequest) => {
    const sample = byRequest.get(request);
    if (sample) sample.marks[name] = now();
  };
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/')) return;
    const sample: Sample = { marks: { onRequest: now() }, statements: [] };
    byRequest.set(request, sample);
    als.enterWith(sample);
  });
  for (const name of ['preParsing', 'preValidation', 'preHandler', 'onSend'] as const) app.addHook(name, mark(name));
  app.addHook('preSerialization', async (request, _reply, payload) => {
    await mark('preSerialization')(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const sample = byRequest.get(request);
    if (!sample) return;
    sample.marks.onResponse = now();
    samples.push(sample);
  });
}

const median = (list: number[]) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export function resetTrace(): void {
  samples = [];
}

// Medians over the samples since the last reset: each stage, then each statement in order.
export function traceReport(): string {
  if (samples.length === 0) return '(no samples)';
  const lines: string[] = [`${samples.length} requests, median ms`, '', '| stage | ms |', '|---|---|'];
  for (const [from, to, label] of STAGES) {
    const d = samples.map((s) => (s.marks[to] ?? Number.NaN) - (s.marks[from] ?? Number.NaN)).filter((v) => Number.isFinite(v));
    if (d.length > 0) lines.push(`| ${label} | ${median(d).toFixed(3)} |`);
  }
  const total = samples.map((s) => (s.marks.onResponse ?? 0) - (s.marks.onRequest ?? 0));
  lines.push(`| **total in the server** (onRequest → onResponse) | ${median(total).toFixed(3)} |`);
  const dbTotal = samples.map((s) => s.statements.reduce((a, b) => a + b.ms, 0));
  lines.push(`| of which waiting on PostgreSQL (all round trips) | ${median(dbTotal).toFixed(3)} |`);
  const count = median(samples.map((s) => s.statements.length));
  lines.push('', `${count} round trips per request:`, '', '| # | statement | ms |', '|---|---|---|');
  for (let i = 0; i < count; i++) {
    const at = samples.map((s) => s.statements[i]).filter((x): x is Statement => x !== undefined);
    lines.push(`| ${i + 1} | \`${(at[0]?.text ?? '').replace(/\|/g, '\\|')}\` | ${median(at.map((x) => x.ms)).toFixed(3)} |`);
  }
  return lines.join('\n');
}
