import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { ExportDto, ImportDto } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser, waitFor } from '../../../test/harness';
import { blobStoreFor } from '../blobs/blob-store';
import { INLINE_EXPORT_ROWS } from './exports.service';
import { safeCell } from './tabular-file.util';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let me: Client;

// The file behind an export's download URL, read from the store (what the signed URL serves).
async function fileOf(exp: ExportDto): Promise<Buffer> {
  const store = blobStoreFor(t.config);
  const data = await store.read(`${tenant.id}/exports/${exp.id}`);
  if (!data) throw new Error('no export file');
  return data;
}
const csvRows = (b: Buffer): string[][] => parse(b, { bom: true });

function multipart(fileName: string, data: Buffer) {
  const boundary = `----atrium${randomUUID().replaceAll('-', '')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let org: { id: string };
beforeAll(async () => {
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', JOBS_LEASE_SECONDS: '4' });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  me = t.client(owner, tenant.id);
  await me.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [{ kind: 'singleLine', label: 'Customer number', key: 'customerNumber', dataType: 'text' }],
  });
  org = (await me.post('/api/v1/organizations', { name: 'Analytical Engines' })).body;
  for (const [firstName, lastName, email, n] of [
    ['Ada', 'Lovelace', 'ada@example.com', 'C-1'],
    ['Grace', 'Hopper', 'grace@example.com', 'C-2'],
    ['Alan', 'Turing', 'alan@example.com', '=1+2'],
  ]) {
    await me.post('/api/v1/contacts', { firstName, lastName, email, organizationId: org.id, customFields: { customerNumber: n } });
  }
});
afterAll(async () => t.close());

describe('export', () => {
  it('lists the exportable columns, references with title and id', async () => {
    const res = await me.get('/api/v1/contacts/export-mapping');
    expect(res.status).toBe(200);
    const labels = res.body.columns.map((c: { label: string }) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Id', 'First name', 'Organization', 'Organization id', 'Customer number']));
  });

  it("honours the list's filters, sort, visible columns and selection, with formulas kept as text", async () => {
    const res = await me.post('/api/v1/contacts/export', {
      format: 'csv',
      filters: [{ field: 'email', op: 'contains', value: 'a' }],
      sort: [{ field: 'firstName', order: 'desc' }],
      columns: ['title', 'email', 'organizationId', 'customFields.customerNumber'],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'succeeded', rowCount: 3, format: 'csv', job: null });
    expect(res.body.downloadUrl).toMatch(/\/api\/v1\/blobs\//);
    const rows = csvRows(await fileOf(res.body));
    expect(rows[0]).toEqual(['Id', 'First name', 'Last name', 'E-mail', 'Organization', 'Organization id', 'Customer number']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Grace', 'Alan', 'Ada']);
    expect(rows[2]?.slice(4)).toEqual(['Analytical Engines', org.id, "'=1+2"]);

    const ids = (await me.post('/api/v1/contacts/list', { filters: [{ field: 'firstName', op: 'eq', value: 'Ada' }] })).body.data.map(
      (r: { id: string }) => r.id,
    );
    const selected = await me.post('/api/v1/contacts/export', { format: 'xlsx', ids, columns: ['email'] });
    expect(selected.body).toMatchObject({ status: 'succeeded', rowCount: 1, format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fileOf(selected.body)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Id', 'First name', 'Last name', 'E-mail']);
    expect(sheet?.getRow(2).values).toEqual([undefined, ids[0], 'Ada', 'Lovelace', 'ada@example.com']);

    const bad = await me.post('/api/v1/contacts/export', { format: 'csv', columns: ['shoeSize'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('unknownField');
    const history = await me.post('/api/v1/core/exports/history', { page: 1, pageSize: 25 });
    expect(history.body.total).toBe(2);
  });

  it('round trip: an exported file re-imports unchanged', async () => {
    const exp = await me.post('/api/v1/contacts/export', { format: 'csv' });
    const file = await fileOf(exp.body);
    const before = await t.sql(
      `select first_name, last_name, email, organization_id, custom_fields from contacts where tenant_id = $1 order by first_name`,
      [tenant.id],
    );
    await t.sql(`delete from contacts where tenant_id = $1`, [tenant.id]);
    const up = await me.raw({ method: 'POST', url: '/api/v1/core/imports/upload?entityKind=Contact', ...multipart('contacts.csv', file) });
    expect(up.status, up.text).toBe(201);
    const imp: ImportDto = up.body;
    expect(imp.mapping).toMatchObject({
      'First name': 'firstName',
      Organization: null,
      'Organization id': 'organizationId',
      'Customer number': 'customFields.customerNumber',
    });
    const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(check.body).toMatchObject({ total: 3, rejected: 0 });
    await me.post(`/api/v1/core/imports/${imp.id}/run`);
    await waitFor('the import', async () => (await me.get(`/api/v1/core/imports/${imp.id}`)).body.status === 'succeeded');
    const after = await t.sql(
      `select first_name, last_name, email, organization_id, custom_fields from contacts where tenant_id = $1 order by first_name`,
      [tenant.id],
    );
    expect(after).toEqual(before);
  });

  it('runs a large export as a job, downloadable from the history; another workspace gets 404', async () => {
    const values = Array.from({ length: INLINE_EXPORT_ROWS + 5 }, (_v, i) => `('${tenant.id}', 'Bulk ${i}')`).join(',');
    await t.sql(`insert into contacts (tenant_id, first_name) values ${values}`);
    const res = await me.post('/api/v1/contacts/export', {
      format: 'xlsx',
      filters: [{ field: 'firstName', op: 'startsWith', value: 'Bulk' }],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.job).toMatchObject({ type: 'export.run' });
    let done: ExportDto = res.body;
    await waitFor('the export job', async () => {
      done = (await me.get(`/api/v1/core/exports/${res.body.id}`)).body;
      return done.status === 'succeeded';
    });
    expect(done.rowCount).toBe(INLINE_EXPORT_ROWS + 5);
    expect(done.downloadUrl).toBeTruthy();

    const stranger = await t.createUser();
    const theirs = await t.createTenant(stranger);
    const other = t.client(stranger, theirs.id);
    expect((await other.get(`/api/v1/core/exports/${res.body.id}`)).status).toBe(404);
    expect((await other.delete(`/api/v1/core/exports/${res.body.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/core/exports/${res.body.id}/retry`)).status).toBe(404);
    expect((await other.post('/api/v1/core/exports/history', {})).body.total).toBe(0);

    const retry = await me.put(`/api/v1/core/exports/${res.body.id}/retry`);
    expect(retry.status).toBe(409);
    expect((await me.delete(`/api/v1/core/exports/${res.body.id}`)).status).toBe(204);
    expect((await me.get(`/api/v1/core/exports/${res.body.id}`)).status).toBe(404);
  });
  it('writes CSV through PostgreSQL: quotes, backslashes, newlines and a selection survive', async () => {
    const odd = [
      { firstName: 'Seán', lastName: "O'Brien", jobTitle: 'says "hi"\non two lines', customFields: { customerNumber: '-12.5' } },
      { firstName: 'Back', lastName: 'Sl\\ash', jobTitle: '+ not a number', customFields: { customerNumber: '@home' } },
    ];
    const ids: string[] = [];
    for (const c of odd) ids.push((await me.post('/api/v1/contacts', c)).body.id);
    const res = await me.post('/api/v1/contacts/export', {
      format: 'csv',
      ids,
      search: "o'brien",
      filters: [{ field: 'lastName', op: 'in', value: ["O'Brien", 'Sl\\ash', 'Nobody'] }],
      columns: ['title', 'jobTitle', 'customFields.customerNumber'],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.rowCount).toBe(1);
    const rows = csvRows(await fileOf(res.body));
    expect(rows).toEqual([
      ['Id', 'First name', 'Last name', 'Job title', 'Customer number'],
      [ids[0], 'Seán', "O'Brien", 'says "hi"\non two lines', '-12.5'],
    ]);
    const both = await me.post('/api/v1/contacts/export', { format: 'csv', ids, columns: ['jobTitle', 'customFields.customerNumber'] });
    expect(
      csvRows(await fileOf(both.body))
        .slice(1)
        .map((r) => r.slice(2)),
    ).toEqual(
      expect.arrayContaining([
        ['Sl\\ash', "'+ not a number", "'@home"],
        ["O'Brien", 'says "hi"\non two lines', '-12.5'],
      ]),
    );
  });
});

describe('who sees and manages whose exports (decision 078)', () => {
  it('Export shows one’s own only, View shows everybody’s with their files but refuses deleting another’s (403), Manage may', async () => {
    const base = ['Contact.ViewContacts'];
    const exporter = t.client(await t.addMemberWith(tenant.id, [...base, 'Contact.Export']), tenant.id);
    const viewer = t.client(await t.addMemberWith(tenant.id, [...base, 'Contact.Export', 'Contact.ViewContactExports']), tenant.id);
    const manager = t.client(await t.addMemberWith(tenant.id, [...base, 'Contact.ManageContactExports']), tenant.id);

    // small exports, written during the request (a large one would still be running as a job)
    const few = { format: 'csv', filters: [{ field: 'firstName', op: 'eq', value: 'Ada' }] };
    const owners: ExportDto = (await me.post('/api/v1/contacts/export', few)).body;
    expect(owners.status).toBe('succeeded');
    const ownersLeads: ExportDto = (await me.post('/api/v1/leads/export', { format: 'csv' })).body;
    const made = await exporter.post('/api/v1/contacts/export', few);
    expect(made.status, made.text).toBe(201);
    const exporters: ExportDto = made.body;
    expect(exporters.canManage).toBe(true);

    const mine = await exporter.post('/api/v1/core/exports/history', { page: 1, pageSize: 100 });
    expect(mine.body.data.map((e: ExportDto) => e.id)).toEqual([exporters.id]);
    expect((await exporter.get(`/api/v1/core/exports/${owners.id}`)).status).toBe(404);
    expect((await exporter.delete(`/api/v1/core/exports/${owners.id}`)).status).toBe(404);

    const all = await viewer.post('/api/v1/core/exports/history', { page: 1, pageSize: 100 });
    const seen: ExportDto[] = all.body.data;
    expect(seen.map((e) => e.id)).toEqual(expect.arrayContaining([owners.id, exporters.id]));
    expect(seen.map((e) => e.id)).not.toContain(ownersLeads.id);
    expect(seen.find((e) => e.id === owners.id)).toMatchObject({ canManage: false, downloadUrl: expect.stringMatching(/blobs/) });
    const refused = await viewer.delete(`/api/v1/core/exports/${owners.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('Contact.ManageContactExports');
    expect((await viewer.put(`/api/v1/core/exports/${owners.id}/retry`)).status).toBe(403);

    expect((await manager.delete(`/api/v1/core/exports/${exporters.id}`)).status).toBe(204);
    expect((await me.get(`/api/v1/core/exports/${exporters.id}`)).status).toBe(404);
    expect((await me.get(`/api/v1/core/exports/${owners.id}`)).status).toBe(200);
  });
});

