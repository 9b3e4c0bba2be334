import http from 'node:http';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { ImportDto, Job } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreFor } from '../blobs/blob-store';
import { createTestApp, multipartFile, type Client, type TestApp, type TestUser, waitFor } from '../../../test/harness';

let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let me: Client;

async function upload(client: Client, fileName: string, data: Buffer | string, kind = 'Contact') {
  const body = multipartFile(fileName, data, 'text/csv');
  return client.raw({ method: 'POST', url: `/api/v1/core/imports/upload?entityKind=${kind}`, ...body });
}

async function uploaded(fileName: string, data: Buffer | string, kind = 'Contact'): Promise<ImportDto> {
  const res = await upload(me, fileName, data, kind);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function runToEnd(imp: ImportDto, status: Job['status'] = 'succeeded'): Promise<ImportDto> {
  const started = await me.post(`/api/v1/core/imports/${imp.id}/run`);
  expect(started.status, started.text).toBe(200);
  let last: ImportDto = started.body;
  await waitFor(`the import to be ${status}`, async () => {
    last = (await me.get(`/api/v1/core/imports/${imp.id}`)).body;
    return last.job?.status === status;
  });
  return last;
}

// the workspace's contacts, not those in the recycle bin (decision 086)
const contacts = async (tenantId = tenant.id) =>
  t.sql<{ first_name: string; last_name: string | null; email: string | null; phone: string | null; organization_id: string | null }>(
    `select first_name, last_name, email, phone, organization_id from contacts where tenant_id = $1 and deleted_at is null order by first_name`,
    [tenantId],
  );
const clearContacts = async () => {
  await t.sql(`delete from contacts where tenant_id = $1`, [tenant.id]);
};

beforeAll(async () => {
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', JOBS_LEASE_SECONDS: '4' });
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  me = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

describe('import template and mapping', () => {
  it('serves a CSV and an XLSX template with the built-in and custom fields and an example row', async () => {
    await me.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [{ kind: 'singleLine', label: 'Customer number', key: 'customerNumber', dataType: 'text', unique: true }],
    });
    const csv = await me.get('/api/v1/contacts/import-template?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const [header, example] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('First name');
    expect(header).toContain('Customer number');
    expect(example).toContain('ada@example.com');

    const xlsx = await me.raw({ method: 'GET', url: '/api/v1/contacts/import-template?format=xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const mapping = await me.get('/api/v1/contacts/import-mapping');
    expect(mapping.status).toBe(200);
    expect(mapping.body.fields.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['id', 'firstName', 'email', 'organizationId', 'customFields.customerNumber']),
    );
    expect(mapping.body.dedupeKeys.map((k: { key: string }) => k.key)).toEqual(['id', 'email', 'phone', 'customFields.customerNumber']);
  });

  it('documents every template and rejected-rows download as the CSV and XLSX files it answers, not JSON (issue 25)', async () => {
    const doc = (await t.client().get('/api/docs/json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    const downloads = Object.entries(doc.paths)
      .filter(([path]) => path.endsWith('/import-template') || path === '/api/v1/core/imports/{id}/rejected')
      .map(([path, ops]) => [path, ops.get?.responses['200']?.content] as const);
    expect(downloads.filter(([path]) => path.endsWith('/import-template')).length).toBeGreaterThanOrEqual(3);
    expect(downloads.length).toBeGreaterThanOrEqual(4);
    const binary = { schema: { type: 'string', format: 'binary' } };
    for (const [path, content] of downloads) {
      expect(content, path).toEqual({
        'text/csv': binary,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': binary,
      });
    }
    // and what the server sends is one of the documented types
    for (const format of ['csv', 'xlsx']) {
      const res = await me.raw({ method: 'GET', url: `/api/v1/contacts/import-template?format=${format}` });
      const type = String(res.headers['content-type']).split(';')[0]!;
      expect(Object.keys(downloads.find(([p]) => p === '/api/v1/contacts/import-template')![1]!)).toContain(type);
    }
  });

  it('maps a HubSpot and a Salesforce contacts export by column name similarity', async () => {
    const hubspot = await uploaded(
      'hubspot.csv',
      'Record ID,First Name,Last Name,Email,Phone Number,Company Name,Job Title,Create Date\n101,Ada,Lovelace,ada@example.com,+44 1,Engines,Analyst,2024-01-01\n',
    );
    expect(hubspot.mapping).toMatchObject({
      'Record ID': null,
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      'Phone Number': 'phone',
      'Company Name': 'organizationId',
      'Job Title': 'jobTitle',
    });
    const salesforce = await uploaded(
      'salesforce.csv',
      '"Contact ID","First Name","Last Name","Title","Account Name","Mailing Street","Email","Phone","Department"\n"003x","Grace","Hopper","Admiral","Navy","1 Main St","grace@example.com","+1 2","R&D"\n',
    );
    expect(salesforce.mapping).toMatchObject({
      'Contact ID': null,
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Title: 'jobTitle',
      'Account Name': 'organizationId',
      'Mailing Street': 'address',
      Email: 'email',
      Phone: 'phone',
      Department: 'department',
    });
    const columns = await me.get(`/api/v1/core/imports/${salesforce.id}/columns`);
    expect(columns.status).toBe(200);
    expect(columns.body.columns[1]).toEqual({ name: 'First Name', samples: ['Grace'] });
  });

  it('refuses a mapping to an unknown column or field, or the same field twice, naming it', async () => {
    const imp = await uploaded('bad-map.csv', 'First,Mail\nA,a@example.com\n');
    const unknownColumn = await me.put(`/api/v1/core/imports/${imp.id}/mappings`, { mapping: { Nope: 'firstName' } });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.body.errors[0]).toMatchObject({ field: 'mapping.Nope', code: 'unknownColumn' });
    const unknownField = await me.put(`/api/v1/core/imports/${imp.id}/mappings`, { mapping: { First: 'shoeSize' } });
    expect(unknownField.body.errors[0]).toMatchObject({ field: 'mapping.First', code: 'unknownField' });
    const twice = await me.put(`/api/v1/core/imports/${imp.id}/mappings`, { mapping: { First: 'firstName', Mail: 'firstName' } });
    expect(twice.body.errors[0]).toMatchObject({ code: 'duplicateMapping' });
    const empty = await upload(me, 'empty.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'file', code: 'emptyFile' });
  });
});

describe('real files', () => {
  const cases: { name: string; file: () => Promise<Buffer>; encoding: string; delimiter: string | null }[] = [
    {
      name: 'comma, UTF-8 with BOM, quoted newline',
      file: async () => Buffer.from('\uFEFFFirst name,Last name,Address\r\nJürgen,Groß,"Hauptstraße 1\r\n10115 Berlin"\r\n', 'utf8'),
      encoding: 'utf-8',
      delimiter: ',',
    },
    {
      name: 'semicolon, Windows-1252',
      file: async () => iconv.encode('Vorname;Nachname;Adresse\r\nJürgen;Groß;"Hauptstraße 1\r\n10115 Berlin"\r\n', 'win1252'),
      encoding: 'windows-1252',
      delimiter: ';',
    },
    {
      name: 'tab, UTF-8 without BOM',
      file: async () => Buffer.from('First name\tLast name\tAddress\nJürgen\tGroß\t"Hauptstraße 1\n10115 Berlin"\n', 'utf8'),
      encoding: 'utf-8',
      delimiter: '\t',
    },
    {
      name: 'Excel XLSX',
      file: async () => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('Contacts');
        sheet.addRow(['First name', 'Last name', 'Address']);
        sheet.addRow(['Jürgen', 'Groß', 'Hauptstraße 1\n10115 Berlin']);
        return Buffer.from(await book.xlsx.writeBuffer());
      },
      encoding: 'utf-8',
      delimiter: null,
    },
  ];
  for (const c of cases) {
    it(`imports ${c.name} without hand-editing`, async () => {
      await clearContacts();
      const imp = await uploaded(`people.${c.delimiter === null ? 'xlsx' : 'csv'}`, await c.file());
      expect(imp).toMatchObject({ encoding: c.encoding, delimiter: c.delimiter, format: c.delimiter === null ? 'xlsx' : 'csv' });
      expect(imp.columns.map((c) => imp.mapping[c])).toEqual(['firstName', 'lastName', 'address']);
      const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
      expect(check.status, check.text).toBe(200);
      expect(check.body).toMatchObject({ total: 1, valid: 1, toCreate: 1, rejected: 0, errors: [] });
      const done = await runToEnd(imp);
      expect(done).toMatchObject({ status: 'succeeded', created: 1, rejected: 0, rowCount: 1 });
      const rows = await t.sql(`select first_name, last_name, address from contacts where tenant_id = $1`, [tenant.id]);
      expect(rows).toEqual([{ first_name: 'Jürgen', last_name: 'Groß', address: 'Hauptstraße 1\n10115 Berlin' }]);
    });
  }

  it('reads dates in the chosen culture format into a date custom field', async () => {
    await clearContacts();
    await me.put('/api/v1/core/entity-fields?entity=Contact', {
      fields: [{ kind: 'dateTime', label: 'Birthday', key: 'birthday', dataType: 'date' }],
    });
    const imp = await uploaded('dates.csv', 'Vorname;Birthday\nAnna;24.12.1990\nBen;31.02.1990\n');
    await me.put(`/api/v1/core/imports/${imp.id}/mappings`, {
      mapping: { Vorname: 'firstName', Birthday: 'customFields.birthday' },
      dateFormat: 'DD.MM.YYYY',
    });
    const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(check.body).toMatchObject({ total: 2, valid: 1, rejected: 1 });
    expect(check.body.errors[0]).toMatchObject({ row: 2, column: 'Birthday', field: 'customFields.birthday', code: 'invalidDate' });
    await runToEnd(imp);
    const [anna] = await t.sql(`select custom_fields from contacts where tenant_id = $1 and first_name = 'Anna'`, [tenant.id]);
    expect(anna.custom_fields.birthday).toBe('1990-12-24');
    await me.put('/api/v1/core/entity-fields?entity=Contact', { fields: [] });
  });
});

describe('validate, run, reject and retry', () => {
  it('reports per-row, per-field errors, imports the good rows, and serves the rejected rows to fix and re-import', async () => {
    await clearContacts();
    const imp = await uploaded(
      'mixed.csv',
      'First name,Email\nAda,ada@example.com\nBob,not-an-email\n,nobody@example.com\nCy,cy@example.com\n',
    );
    const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(check.body).toMatchObject({ total: 4, valid: 2, toCreate: 2, rejected: 2 });
    expect(check.body.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'Email', field: 'email', code: 'invalidEmail' }),
      expect.objectContaining({ row: 3, column: 'First name', field: 'firstName', code: 'required' }),
    ]);
    expect(await contacts()).toEqual([]);

    const done = await runToEnd(imp);
    expect(done).toMatchObject({ created: 2, rejected: 2, job: { progress: { done: 4, total: 4, errors: 2 } } });
    expect((await contacts()).map((c) => c.first_name)).toEqual(['Ada', 'Cy']);

    const rejected = await me.get(`/api/v1/core/imports/${imp.id}/rejected?format=csv`);
    expect(rejected.status).toBe(200);
    const lines = rejected.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('First name,Email,Errors');
    expect(lines[1]).toMatch(/^Bob,not-an-email,Email: /);
    expect(lines).toHaveLength(3);

    // fixed and uploaded again: the two rows come in
    const fixed = await uploaded('mixed-rejected.csv', 'First name,Email,Errors\nBob,bob@example.com,\nDee,nobody@example.com,\n');
    expect(fixed.mapping.Errors).toBeNull();
    expect(await runToEnd(fixed)).toMatchObject({ created: 2, rejected: 0 });
    expect((await contacts()).map((c) => c.first_name)).toEqual(['Ada', 'Bob', 'Cy', 'Dee']);

    const history = await me.post('/api/v1/core/imports/history', { page: 1, pageSize: 25, entityKind: 'Contact' });
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({ id: fixed.id, fileName: 'mixed-rejected.csv', createdBy: { name: owner.name } });
  });

  it('resumes a failed import after the last committed batch: exactly the file rows, none twice', async () => {
    await clearContacts();
    const n = 4500;
    const lines = ['First name,Email'];
    for (let i = 1; i <= n; i += 1) lines.push(`P${String(i).padStart(5, '0')},p${i}@example.com`);
    const imp = await uploaded('big.csv', `${lines.join('\n')}\n`);
    // the database fails the second batch (a worker losing its database mid-import)
    await t.sql(`create or replace function atrium_test_fail() returns trigger language plpgsql as $$
      begin if new.first_name = 'P03000' then raise exception 'database gone'; end if; return new; end $$`);
    await t.sql(`create trigger atrium_test_fail before insert on contacts for each row execute function atrium_test_fail()`);
    const failed = await runToEnd(imp, 'failed');
    // the database's own text stays in the log; the job says what happened and what to do
    expect(failed.job?.error).toMatch(
      /^The import stopped at row 2001 \(the rows before it are imported\) because of an error on the server\. Retry it/,
    );
    expect(failed.job?.error).not.toContain('database gone');
    expect(failed.job?.progress.done).toBe(2000);
    expect(Number((await t.sql(`select count(*) from contacts where tenant_id = $1`, [tenant.id]))[0].count)).toBe(2000);

    await t.sql(`drop trigger atrium_test_fail on contacts`);
    const retried = await me.put(`/api/v1/core/imports/${imp.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    await waitFor('the retried import', async () => (await me.get(`/api/v1/core/imports/${imp.id}`)).body.job.status === 'succeeded');
    const [counts] = await t.sql(`select count(*)::int as n, count(distinct first_name)::int as d from contacts where tenant_id = $1`, [
      tenant.id,
    ]);
    expect(counts).toEqual({ n, d: n });
    const after = (await me.get(`/api/v1/core/imports/${imp.id}`)).body;
    expect(after).toMatchObject({ created: n, rejected: 0, rowCount: n });
    expect(after.job.attempts).toBeGreaterThanOrEqual(2);
  }, 90_000);
});

describe('rejected rows', () => {
  // A download over a real socket (inject would hold the whole answer in this process): the
  // status, headers, byte and line count, the first and last lines, and the body if asked.
  async function download(path: string, keep = false) {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const token = await t.tokenFor(owner);
    return new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      bytes: number;
      lines: number;
      head: string;
      tail: string;
      body: Buffer;
    }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenant.id } }, (res) => {
          let bytes = 0;
          let lines = 0;
          let head = '';
          let tail = '';
          const kept: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines += 1;
            if (head.length < 200) head += c.toString('utf8', 0, 200);
            tail = (tail + c.toString('utf8', Math.max(0, c.length - 300))).slice(-300);
            if (keep) kept.push(c);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, lines, head, tail, body: Buffer.concat(kept) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it('streams a 200,000-row rejected file with its Errors column, holding a small part of it in memory', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const imp = await uploaded('all-bad.csv', 'First name,Email,Note\nx,y,z\n');
    const n = 200_000;
    // every row refused: the ledger as a run of such a file leaves it
    await t.sql(
      `insert into import_rows (tenant_id, import_id, row_number, action, cells, errors)
       select $1, $2, g, 'rejected', jsonb_build_array('P' || g, 'bad' || g, repeat('x', 60)),
         jsonb_build_array(jsonb_build_object('column', 'Email', 'field', 'email', 'message', 'Email: bad' || g || ' is not an e-mail'))
       from generate_series(1, $3::int) g`,
      [tenant.id, imp.id, n],
    );
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.external + m.arrayBuffers - before.external - before.arrayBuffers);
    }, 5);
    const res = await download(`/api/v1/core/imports/${imp.id}/rejected?format=csv`).finally(() => clearInterval(sampler));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('all-bad-rejected.csv');
    // streamed: no length known up front, and the API process never held the file (a buffered
    // answer holds it at least once: 100% and more)
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.lines).toBe(n + 1);
    expect(
      res.head
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['First name,Email,Note,Errors', `P1,bad1,${'x'.repeat(60)},Email: bad1 is not an e-mail`]);
    expect(res.tail.trimEnd().split('\r\n').pop()).toBe(`P${n},bad${n},${'x'.repeat(60)},Email: bad${n} is not an e-mail`);
    expect(res.bytes).toBeGreaterThan(20_000_000);
    expect(peak / res.bytes).toBeLessThan(0.5);

    const small = await uploaded('few-bad.csv', 'First name,Email\nBob,not-an-email\n');
    await runToEnd(small);
    const xlsx = await download(`/api/v1/core/imports/${small.id}/rejected?format=xlsx`, true);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, 'First name', 'Email', 'Errors']);
    expect(book.worksheets[0]?.getRow(2).values).toEqual([undefined, 'Bob', 'not-an-email', expect.stringMatching(/^Email: /)]);
    await me.delete(`/api/v1/core/imports/${imp.id}`);
  }, 90_000);
});

describe('dedupe, references and undo', () => {
  it('updates records found by the dedupe key, resolves references by title or id, creates missing ones, and undoes it all', async () => {
    await clearContacts();
    const org = await me.post('/api/v1/organizations', { name: 'Analytical Engines' });
    const kept = await me.post('/api/v1/contacts', { firstName: 'Ada', email: 'ada@example.com', phone: '+44 1' });
    const imp = await uploaded(
      'dedupe.csv',
      `First name,E-mail,Company\nAda L.,ADA@example.com,Analytical Engines\nGrace,grace@example.com,${org.body.id}\nLinus,linus@example.com,Transmeta\n`,
    );
    const put = await me.put(`/api/v1/core/imports/${imp.id}/mappings`, {
      mapping: { 'First name': 'firstName', 'E-mail': 'email', Company: 'organizationId' },
      dedupeKey: 'email',
      createMissing: false,
    });
    expect(put.status, put.text).toBe(200);
    const strict = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(strict.body).toMatchObject({ total: 3, toCreate: 1, toUpdate: 1, rejected: 1 });
    expect(strict.body.errors[0]).toMatchObject({ row: 3, column: 'Company', code: 'referenceNotFound' });

    await me.put(`/api/v1/core/imports/${imp.id}/mappings`, {
      mapping: put.body.mapping,
      dedupeKey: 'email',
      createMissing: true,
    });
    const loose = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(loose.body).toMatchObject({
      toCreate: 2,
      toUpdate: 1,
      rejected: 0,
      missingReferences: [{ field: 'organizationId', value: 'Transmeta' }],
    });

    const done = await runToEnd(imp);
    expect(done).toMatchObject({ created: 2, updated: 1, rejected: 0 });
    const ada = (await me.get(`/api/v1/contacts/${kept.body.id}`)).body;
    // mapped fields change, the others stay
    expect(ada).toMatchObject({ firstName: 'Ada L.', email: 'ada@example.com', phone: '+44 1', organizationId: org.body.id });
    const [transmeta] = await t.sql(`select id from organizations where tenant_id = $1 and name = 'Transmeta'`, [tenant.id]);
    expect(transmeta).toBeDefined();
    const rows = await contacts();
    expect(rows.map((r) => [r.first_name, r.organization_id])).toEqual([
      ['Ada L.', org.body.id],
      ['Grace', org.body.id],
      ['Linus', transmeta.id],
    ]);

    const undo = await me.post(`/api/v1/core/imports/${imp.id}/undo`);
    expect(undo.status, undo.text).toBe(200);
    await waitFor('the undo', async () => (await me.get(`/api/v1/core/imports/${imp.id}`)).body.status === 'undone');
    expect((await contacts()).map((r) => [r.first_name, r.email, r.phone])).toEqual([['Ada', 'ada@example.com', '+44 1']]);
    // the organization "create missing" made went with it; the one that was there stays
    expect(
      await t.sql(
        `select name from organizations where tenant_id = $1 and deleted_at is null and name in ('Transmeta', 'Analytical Engines')`,
        [tenant.id],
      ),
    ).toEqual([{ name: 'Analytical Engines' }]);
    // an undone import's records are removed for good: not in the recycle bin (decision 086)
    expect((await me.get<{ total: number }>('/api/v1/contacts/recycle-bin?page=1&pageSize=25')).body.total).toBe(0);
    const again = await me.post(`/api/v1/core/imports/${imp.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('importNotUndoable');
  });

  it('undo keeps a record "create missing" made when something else now refers to it, and says so', async () => {
    await clearContacts();
    const imp = await uploaded('orgs.csv', 'First name,Company\nKim,Keep Corp\nDan,Drop Corp\nDee,Drop Corp\n');
    await me.put(`/api/v1/core/imports/${imp.id}/mappings`, {
      mapping: { 'First name': 'firstName', Company: 'organizationId' },
      dedupeKey: null,
      createMissing: true,
    });
    expect(await runToEnd(imp)).toMatchObject({ created: 3, rejected: 0 });
    const orgs = async () =>
      (
        await t.sql(`select name from organizations where tenant_id = $1 and deleted_at is null and name like '% Corp' order by name`, [
          tenant.id,
        ])
      ).map((r: { name: string }) => r.name);
    expect(await orgs()).toEqual(['Drop Corp', 'Keep Corp']);
    const [keep] = await t.sql(`select id from organizations where tenant_id = $1 and name = 'Keep Corp'`, [tenant.id]);
    // a contact entered by hand since then refers to Keep Corp
    expect((await me.post('/api/v1/contacts', { firstName: 'Hand', organizationId: keep.id })).status).toBe(201);

    expect((await me.post(`/api/v1/core/imports/${imp.id}/undo`)).status).toBe(200);
    let undone: ImportDto = imp;
    await waitFor('the undo', async () => {
      undone = (await me.get(`/api/v1/core/imports/${imp.id}`)).body;
      return undone.status === 'undone';
    });
    expect(await orgs()).toEqual(['Keep Corp']);
    expect((await contacts()).map((c) => [c.first_name, c.organization_id])).toEqual([['Hand', keep.id]]);
    expect(undone.undoJob?.progress.message).toMatch(/Kept 1 record.*Keep Corp/);
    expect(undone.undoJob?.progress).toMatchObject({ done: 5, total: 5, errors: 0 });
  });

  it('answers 404 for another workspace’s import, and refuses a member without the import permission', async () => {
    const imp = await uploaded('mine.csv', 'First name\nA\n');
    const stranger = await t.createUser();
    const theirs = await t.createTenant(stranger);
    const other = t.client(stranger, theirs.id);
    for (const [method, url] of [
      ['GET', `/api/v1/core/imports/${imp.id}`],
      ['GET', `/api/v1/core/imports/${imp.id}/columns`],
      ['POST', `/api/v1/core/imports/${imp.id}/run`],
      ['DELETE', `/api/v1/core/imports/${imp.id}`],
      ['PUT', `/api/v1/core/imports/${imp.id}/retry`],
    ] as const) {
      const res = await other.raw({ method, url });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const validate = await other.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(validate.status).toBe(404);

    const viewer = await t.addMemberWith(tenant.id, ['Contact.ViewContacts']);
    const v = t.client(viewer, tenant.id);
    expect((await upload(v, 'x.csv', 'First name\nA\n')).status).toBe(403);
    expect((await v.get('/api/v1/contacts/import-template')).status).toBe(403);
    expect((await v.get(`/api/v1/core/imports/${imp.id}`)).status).toBe(404);
    expect((await v.post('/api/v1/core/imports/history', {})).body.total).toBe(0);

    const del = await me.delete(`/api/v1/core/imports/${imp.id}`);
    expect(del.status).toBe(204);
    expect((await me.get(`/api/v1/core/imports/${imp.id}`)).status).toBe(404);
  });
});

describe('notes as a column (issue 26 polish)', () => {
  it('a "Notes" column is mapped to the note target and adds its text as a note to each created or updated record (none for an empty cell)', async () => {
    await clearContacts();
    const kept = await me.post('/api/v1/contacts', { firstName: 'Ada', email: 'ada@example.com' });
    const imp = await uploaded(
      'notes.csv',
      `First name,E-mail,Notes\nAda,ada@example.com,"Met at the fair.\nWants a demo <b>soon</b>."\nGrace,grace@example.com,Called twice\nLinus,linus@example.com,\n`,
    );
    // the column is recognised by its name, and the target is offered only to kinds with notes
    expect(imp.mapping).toMatchObject({ 'First name': 'firstName', 'E-mail': 'email', Notes: 'note' });
    const info = await me.get('/api/v1/contacts/import-mapping');
    expect(info.body.fields).toContainEqual(expect.objectContaining({ key: 'note', label: 'transfer.noteColumn' }));
    const put = await me.put(`/api/v1/core/imports/${imp.id}/mappings`, { mapping: imp.mapping, dedupeKey: 'email', createMissing: false });
    expect(put.status, put.text).toBe(200);
    const check = await me.post('/api/v1/contacts/import-validate', { importId: imp.id });
    expect(check.body).toMatchObject({ toCreate: 2, toUpdate: 1, rejected: 0 });

    const done = await runToEnd(imp);
    expect(done).toMatchObject({ created: 2, updated: 1, rejected: 0 });
    const notes = await t.sql<{ first_name: string; body: string }>(
      `select c.first_name, n.body from notes n join contacts c on c.tenant_id = n.tenant_id and c.id = n.entity_id
       where n.tenant_id = $1 and n.entity_kind = 'Contact' order by c.first_name`,
      [tenant.id],
    );
    expect(notes).toEqual([
      { first_name: 'Ada', body: '<p>Met at the fair.<br>Wants a demo &lt;b&gt;soon&lt;/b&gt;.</p>' },
      { first_name: 'Grace', body: '<p>Called twice</p>' },
    ]);
    // the record's timeline says so, like a note added by hand
    const activity = await me.get(`/api/v1/core/activity?target=Contact&targetId=${kept.body.id}`);
    expect(JSON.stringify(activity.body)).toContain('Met at the fair.');
  });
});

describe('who sees and manages whose imports (decision 078)', () => {
  it('Import shows one’s own only, View shows everybody’s but refuses changing another’s (403), Manage may', async () => {
    const base = ['Contact.ViewContacts', 'Contact.CreateContacts', 'Contact.ManageContacts'];
    const importer = await t.addMemberWith(tenant.id, [...base, 'Contact.Import']);
    const viewer = await t.addMemberWith(tenant.id, [...base, 'Contact.Import', 'Contact.ViewContactImports']);
    const manager = await t.addMemberWith(tenant.id, [...base, 'Contact.ManageContactImports']);
    const asImporter = t.client(importer, tenant.id);
    const asViewer = t.client(viewer, tenant.id);
    const asManager = t.client(manager, tenant.id);

    const ownersImport = await uploaded('owners.csv', 'First name,Email\nOla,ola@example.com\nBad,not-an-email\n');
    await runToEnd(ownersImport);
    const theirs = await upload(asImporter, 'importers.csv', 'First name\nIra\n');
    expect(theirs.status, theirs.text).toBe(201);
    const importersImport: ImportDto = theirs.body;
    expect(importersImport.canManage).toBe(true);
    const ownersLeads = await uploaded('leads.csv', 'First name\nLee\n', 'Lead');

    // Import only: one's own, another's answers 404 like a missing one
    const mine = await asImporter.post('/api/v1/core/imports/history', { page: 1, pageSize: 100 });
    expect(mine.body.data.map((i: ImportDto) => i.id)).toEqual([importersImport.id]);
    expect(mine.body.total).toBe(1);
    for (const [method, url] of [
      ['GET', `/api/v1/core/imports/${ownersImport.id}`],
      ['GET', `/api/v1/core/imports/${ownersImport.id}/rejected`],
      ['DELETE', `/api/v1/core/imports/${ownersImport.id}`],
      ['POST', `/api/v1/core/imports/${ownersImport.id}/undo`],
    ] as const) {
      expect((await asImporter.raw({ method, url })).status, `${method} ${url}`).toBe(404);
    }
    // … and manages one's own
    const mapped = await asImporter.put(`/api/v1/core/imports/${importersImport.id}/mappings`, { mapping: { 'First name': 'firstName' } });
    expect(mapped.status, mapped.text).toBe(200);

    // View: everybody's of the kind (not the leads: that is the lead variant), files too
    const all = await asViewer.post('/api/v1/core/imports/history', { page: 1, pageSize: 100 });
    const seen = all.body.data.map((i: ImportDto) => i.id);
    expect(seen).toEqual(expect.arrayContaining([ownersImport.id, importersImport.id]));
    expect(seen).not.toContain(ownersLeads.id);
    expect(all.body.data.find((i: ImportDto) => i.id === ownersImport.id)).toMatchObject({ canManage: false });
    expect((await asViewer.get(`/api/v1/core/imports/${ownersLeads.id}`)).status).toBe(404);
    const rejected = await asViewer.get(`/api/v1/core/imports/${ownersImport.id}/rejected?format=csv`);
    expect(rejected.status).toBe(200);
    expect(rejected.text).toContain('Bad,not-an-email');
    for (const [method, url] of [
      ['DELETE', `/api/v1/core/imports/${ownersImport.id}`],
      ['POST', `/api/v1/core/imports/${ownersImport.id}/undo`],
      ['PUT', `/api/v1/core/imports/${ownersImport.id}/retry`],
      ['PUT', `/api/v1/core/imports/${importersImport.id}/mappings`],
    ] as const) {
      const res = await asViewer.raw({
        method,
        url,
        ...(method === 'PUT' && url.endsWith('mappings')
          ? { payload: JSON.stringify({ mapping: {} }), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.detail).toContain('Contact.ManageContactImports');
    }
    expect((await me.get(`/api/v1/core/imports/${ownersImport.id}`)).status).toBe(200);

    // Manage: deletes and undoes another's
    const managed = await asManager.post('/api/v1/core/imports/history', { page: 1, pageSize: 100, entityKind: 'Contact' });
    expect(managed.body.data.every((i: ImportDto) => i.canManage)).toBe(true);
    expect((await asManager.delete(`/api/v1/core/imports/${importersImport.id}`)).status).toBe(204);
    expect((await me.get(`/api/v1/core/imports/${importersImport.id}`)).status).toBe(404);
    const undo = await asManager.post(`/api/v1/core/imports/${ownersImport.id}/undo`);
    expect(undo.status, undo.text).toBe(200);
    await waitFor('the undo', async () => (await me.get(`/api/v1/core/imports/${ownersImport.id}`)).body.status === 'undone');
  });
});

describe('abandoned uploads (issue 26 polish)', () => {
  it('housekeeping removes an import uploaded or mapped but not started for a day, and its file; started and recent ones stay', async () => {
    const blobs = blobStoreFor(t.config);
    const uploadedOnly = await uploaded('left-after-upload.csv', 'First name\nAbe\n');
    const mapped = await uploaded('left-after-mapping.csv', 'First name\nBea\n');
    expect((await me.put(`/api/v1/core/imports/${mapped.id}/mappings`, { mapping: { 'First name': 'firstName' } })).status).toBe(200);
    const recent = await uploaded('still-mapping.csv', 'First name\nCid\n');
    const started = await runToEnd(await uploaded('imported-long-ago.csv', 'First name\nDot\n'));
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await t.sql(`update imports set created_at = $2, updated_at = $2 where tenant_id = $1 and id = any($3)`, [
      tenant.id,
      dayAndMinuteAgo,
      [uploadedOnly.id, mapped.id, started.id],
    ]);
    // touched a minute short of a day ago: not yet abandoned
    await t.sql(`update imports set created_at = $2, updated_at = $3 where tenant_id = $1 and id = $4`, [
      tenant.id,
      dayAndMinuteAgo,
      new Date(Date.now() - 24 * 3600_000 + 60_000).toISOString(),
      recent.id,
    ]);
    const keys = await t.sql<{ id: string; blob_key: string }>(`select id, blob_key from imports where tenant_id = $1`, [tenant.id]);
    const keyOf = (id: string) => keys.find((k) => k.id === id)?.blob_key as string;
    expect(await blobs.stat(keyOf(uploadedOnly.id))).toBeDefined();

    await t.app.atrium.jobs.runSystemTask('housekeeping.tenants');

    const history = await me.post('/api/v1/core/imports/history', { page: 1, pageSize: 100 });
    const names = history.body.data.map((i: ImportDto) => i.fileName);
    expect(names).not.toContain('left-after-upload.csv');
    expect(names).not.toContain('left-after-mapping.csv');
    expect(names).toEqual(expect.arrayContaining(['still-mapping.csv', 'imported-long-ago.csv']));
    expect((await me.get(`/api/v1/core/imports/${uploadedOnly.id}`)).status).toBe(404);
    expect(await blobs.stat(keyOf(uploadedOnly.id))).toBeUndefined();
    expect(await blobs.stat(keyOf(mapped.id))).toBeUndefined();
    expect(await blobs.stat(keyOf(recent.id))).toBeDefined();
    expect(await blobs.stat(keyOf(started.id))).toBeDefined();
  });
});
