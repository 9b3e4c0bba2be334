import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

// The API document says what the server does, and two tools that are not ours agree it is a
// valid OpenAPI 3.1 document: a schema validator and a linter with its recommended rules.
type Json = Record<string, any>;
let t: TestApp;
let doc: Json;

beforeAll(async () => {
  // a real address: the linter rightly flags a document that names localhost
  t = await createTestApp({ publicUrl: 'https://atrium.test' });
  doc = (await t.client().get('/api/docs/json')).body;
});
afterAll(async () => t.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
const route = (method: string, url: string) =>
  t.app.atrium.routes.find((r) => r.method === method && r.url.replace(/:([A-Za-z]+)/g, '{$1}') === url);

describe('the OpenAPI document', () => {
  it('passes an independent validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('passes a linter with its recommended rules, warnings included', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'atrium-openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names this server and gives every operation an operationId', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: 'This Atrium' }]);
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // Whether each status is one the operation really answers, and each body what the document
  // says, is the contract fuzz's to find (contract-fuzz.test.ts): it asks the server, not the
  // data the document is generated from.
  it('describes errors as application/problem+json, and no status an operation of its kind cannot have', () => {
    const failures: string[] = [];
    for (const { where, method, path, op } of operations()) {
      const statuses = Object.keys(op.responses).map(Number);
      for (const s of statuses.filter((x) => x >= 400)) {
        const types = Object.keys(op.responses[s].content ?? {});
        if (types.join() !== 'application/problem+json') failures.push(`${where} ${s}: ${types.join()}`);
      }
      const r = route(method.toUpperCase(), path);
      if (!r) failures.push(`${where}: no route`);
      // a public operation cannot answer 401, an operation without a path id has no record to miss, and so on
      if (r?.access.kind === 'public' && statuses.includes(401)) failures.push(`${where}: 401 on a public operation`);
      if (!path.includes('{') && r?.access.kind !== 'tenant' && statuses.includes(404)) failures.push(`${where}: 404 without a path id`);
      if (!r?.ifMatch && (statuses.includes(412) || statuses.includes(428))) failures.push(`${where}: 412/428 without If-Match`);
    }
    expect(failures).toEqual([]);
  });

  it('declares If-Match, If-None-Match, Idempotency-Key and ETag where the server honours them', () => {
    const op = (method: string, path: string) => doc.paths[path][method];
    const header = (o: Json, name: string) => (o.parameters ?? []).find((p: Json) => p.in === 'header' && p.name === name);
    expect(header(op('put', '/api/v1/contacts/{id}'), 'If-Match')).toMatchObject({ required: true });
    expect(header(op('patch', '/api/v1/contacts/{id}'), 'If-Match')).toMatchObject({ required: true });
    expect(header(op('delete', '/api/v1/contacts/{id}'), 'If-Match')).toMatchObject({ required: false });
    expect(header(op('post', '/api/v1/contacts'), 'Idempotency-Key')).toBeTruthy();
    expect(header(op('get', '/api/v1/contacts/{id}'), 'If-None-Match')).toBeTruthy();
    expect(op('get', '/api/v1/contacts/{id}').responses['200'].headers.ETag).toBeTruthy();
    expect(op('get', '/api/v1/contacts/{id}').responses['304']).toBeTruthy();
    expect(op('post', '/api/v1/contacts').responses['201'].headers.ETag).toBeTruthy();
    expect(Object.keys(op('patch', '/api/v1/contacts/{id}').requestBody.content)).toContain('application/json-patch+json');
    // no operation declares a header the router does not read
    for (const { where, method, path, op: o } of operations()) {
      const r = route(method.toUpperCase(), path);
      if (header(o, 'If-Match') && !r?.ifMatch) throw new Error(`${where} declares If-Match`);
      if (header(o, 'Idempotency-Key') && !r?.idempotencyKey) throw new Error(`${where} declares Idempotency-Key`);
    }
  });

  it('documents each field with the constraints the server enforces (the same zod schema)', () => {
    const body = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    // required title fields: their value schema, not {}
    for (const [path, field] of [
      ['/api/v1/contacts', 'firstName'],
      ['/api/v1/leads', 'firstName'],
      ['/api/v1/organizations', 'name'],
      ['/api/v1/opportunities', 'name'],
      ['/api/v1/teams', 'name'],
      ['/api/v1/custom-queries', 'name'],
    ]) {
      expect(body('post', path!).properties[field!], path).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
      expect(body('post', path!).required, path).toContain(field);
    }
    expect(body('post', '/api/v1/custom-queries').properties.query).toMatchObject({ type: 'object' });
    // e-mail: length and format; time zone: the zones the server knows; page size: 25, 50 or 100
    expect(body('post', '/api/v1/core/users').properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(body('put', '/api/v1/core/profile').properties.timeZone.enum).toEqual(expect.arrayContaining(['UTC', 'Europe/Berlin']));
    const pageSize = doc.paths['/api/v1/core/notifications'].get.parameters.find((p: Json) => p.name === 'pageSize').schema;
    expect(pageSize.anyOf ?? pageSize.enum).toBeTruthy();
    expect(JSON.stringify(pageSize)).toMatch(/25.*50.*100/);
    // money: two decimals
    expect(JSON.stringify(body('post', '/api/v1/opportunities').properties.expectedValue)).toContain('"multipleOf":0.01');
  });

  it('declares multipart request bodies with their file part', () => {
    for (const path of ['/api/v1/core/documents/images', '/api/v1/core/profile/picture']) {
      const body = doc.paths[path].post.requestBody;
      expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
      expect(body.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(body.content['multipart/form-data'].schema.required).toContain('file');
    }
  });
});
