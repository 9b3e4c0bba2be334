import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRegistry } from '../../src/platform/entity/entity-registry';
import type { RegisteredRoute } from '../../src/platform/router';
import { createTestApp, type Client, type Reply, type TestApp, type TestUser } from '../harness';
import { databaseFingerprint } from './fingerprint';

// For every operation of the route table, generated bad requests answer 4xx problem+json,
// never 5xx, and leave the database as it was. The generators read each operation's OpenAPI
// schemas, so a route added tomorrow is probed the same way.
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

// What must be refused (400 naming the field), and what must merely never break the server.
const UNSTORABLE = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'lone surrogate', value: 'a\ud800b' },
];
const BUILTIN_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype'];
const EXTREME_DATES = ['0000-01-01', '10000-01-01', '0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'];
const ZERO_ID = '00000000-0000-4000-8000-000000000000';
// custom fields every entity with custom fields gets for the probe, so dates reach `customFields`
const GUARD_FIELDS = [
  { kind: 'dateTime', label: 'Guard date', key: 'guardDate', dataType: 'date' },
  { kind: 'dateTime', label: 'Guard moment', key: 'guardMoment', dataType: 'dateTime' },
];

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 100_000, public: 100_000 } });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  doc = (await t.client().get('/api/docs/json')).body;
  // the Pro plans, so that every call (task custom fields, linked tasks, time logs) is reachable
  for (const [product, planSlug] of [
    ['Project', 'project-pro'],
    ['Helpdesk', 'helpdesk-pro'],
  ])
    await t.client(owner, tenant.id).put(`/api/v1/admin/subscriptions/${product}`, { planSlug });
  await ensureGuardFields();
});

async function ensureGuardFields(): Promise<void> {
  for (const ent of entityRegistry(t.app.atrium.router).values()) {
    if (!ent.definition.capabilities.customFields) continue;
    const res = await t.client(owner, tenant.id).put(`/api/v1/core/entity-fields?entity=${ent.definition.kind}`, { fields: GUARD_FIELDS });
    if (res.status !== 200) throw new Error(`guard fields for ${ent.definition.kind}: ${res.status} ${res.text}`);
  }
}
afterAll(async () => t.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const variants = (s: JsonSchema): JsonSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
const typeOf = (s: JsonSchema): string | undefined =>
  (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type) ?? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(typeOf).find(Boolean);
const objectVariant = (s: JsonSchema) => variants(s).find((v) => typeOf(v) === 'object' && v.anyOf === undefined);
const isDateFormat = (s: JsonSchema) => variants(s).some((v) => v.format === 'date' || v.format === 'date-time');

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

// A plausible value for a schema, for array items the example does not show.
function synthesize(s: JsonSchema): unknown {
  const v = variants(s).find((x) => x.const !== undefined || x.enum !== undefined);
  if (v) return v.const ?? v.enum?.[0];
  switch (typeOf(s)) {
    case 'string':
      return variants(s).some((x) => x.format === 'uuid') ? ZERO_ID : 'x';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const o = objectVariant(s);
      return Object.fromEntries((o?.required ?? []).map((k) => [k, synthesize(o?.properties?.[k] ?? {})]));
    }
    default:
      return null;
  }
}

type Path = (string | number)[];
type Leaf = { path: Path; schema: JsonSchema };

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
function setAt(base: unknown, path: Path, value: unknown): unknown {
  const root = clone(base) ?? {};
  let node = root as Record<string | number, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = path[i + 1];
      if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof next === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return root;
}
const getAt = (base: unknown, path: Path): unknown =>
  path.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Record<string | number, unknown>)[k] : undefined), base);

// Every string leaf, object with free keys and array of objects under a body schema.
function walk(schema: JsonSchema, value: unknown, path: Path, out: { strings: Leaf[]; records: Leaf[]; items: Leaf[] }, depth = 0) {
  if (depth > 6) return;
  const type = typeOf(schema);
  if (type === 'string' && path.length > 0) out.strings.push({ path, schema });
  const o = objectVariant(schema);
  if (o) {
    const free = o.additionalProperties !== undefined && o.additionalProperties !== false;
    if ((free || o.propertyNames) && path.length > 0) out.records.push({ path, schema: o });
    for (const [name, prop] of Object.entries(o.properties ?? {})) walk(prop, getAt(value, [name]), [...path, name], out, depth + 1);
  }
  const arr = variants(schema).find((v) => typeOf(v) === 'array' && v.items);
  if (arr?.items && typeOf(arr.items) === 'object') {
    out.items.push({ path, schema: arr.items });
    const first = Array.isArray(value) && value.length > 0 ? value[0] : synthesize(arr.items);
    walk(arr.items, first, [...path, 0], out, depth + 1);
  } else if (arr?.items && typeOf(arr.items) === 'string') {
    out.strings.push({ path: [...path, 0], schema: arr.items });
  }
}

