import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/platform/router';
import { createTestApp, type Client, type TestApp, type TestUser } from '../harness';
import { databaseFingerprint } from './fingerprint';

// For every OpenAPI operation, generated bad requests answer 4xx problem+json, never 5xx,
// and leave the database as it was.
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  maxLength?: number;
  format?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 100_000, public: 100_000 } });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  doc = (await t.client().get('/api/docs/json')).body;
});
afterAll(async () => t.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const typeOf = (s: JsonSchema): string | undefined =>
  (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type) ?? s.anyOf?.map(typeOf).find(Boolean);

function wrongValue(s: JsonSchema): unknown {
  switch (typeOf(s)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 42;
    default:
      return undefined;
  }
}

function badBodies(schema: JsonSchema, example: unknown): { label: string; payload: string }[] {
  const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  const out: { label: string; payload: string }[] = [
    { label: 'malformed JSON', payload: '{"broken": ' },
    { label: 'not an object', payload: '"just a string"' },
  ];
  if (typeOf(schema) !== 'object') return out;
  if ((schema.required ?? []).length > 0) out.push({ label: 'missing required fields', payload: '{}' });
  if (schema.additionalProperties === false) out.push({ label: 'unknown field', payload: JSON.stringify({ ...base, zzUnknownField: 1 }) });
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const wrong = wrongValue(prop);
    if (wrong !== undefined) out.push({ label: `wrong type for ${name}`, payload: JSON.stringify({ ...base, [name]: wrong }) });
    if (typeOf(prop) === 'string' && !prop.format?.startsWith('date') && prop.anyOf === undefined) {
      const len = prop.maxLength !== undefined ? prop.maxLength + 1 : 1_100_000;
      out.push({ label: `oversize ${name}`, payload: JSON.stringify({ ...base, [name]: 'x'.repeat(len) }) });
    }
  }
  return out;
}

function clientFor(route: RegisteredRoute): Client {
  if (route.access.kind === 'tenant') return t.client(owner, tenant.id);
  if (route.access.kind === 'user') return t.client(owner);
  return t.client();
}

describe('contract: bad requests on every operation', () => {
  it('every OpenAPI operation is a registered route and vice versa', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const registered = t.app.atrium.routes.map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('answers 4xx problem+json, never 5xx, and changes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.atrium.routes) {
      const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue;
      const client = clientFor(route);
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const goodUrl = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const cases: { label: string; url: string; payload?: string; contentType?: string }[] = [];
      for (const p of params) {
        cases.push({
          label: `bad path param ${p.name}`,
          url: route.url
            .replace(`:${p.name}`, 'not%20a%20valid%20id%20' + 'x'.repeat(250))
            .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
        });
      }
      for (const q of (op.parameters ?? []).filter((p) => p.in === 'query')) {
        const wrong = wrongValue(q.schema);
        if (typeOf(q.schema) !== 'string' && wrong !== undefined)
          cases.push({ label: `bad query ${q.name}`, url: `${goodUrl}?${q.name}=${encodeURIComponent(String(wrong))}` });
        if (q.required) cases.push({ label: `missing query ${q.name}`, url: goodUrl });
      }
      const json = op.requestBody?.content['application/json']?.schema;
      if (json)
        for (const b of badBodies(json, route.example))
          cases.push({ label: b.label, url: goodUrl, payload: b.payload, contentType: 'application/json' });
      for (const c of cases) {
        const before = await databaseFingerprint(t);
        const res = await client.raw({
          method: route.method,
          url: c.url,
          ...(c.payload !== undefined ? { payload: c.payload, headers: { 'content-type': c.contentType ?? 'application/json' } } : {}),
        });
        sent += 1;
        const where = `${route.method} ${route.url} (${c.label})`;
        if (res.status >= 500) failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
        else if (res.status < 400) failures.push(`${where}: accepted with ${res.status}`);
        else {
          if (!String(res.headers['content-type']).includes('application/problem+json')) failures.push(`${where}: not problem+json`);
          if ((await databaseFingerprint(t)) !== before) failures.push(`${where}: changed the database`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(20);
  }, 240_000);
});
