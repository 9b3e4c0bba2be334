import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/platform/router';
import { createTestApp, type Client, type TestApp, type TestUser } from '../harness';
import { seedRecords } from './examples';

// The contract fuzz: requests generated from the served OpenAPI document, for every operation,
// as a signed-in member (the workspace's admin, so that every permission check lets the request
// through to its handler). fast-check draws the seeds and how each request is made (a real record
// id or a random one in the path, the record's current ETag or a stale one); json-schema-faker
// turns each documented schema into a value that is valid by it. For every answer:
// - never a 5xx;
// - its status is one the operation documents, with a documented media type;
// - a JSON body is valid against the schema documented for that status (ajv, JSON Schema 2020-12);
// - a 400 is never the server's own schema refusing a request the document allows (the route's
//   zod schemas parse the same path, query, headers and body), so the document is never looser
//   than the server.
// CONTRACT_FUZZ_RUNS sets the requests per operation (CI budget: 12 ≈ 8,200 requests);
// CONTRACT_FUZZ_SEED repeats a run.
const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 12);
const SEED = process.env.CONTRACT_FUZZ_SEED ? Number(process.env.CONTRACT_FUZZ_SEED) : undefined;

type Json = Record<string, any>;
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Json };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
};
type Sent = { params: Record<string, string>; query: Record<string, string | string[]>; headers: Record<string, string>; body: unknown };

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let client: Client;
let doc: { paths: Record<string, Record<string, Operation>> };
let recordIds: string[];
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, validateFormats: true }));
const validators = new Map<Json, ReturnType<typeof ajv.compile>>();

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1_000_000, public: 1_000_000 } });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  client = t.client(owner, tenant.id);
  doc = (await t.client().get('/api/docs/json')).body;
  recordIds = [...(await seedRecords(t, client)).values()];
}, 120_000);
afterAll(async () => t?.close());

// Operations that end what the rest of the run needs: the owner's account and workspace, the
// session. They are fuzzed too, last, on a record id that is never the workspace's own.
const ENDS_THE_RUN = new Set(['DELETE /api/v1/admin/tenants/{id}', 'DELETE /api/v1/core/profile']);

// Arrays are drawn with at most 8 items, except on one seed in 12, which draws up to the
// schema's own maxItems: generating arrays of up to 200 or 1,000 objects was most of the run's
// time (60 of 100 s), for what their first items already reach.
const WIDE_EVERY = 12;
const fake = (schema: Json, seed: number, wide: boolean): unknown =>
  generateSync(schema as never, { seed, maxDefaultItems: 3, optionalsProbability: 0.6, ...(wide ? {} : { maxItems: 8 }) });
const valid = (schema: Json, value: unknown): boolean => {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = ajv.compile(schema)));
  return v(value) as boolean;
};
const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const mediaType = (header: string | string[] | undefined) =>
  String(header ?? '')
    .split(';')[0]!
    .trim();

function routeOf(method: string, path: string): RegisteredRoute | undefined {
  return t.app.atrium.routes.find((r) => r.method === method && r.url.replace(/:([A-Za-z]+)/g, '{$1}') === path);
}

// One request of an operation: each parameter and the body drawn from its documented schema.
function draw(op: Operation, seed: number, realId: boolean): Sent {
  const sent: Sent = { params: {}, query: {}, headers: {}, body: undefined };
  const wide = seed % WIDE_EVERY === 0;
  let n = seed;
  for (const p of op.parameters ?? []) {
    n += 1;
    if (p.in === 'header' && p.name.toLowerCase() === 'x-tenant-id') continue;
    if (!p.required && n % 3 === 0) continue;
    const value = fake(p.schema, n, wide);
    if (p.in === 'path') {
      const isId = p.schema.format === 'uuid';
      sent.params[p.name] = isId && realId && recordIds.length ? recordIds[n % recordIds.length]! : asText(value);
    } else if (p.in === 'query') sent.query[p.name] = Array.isArray(value) ? value.map(asText) : asText(value);
    else sent.headers[p.name.toLowerCase()] = asText(value);
  }
  const content = op.requestBody?.content;
  if (content) {
    const [type, media] = Object.entries(content)[0]!;
    if (type !== 'multipart/form-data') {
      sent.headers['content-type'] = type;
      sent.body = fake(media.schema, seed + 1000, wide);
    }
  }
  return sent;
}