type Case = {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  // 'refuse': 4xx required; 'survive': every status but 5xx; field: the 400 must name it
  expect: 'refuse' | 'survive';
  field?: string;
  status?: number;
};

function bodyCases(route: RegisteredRoute, schema: JsonSchema, url: string): Case[] {
  const example = route.example;
  const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  const json = (v: unknown) => JSON.stringify(v);
  const out: Case[] = [
    { label: 'malformed JSON', url, payload: '{"broken": ', expect: 'refuse' },
    { label: 'not an object', url, payload: '"just a string"', expect: 'refuse' },
  ];
  if (typeOf(schema) !== 'object') return out;
  const o = objectVariant(schema) ?? schema;
  if ((o.required ?? []).length > 0) out.push({ label: 'missing required fields', url, payload: '{}', expect: 'refuse' });
  if (o.additionalProperties === false)
    out.push({ label: 'unknown field', url, payload: json({ ...base, zzUnknownField: 1 }), expect: 'refuse' });
  for (const [name, prop] of Object.entries(o.properties ?? {})) {
    const wrong = wrongValue(prop);
    if (wrong !== undefined)
      out.push({ label: `wrong type for ${name}`, url, payload: json({ ...base, [name]: wrong }), expect: 'refuse' });
    if (typeOf(prop) === 'string' && !isDateFormat(prop) && prop.anyOf === undefined) {
      const len = prop.maxLength !== undefined ? prop.maxLength + 1 : 1_100_000;
      out.push({ label: `oversize ${name}`, url, payload: json({ ...base, [name]: 'x'.repeat(len) }), expect: 'refuse' });
    }
  }
  // built-in names as top-level keys: unknown (strict) or harmless, never a crash
  for (const key of BUILTIN_NAMES) {
    const payload = key === '__proto__' ? `{"__proto__": {"polluted": true}}` : json({ ...base, [key]: 'x' });
    out.push({ label: `key ${key}`, url, payload, expect: o.additionalProperties === false || key === '__proto__' ? 'refuse' : 'survive' });
  }
  const leaves = { strings: [] as Leaf[], records: [] as Leaf[], items: [] as Leaf[] };
  walk(schema, base, [], leaves);
  for (const leaf of leaves.strings) {
    const field = leaf.path.join('.');
    for (const bad of UNSTORABLE)
      out.push({ label: `${bad.label} in ${field}`, url, payload: json(setAt(base, leaf.path, bad.value)), expect: 'refuse', field });
    if (isDateFormat(leaf.schema))
      for (const date of EXTREME_DATES)
        out.push({ label: `date ${date} in ${field}`, url, payload: json(setAt(base, leaf.path, date)), expect: 'refuse', field });
  }
  // every string at once set to a built-in name or an extreme date: stored, refused, never a 500
  for (const value of [...BUILTIN_NAMES, ...EXTREME_DATES]) {
    let body: unknown = base;
    for (const leaf of leaves.strings)
      if (!variants(leaf.schema).some((v) => v.enum || v.format === 'uuid')) body = setAt(body, leaf.path, value);
    out.push({ label: `every text ${value}`, url, payload: json(body), expect: 'survive' });
  }
  for (const leaf of leaves.records) {
    const field = leaf.path.join('.');
    if (field === 'customFields')
      for (const date of EXTREME_DATES)
        for (const key of ['guardDate', 'guardMoment']) {
          const value = key === 'guardDate' ? date.slice(0, date.indexOf('-', 1) + 6) : date.includes('T') ? date : `${date}T00:00:00Z`;
          out.push({
            label: `date ${value} in ${field}.${key}`,
            url,
            payload: json(setAt(base, leaf.path, { [key]: value })),
            expect: 'refuse',
          });
        }
    for (const bad of UNSTORABLE)
      out.push({
        label: `${bad.label} in a key of ${field}`,
        url,
        payload: json(setAt(base, leaf.path, { [bad.value]: 'x' })),
        expect: 'refuse',
      });
    for (const key of BUILTIN_NAMES) {
      const payload =
        key === '__proto__'
          ? json(setAt(base, leaf.path, { placeholder: 'x' })).replace('"placeholder"', '"__proto__"')
          : json(setAt(base, leaf.path, { [key]: 'x' }));
      out.push({ label: `key ${key} in ${field}`, url, payload, expect: 'survive' });
    }
  }
  // list filters and sorts (items that name a field): a built-in name is an unknown field
  for (const leaf of leaves.items) {
    if (!leaf.schema.properties?.field) continue;
    const field = leaf.path.join('.');
    for (const name of BUILTIN_NAMES) {
      const item = { ...(synthesize(leaf.schema) as Record<string, unknown>), field: name };
      out.push({ label: `field ${name} in ${field}`, url, payload: json(setAt(base, leaf.path, [item])), expect: 'refuse', status: 400 });
      for (const date of EXTREME_DATES) {
        if (!leaf.schema.properties.value) continue;
        // a list runs the filter and must refuse the date; a saved view only keeps it (the list refuses it when applied)
        const dated = { ...item, field: 'createdAt', ...(leaf.schema.properties.op ? { op: 'gt' } : {}), value: date };
        const runs = route.url.endsWith('/list');
        out.push({
          label: `filter value ${date} in ${field}`,
          url,
          payload: json(setAt(base, leaf.path, [dated])),
          expect: runs ? 'refuse' : 'survive',
          ...(runs ? { status: 400 } : {}),
        });
      }
    }
  }
  return out;
}