describe('formula guard', () => {
  it('a CSV cell is guarded exactly as safeCell does: formulas and signed text behind an apostrophe, numbers and phone numbers as they are', async () => {
    const values = [
      '=1+2',
      '@SUM(A1)',
      '+49 30 1234567',
      '+4930',
      '-3',
      '+5.5',
      '-1.5',
      '-x',
      '+ 1',
      '-',
      '1.5.',
      '+1.2.3',
      '==',
      'plain',
      'a=b',
    ];
    const ids: string[] = [];
    for (const [i, jobTitle] of values.entries()) {
      const res = await me.post('/api/v1/contacts', { firstName: `Guard ${String(i).padStart(2, '0')}`, jobTitle });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const res = await me.post('/api/v1/contacts/export', {
      format: 'csv',
      ids,
      columns: ['jobTitle'],
      sort: [{ field: 'firstName', order: 'asc' }],
    });
    expect(res.status, res.text).toBe(201);
    const cells = csvRows(await fileOf(res.body))
      .slice(1)
      .map((r) => r.at(-1));
    expect(cells).toEqual(values.map(safeCell));
    expect(cells.slice(0, 6)).toEqual(["'=1+2", "'@SUM(A1)", '+49 30 1234567', '+4930', '-3', "'+5.5"]);
    expect(cells.slice(8, 9)).toEqual(["'+ 1"]);
  });

  it('XLSX cells are typed text, never formulas: written as typed, with no apostrophe (issue 26, item 10)', async () => {
    const values = ['+49 30 1234567', '=1+2', '@home', '-x'];
    const ids: string[] = [];
    for (const [i, jobTitle] of values.entries())
      ids.push((await me.post('/api/v1/contacts', { firstName: `Typed ${i}`, jobTitle })).body.id);
    const res = await me.post('/api/v1/contacts/export', {
      format: 'xlsx',
      ids,
      columns: ['jobTitle'],
      sort: [{ field: 'firstName', order: 'asc' }],
    });
    expect(res.status, res.text).toBe(201);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fileOf(res.body)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = [2, 3, 4, 5].map((r) => sheet?.getRow(r).getCell(sheet.columnCount));
    expect(cells.map((c) => c?.value)).toEqual(values);
    expect(cells.map((c) => c?.type)).toEqual(values.map(() => ExcelJS.ValueType.String));
  });
});

describe('delimiter (issue 26, item 10)', () => {
  it("writes the CSV with the chosen separator, header and PostgreSQL's lines alike; a comma is no separator then", async () => {
    const id = (await me.post('/api/v1/contacts', { firstName: 'Semi', lastName: 'Colon, Jr.', phone: '+49 30 1234567' })).body.id;
    const res = await me.post('/api/v1/contacts/export', { format: 'csv', delimiter: ';', ids: [id], columns: ['phone'] });
    expect(res.status, res.text).toBe(201);
    const text = (await fileOf(res.body)).toString('utf8').replace(/^\uFEFF/, '');
    expect(text.split('\n').slice(0, 2)).toEqual(['Id;First name;Last name;Phone', `${id};Semi;Colon, Jr.;+49 30 1234567`]);
    const tab = await me.post('/api/v1/contacts/export', { format: 'csv', delimiter: '\t', ids: [id], columns: ['phone'] });
    expect((await fileOf(tab.body)).toString('utf8').split('\n')[1]).toBe(`${id}\tSemi\tColon, Jr.\t+49 30 1234567`);
    expect((await me.post('/api/v1/contacts/export', { format: 'csv', delimiter: '|', ids: [id] })).status).toBe(400);
  });
});