// What the server's own schemas refuse of the same request that the document does not state
// (undefined: nothing). A rule across fields that JSON Schema cannot say (one value given when
// another is on, each event once) is stated in the body schema's description by its code, as
// `code`, and the problem names the field and that code.
function unstatedRefusal(route: RegisteredRoute, op: Operation, sent: Sent): string | undefined {
  const described = String(Object.values(op.requestBody?.content ?? {})[0]?.schema.description ?? '');
  const parts: [string, unknown][] = [
    ['params', sent.params],
    ['query', sent.query],
    ['body', sent.body],
  ];
  for (const [part, value] of parts) {
    const schema = route.schemas[part as 'params' | 'query' | 'body'];
    if (!schema || (part === 'body' && route.consumes.includes('multipart/form-data'))) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) continue;
    const unstated = parsed.error.issues.filter((i) => !(part === 'body' && i.code === 'custom' && described.includes(`\`${i.message}\``)));
    if (unstated.length) return `${part}: ${unstated.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  }
  return undefined;
}

async function probe(
  method: string,
  path: string,
  op: Operation,
  seed: number,
  realId: boolean,
  currentEtag: boolean,
): Promise<string | undefined> {
  const route = routeOf(method.toUpperCase(), path);
  if (!route) return 'no route serves this operation';
  const sent = draw(op, seed, realId);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sent.params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(sent.query)) for (const item of [v].flat()) search.append(k, item);
  const target = `${url}${search.size ? `?${search}` : ''}`;
  // a real record's current version, so that a change reaches its validation
  if (currentEtag && route.ifMatch && realId) {
    const current = await client.get(url);
    const etag = current.headers.etag;
    if (typeof etag === 'string') sent.headers['if-match'] = etag;
  }
  const payload = sent.body === undefined ? undefined : JSON.stringify(sent.body);
  const res = await client.raw({
    method: method.toUpperCase(),
    url: target,
    headers: sent.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const said = `${method.toUpperCase()} ${target} → ${res.status}`;
  if (res.status >= 500) return `${said}: a 5xx (${res.text.slice(0, 200)})`;
  const documented = op.responses[String(res.status)];
  if (!documented) return `${said}: status not documented (${Object.keys(op.responses).join(', ')}): ${res.text.slice(0, 200)}`;
  const type = mediaType(res.headers['content-type']);
  if (res.text.length > 0 && res.status !== 304) {
    const media = documented.content?.[type];
    if (!media) return `${said}: answered ${type}, documented ${Object.keys(documented.content ?? {}).join(', ') || 'no body'}`;
    if (media.schema && type.endsWith('json') && !valid(media.schema, JSON.parse(res.text)))
      return `${said}: body not valid by the documented schema: ${ajv.errorsText(validators.get(media.schema)?.errors)} in ${res.text.slice(0, 300)}`;
  }
  if (res.status === 400) {
    const refusal = unstatedRefusal(route, op, sent);
    if (refusal)
      return `${said}: the server's schema refuses what the document allows — ${refusal}; sent ${JSON.stringify(sent).slice(0, 400)}`;
  }
  return undefined;
}

describe('the contract fuzz', () => {
  it('every operation, on requests generated from its documented schemas: no 5xx, only documented statuses and bodies, no refusal the document does not state', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op, where: `${method.toUpperCase()} ${path}` })))
      .sort((a, b) => Number(ENDS_THE_RUN.has(a.where)) - Number(ENDS_THE_RUN.has(b.where)));
    const failures: string[] = [];
    let requests = 0;
    for (const { path, method, op, where } of operations) {
      const outcome = await fc.check(
        fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 30 }), fc.boolean(), fc.boolean(), async (seed, realId, currentEtag) => {
          requests += 1;
          const problem = await probe(method, path, op, seed, realId && !ENDS_THE_RUN.has(where), currentEtag);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (outcome.failed)
        failures.push(`${where}: ${(outcome.errorInstance as Error | undefined)?.message ?? 'failed'} (fast-check seed ${outcome.seed})`);
    }
    console.log(`contract fuzz: ${operations.length} operations, ${requests} requests, ${failures.length} failing`);
    expect(failures).toEqual([]);
  }, 600_000);
});