// JSON Patch operations whose pointers name JavaScript's object machinery.
function patchCases(route: RegisteredRoute, url: string): Case[] {
  const example = Array.isArray(route.example) ? (route.example as { path?: string }[]) : [];
  const field = example[0]?.path ?? '/x';
  const out: Case[] = [];
  for (const seg of ['__proto__', 'constructor', 'prototype']) {
    for (const path of [`/${seg}/polluted`, `${field}/${seg}`]) {
      for (const op of [
        { op: 'add', path, value: 1 },
        { op: 'replace', path, value: 1 },
        { op: 'remove', path },
        { op: 'test', path, value: 1 },
        { op: 'copy', from: path, path: field },
        { op: 'move', from: path, path: field },
      ]) {
        out.push({
          label: `patch ${op.op} ${path}`,
          url,
          payload: JSON.stringify([op]),
          contentType: 'application/json-patch+json',
          expect: 'refuse',
        });
      }
    }
  }
  return out;
}

function clientFor(route: RegisteredRoute): Client {
  if (route.access.kind === 'tenant') return t.client(owner, tenant.id);
  if (route.access.kind === 'user') return t.client(owner);
  return t.client();
}

function casesFor(route: RegisteredRoute, op: Operation): Case[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const goodUrl = route.url.replace(/:[A-Za-z]+/g, (m) => route.paramsExample?.[m.slice(1)] ?? ZERO_ID);
  const cases: Case[] = [];
  for (const p of params) {
    const others = (url: string) => url.replace(/:[A-Za-z]+/g, (m) => route.paramsExample?.[m.slice(1)] ?? ZERO_ID);
    cases.push({
      label: `bad path param ${p.name}`,
      url: others(route.url.replace(`:${p.name}`, 'not%20a%20valid%20id%20' + 'x'.repeat(250))),
      expect: 'refuse',
    });
    cases.push({ label: `NUL in path param ${p.name}`, url: others(route.url.replace(`:${p.name}`, 'a%00b')), expect: 'refuse' });
  }
  for (const q of (op.parameters ?? []).filter((p) => p.in === 'query')) {
    const wrong = wrongValue(q.schema);
    if (typeOf(q.schema) !== 'string' && wrong !== undefined)
      cases.push({ label: `bad query ${q.name}`, url: `${goodUrl}?${q.name}=${encodeURIComponent(String(wrong))}`, expect: 'refuse' });
    if (q.required) cases.push({ label: `missing query ${q.name}`, url: goodUrl, expect: 'refuse' });
    // a lone surrogate cannot travel in a URL (UTF-8 decoding turns it into U+FFFD); NUL can
    cases.push({ label: `NUL in query ${q.name}`, url: `${goodUrl}?${q.name}=a%00b`, expect: 'refuse', field: `query.${q.name}` });
  }
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (json) cases.push(...bodyCases(route, json, goodUrl));
  if (content['application/json-patch+json']) cases.push(...patchCases(route, goodUrl));
  if (Object.keys(content).length > 0) {
    // a form is refused unless the route takes one (RFC 8058's one-click unsubscribe POST)
    if (!content['application/x-www-form-urlencoded'])
      cases.push({
        label: 'form-encoded body',
        url: goodUrl,
        payload: 'a=1&b=2',
        contentType: 'application/x-www-form-urlencoded',
        expect: 'refuse',
        status: 415,
      });
    cases.push({ label: 'text body', url: goodUrl, payload: 'hello', contentType: 'text/plain', expect: 'refuse', status: 415 });
  }
  if (content['multipart/form-data'] && !json)
    cases.push({
      label: 'JSON body on an upload route',
      url: goodUrl,
      payload: '{}',
      contentType: 'application/json',
      expect: 'refuse',
      status: 415,
    });
  return cases;
}

