import * as icons from '@ant-design/icons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atrium/domain';
import { createTestApp, multipartFile, type Client, type TestApp } from '../harness';
import { gadgetEntity } from './gadget.entity';
import { GADGETS_SQL, registerGadgets } from './gadget.module';

// Issue 27's proof that a kind is its definition: a throwaway kind (this folder: a definition, a
// table, one registration) gets its list, record, form, import/export, search and icon from the
// engine, with no edit anywhere else but its migration (GADGETS_SQL here).
let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', JOBS_LEASE_SECONDS: '4' }, { extraModules: [registerGadgets] });
  await t.sql(GADGETS_SQL);
  const owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
});
afterAll(async () => t?.close());

const waitForJob = async (id: string): Promise<Job> => {
  for (let i = 0; i < 200; i++) {
    const job = (await c.get<Job>(`/api/v1/core/jobs/${id}`)).body;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
};

describe('a throwaway kind made of a definition, a table and one registration', () => {
  it('gets a record: create, read, replace, patch, archive, delete, with validation from its fields', async () => {
    const bad = await c.post('/api/v1/gadgets', { name: '', condition: 'melted' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort()).toEqual([
      'condition:invalidOption',
      'name:required',
    ]);
    const made = await c.post('/api/v1/gadgets', { name: 'Oscilloscope', serialNumber: 'SN-42', price: 1299.9, condition: 'new' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'Oscilloscope', serialNumber: 'SN-42', price: 1299.9, condition: 'new', version: 1 });
    const id = made.body.id;
    expect((await c.get(`/api/v1/gadgets/${id}`)).body.title).toBe('Oscilloscope');
    const put = await c.put(`/api/v1/gadgets/${id}`, { name: 'Scope', serialNumber: 'SN-42', condition: 'used' }, { 'if-match': '"1"' });
    expect(put.status).toBe(200);
    const patched = await c.patch(`/api/v1/gadgets/${id}`, [{ op: 'replace', path: '/condition', value: 'broken' }], { 'if-match': '"2"' });
    expect(patched.body).toMatchObject({ title: 'Scope', condition: 'broken', version: 3 });
    expect((await c.post('/api/v1/gadgets/archive', { ids: [id] })).status).toBe(200);
    expect((await c.delete(`/api/v1/gadgets/${id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/gadgets/${id}`)).status).toBe(404);
  });

  it('gets a list with filters, sort and search, the columns a form and a list need, and the global search', async () => {
    for (const [name, condition] of [
      ['Multimeter', 'new'],
      ['Soldering iron', 'used'],
      ['Bench supply', 'used'],
    ] as const)
      expect((await c.post('/api/v1/gadgets', { name, condition, serialNumber: `SN-${name.length}` })).status).toBe(201);
    const used = await c.post('/api/v1/gadgets/list', {
      page: 1,
      pageSize: 25,
      filters: [{ field: 'condition', op: 'eq', value: 'used' }],
      sort: [{ field: 'name', order: 'desc' }],
    });
    expect(used.body.data.map((r: { title: string }) => r.title)).toEqual(['Soldering iron', 'Bench supply']);
    expect((await c.post('/api/v1/gadgets/list', { search: 'multi' })).body.total).toBe(1);
    const columns = await c.get<{ key: string }[]>('/api/v1/core/entity-fields/columns?entity=Sample');
    expect(columns.status).toBe(200);
    expect(columns.body.map((col) => col.key)).toEqual(
      expect.arrayContaining(['name', 'serialNumber', 'price', 'purchasedOn', 'condition']),
    );
    const found = await c.get<{ groups: { kind: string; data: { title: string }[] }[] }>('/api/v1/core/search?q=soldering');
    expect(found.body.groups).toEqual([
      expect.objectContaining({ kind: 'Sample', data: [expect.objectContaining({ title: 'Soldering iron' })] }),
    ]);
  });

  it('gets import, with its own column aliases, and export', async () => {
    const csv = 'Name;Seriennummer;Condition\nLogic analyser;LA-1;new\nSignal generator;SG-2;used\n';
    const uploaded = await c.raw({
      method: 'POST',
      url: '/api/v1/core/imports/upload?entityKind=Sample',
      ...multipartFile('gadgets.csv', csv, 'text/csv'),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const imp = uploaded.body as { id: string };
    const columns = await c.get<{ suggestions: Record<string, string | null> }>(`/api/v1/core/imports/${imp.id}/columns`);
    expect(columns.body.suggestions).toMatchObject({ Name: 'name', Seriennummer: 'serialNumber', Condition: 'condition' });
    const run = await c.post<{ job: Job }>(`/api/v1/core/imports/${imp.id}/run`);
    expect(run.status).toBe(200);
    expect((await waitForJob(run.body.job.id)).status).toBe('succeeded');
    expect((await c.post('/api/v1/gadgets/list', { search: 'analyser' })).body.data[0]).toMatchObject({
      serialNumber: 'LA-1',
      condition: 'new',
    });
    const template = await c.get('/api/v1/gadgets/import-template?format=csv');
    expect(template.status).toBe(200);
    expect(template.text).toContain('SN-0001');
    const exported = await c.post('/api/v1/gadgets/export', { format: 'csv' });
    expect([200, 201]).toContain(exported.status);
  });

  it('names an icon of the icon set', () => {
    expect(Object.keys(icons)).toContain(gadgetEntity.web.icon);
  });
});