describe('contract: bad requests on every operation', () => {
  it('every OpenAPI operation is a registered route and vice versa', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const registered = t.app.atrium.routes.map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('answers 4xx problem+json, never 5xx, and changes nothing', async () => {
    const failures: string[] = [];
    const labels = new Set<string>();
    // "changes nothing" is checked once per run of refused requests rather than after each:
    // the fingerprint reads every table, and a run's refusals either all left it alone or the
    // failure names them together. A route's refusals run first and its "survive" probes (which
    // may be accepted and change the database) after them, so a route takes at most two
    // fingerprints: its start (unless the previous route left it known) and its end.
    let before: string | undefined = await databaseFingerprint(t);
    for (const route of t.app.atrium.routes) {
      const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue;
      const client = clientFor(route);
      let refused: string[] = [];
      const settle = async () => {
        if (refused.length === 0) return;
        const now = await databaseFingerprint(t);
        if (now !== before) failures.push(`${route.method} ${route.url} (${refused.join('; ')}): changed the database`);
        before = now;
        refused = [];
      };
      const cases = casesFor(route, op).sort((a, b) => Number(a.expect === 'survive') - Number(b.expect === 'survive'));
      for (const c of cases) {
        labels.add(c.label);
        if (c.expect === 'survive') await settle();
        before ??= await databaseFingerprint(t);
        const res: Reply = await client.raw({
          method: route.method,
          url: c.url,
          ...(c.payload !== undefined ? { payload: c.payload, headers: { 'content-type': c.contentType ?? 'application/json' } } : {}),
        });
        const where = `${route.method} ${route.url} (${c.label})`;
        if (res.status >= 500) {
          failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
          before = undefined;
          refused = [];
          continue;
        }
        if (res.status < 400) {
          if (c.expect !== 'survive') failures.push(`${where}: accepted with ${res.status}`);
          before = undefined;
          refused = [];
          continue;
        }
        if (c.status !== undefined && res.status !== c.status) failures.push(`${where}: ${res.status} instead of ${c.status}`);
        if (!String(res.headers['content-type']).includes('application/problem+json')) failures.push(`${where}: not problem+json`);
        if (c.field !== undefined && res.status === 400) {
          const fields: string[] = (res.body?.errors ?? []).map((e: { field: string }) => e.field);
          if (!fields.includes(c.field)) failures.push(`${where}: names ${fields.join(', ') || 'no field'}, not ${c.field}`);
        }
        refused.push(c.label);
      }
      await settle();
      // a probe of the custom-field definitions may have replaced the guard fields
      if (route.url.includes('entity-fields')) {
        await ensureGuardFields();
        before = undefined;
      }
    }
    expect(failures).toEqual([]);
    // every generator ran somewhere: a schema change that silences one shows up here
    for (const kind of [
      'NUL',
      'lone surrogate',
      'key',
      'field',
      'patch',
      'form-encoded',
      'JSON body on an upload',
      'date',
      'filter value',
      'every text',
    ])
      expect(
        [...labels].some((l) => l.startsWith(kind)),
        kind,
      ).toBe(true);
  }, 600_000);
});
