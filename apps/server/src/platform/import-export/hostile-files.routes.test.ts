import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { ImportDto, Job } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type Reply, type TestApp, waitFor } from '../../../test/harness';

// Issue 25, section 2: hostile and broken import files. Every fixture is built here at run time;
// the zip bomb is a few hundred kilobytes that inflate to 512 MB.

const MAX_ROWS = 5;
let t: TestApp;
let me: ReturnType<TestApp['client']>;
let tenantId: string;
// every answer and job message the tests saw, for the guard at the end
const seen: { what: string; text: string }[] = [];

const note = (what: string, res: Reply) => {
  seen.push({ what, text: res.text });
  return res;
};
const upload = async (fileName: string, data: Buffer | string) =>
  note(
    `upload ${fileName}`,
    await me.raw({
      method: 'POST',
      url: '/api/v1/core/imports/upload?entityKind=Contact',
      ...multipartFile(fileName, data),
    }),
  );
const columns = async (id: string) => note(`columns ${id}`, await me.get(`/api/v1/core/imports/${id}/columns`));
const validate = async (id: string) => note(`validate ${id}`, await me.post('/api/v1/contacts/import-validate', { importId: id }));

async function runToEnd(id: string, status: Job['status']): Promise<ImportDto> {
  note(`run ${id}`, await me.post(`/api/v1/core/imports/${id}/run`));
  let last: ImportDto | undefined;
  await waitFor(`the import to be ${status}`, async () => {
    const res = await me.get(`/api/v1/core/imports/${id}`);
    last = res.body;
    return last?.job?.status === status;
  });
  const done = last as ImportDto;
  seen.push({ what: `job of ${id}`, text: JSON.stringify(done.job) });
  return done;
}

// A refusal of the file: 400, a problem document naming the file and the rule.
function expectRefusal(res: Reply, code: string, detail?: RegExp) {
  expect(res.status, res.text).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ code, errors: [{ field: 'file', code }] });
  if (detail) expect(res.body.detail).toMatch(detail);
}

// A zip written by hand, so that a part may be given already deflated (the bomb).
type ZipPart = { name: string; raw: Buffer; crc: number; size: number };
function zipOf(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.raw.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0, 12);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(p.crc, 16);
    entry.writeUInt32LE(p.raw.length, 20);
    entry.writeUInt32LE(p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    chunks.push(local, name, p.raw);
    offset += local.length + name.length + p.raw.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, dir, end]);
}
const part = (name: string, data: Buffer): ZipPart => ({ name, raw: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length });

// A workbook (the parts ExcelJS writes) whose first sheet is `sheet`: its XML before and after
// `repeat` megabytes of the letter A, deflated once and repeated (each piece ends at a full
// flush, so the pieces join into one valid deflate stream).
async function workbookWith(before: string, repeat: number, after: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Data').addRow(['x']);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const parts: ZipPart[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || name === 'xl/worksheets/sheet1.xml' || name === 'xl/sharedStrings.xml') continue;
    parts.push(part(name, await file.async('nodebuffer')));
  }
  const mb = Buffer.alloc(1024 * 1024, 'A');
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const head = Buffer.from(before, 'utf8');
  const tail = Buffer.from(after, 'utf8');
  const piece = zlib.deflateRawSync(mb, flush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < repeat; i += 1) crc = zlib.crc32(mb, crc);
  crc = zlib.crc32(tail, crc);
  const raw = Buffer.concat([zlib.deflateRawSync(head, flush), ...Array.from({ length: repeat }, () => piece), zlib.deflateRawSync(tail)]);
  parts.push({ name: 'xl/worksheets/sheet1.xml', raw, crc: crc >>> 0, size: (head.length + repeat * mb.length + tail.length) >>> 0 });
  return zipOf(parts);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contacts');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

beforeAll(async () => {
  t = await createTestApp({}, { ATRIUM_ROLE: 'all', JOBS_LEASE_SECONDS: '4', IMPORT_MAX_ROWS: String(MAX_ROWS) });
  const owner = await t.createUser();
  const tenant = await t.createTenant(owner);
  tenantId = tenant.id;
  me = t.client(owner, tenant.id);
});
afterAll(async () => t.close());

describe('hostile XLSX files', () => {
  it('an XLSX whose one cell inflates to 512 MB is refused with the cell limit, and memory stays near where it was', async () => {
    const bomb = await workbookWith(
      `${SHEET_HEAD}<row r="1">${inline('A1', 'First name')}${inline('B1', 'Note')}</row><row r="2">${inline('A2', 'Ada')}<c r="B2" t="inlineStr"><is><t>`,
      512,
      '</t></is></c></row></sheetData></worksheet>',
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory());
    }, 5);
    try {
      const up = await upload('bomb.xlsx', bomb);
      // the header row may already meet the cell (it comes in the same inflated piece)
      const refused = up.status === 201 ? await columns(up.body.id) : up;
      expectRefusal(refused, 'cellTooLong', /longer than 32,767 characters/);
      expect(refused.body.errors[0].max).toBe(32_767);
      if (up.status === 201) expectRefusal(await validate(up.body.id), 'cellTooLong');
    } finally {
      clearInterval(sampler);
    }
    // the reader stopped at the limit: nowhere near the 512 MB (the probe saw ~485 MB stay)
    expect((peak - before) / 1024 / 1024).toBeLessThan(64);
  });

  it('refuses what an XLSX unpacks to past the limits, an empty zip, a zip that is no workbook and a truncated workbook', async () => {
    const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]);
    expectRefusal(await upload('empty.xlsx', emptyZip), 'unreadableFile', /not an Excel workbook/);

    const other = new JSZip();
    other.file('readme.txt', 'hello');
    const notBook = Buffer.from(await other.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expectRefusal(await upload('other.xlsx', notBook), 'unreadableFile', /not an Excel workbook/);

    const whole = await xlsx([
      ['First name', 'Email'],
      ['Ada', 'ada@example.com'],
    ]);
    for (const cut of [200, Math.floor(whole.length / 2), whole.length - 30]) {
      expectRefusal(await upload('cut.xlsx', whole.subarray(0, cut)), 'unreadableFile', /damaged or incomplete/);
    }
  });

  it('stops an XLSX at IMPORT_MAX_ROWS at preview', async () => {
    const rows = [['First name', 'Email'], ...Array.from({ length: MAX_ROWS + 3 }, (_, i) => [`P${i}`, `p${i}@example.com`])];
    const up = await upload('many.xlsx', await xlsx(rows));
    expect(up.status, up.text).toBe(201);
    expectRefusal(await columns(up.body.id), 'tooManyRows', new RegExp(`more than ${MAX_ROWS} rows.*IMPORT_MAX_ROWS`));
    expect((await columns(up.body.id)).body.errors[0].max).toBe(MAX_ROWS);
  });
});

describe('hostile and broken CSV files', () => {
  it('stops a CSV at IMPORT_MAX_ROWS at preview, validation and in the job, with a message for people', async () => {
    const lines = ['First name,Email', ...Array.from({ length: MAX_ROWS + 3 }, (_, i) => `P${i},p${i}@example.com`)];
    const up = await upload('many.csv', `${lines.join('\n')}\n`);
    expect(up.status, up.text).toBe(201);
    expectRefusal(await columns(up.body.id), 'tooManyRows', /more than 5 rows/);
    expectRefusal(await validate(up.body.id), 'tooManyRows', /IMPORT_MAX_ROWS/);
    const failed = await runToEnd(up.body.id, 'failed');
    expect(failed.job?.error).toBe(
      `The file has more than ${MAX_ROWS} rows, the most one import may have (IMPORT_MAX_ROWS); split it into smaller files`,
    );
  });

  it('answers a 400 naming the line of a quote that is never closed, at upload (header) or at preview', async () => {
    const up = await upload('quote.csv', 'First name,Email\nAda,ada@example.com\nBob,"bob@example.com\nCy,cy@example.com\n');
    expect(up.status, up.text).toBe(201);
    expectRefusal(await columns(up.body.id), 'unterminatedQuote', /on line 3 /);
    expectRefusal(await validate(up.body.id), 'unterminatedQuote', /on line 3 /);
    expectRefusal(await upload('quote-header.csv', 'First name,"Email\nAda,ada@example.com\n'), 'unterminatedQuote', /on line 1 /);
  });

  it('refuses the rows with a NUL character into the rejected-rows file and imports the rest', async () => {
    await t.sql(`delete from contacts where tenant_id = $1`, [tenantId]);
    const up = await upload('nul.csv', 'First name,Email\nAda,ada@example.com\nB\u0000ob,bob@example.com\nCy,cy@exa\u0000mple.com\n');
    expect(up.status, up.text).toBe(201);
    const check = await validate(up.body.id);
    expect(check.body).toMatchObject({ total: 3, valid: 1, rejected: 2 });
    expect(check.body.errors[0]).toMatchObject({ row: 2, column: 'First name', field: 'firstName', code: 'invalidText' });
    const done = await runToEnd(up.body.id, 'succeeded');
    expect(done).toMatchObject({ created: 1, rejected: 2 });
    const names = await t.sql(`select first_name from contacts where tenant_id = $1`, [tenantId]);
    expect(names).toEqual([{ first_name: 'Ada' }]);
    const rejected = note('rejected nul.csv', await me.get(`/api/v1/core/imports/${up.body.id}/rejected?format=csv`));
    const lines = rejected.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('First name,Email,Errors');
    expect(lines[1]).toBe(
      'B\uFFFDob,bob@example.com,First name: contains a NUL character (or a broken character) that cannot be stored; remove it',
    );
    expect(lines[2]).toMatch(/^Cy,cy@exa\uFFFDmple\.com,Email: contains a NUL character/);
  });

  it('imports Excel\u2019s "Unicode text" (UTF-16LE with BOM, tab separated) and UTF-16BE with BOM', async () => {
    for (const [encoding, file] of [
      ['utf-16le', Buffer.from('\uFEFFFirst name\tLast name\r\nJürgen\tGroß\r\n', 'utf16le')],
      ['utf-16be', Buffer.from('\uFEFFFirst name;Last name\r\nJürgen;Groß\r\n', 'utf16le').swap16()],
    ] as const) {
      await t.sql(`delete from contacts where tenant_id = $1`, [tenantId]);
      const up = await upload('unicode.txt', file);
      expect(up.status, up.text).toBe(201);
      expect(up.body).toMatchObject({ format: 'csv', encoding, delimiter: encoding === 'utf-16le' ? '\t' : ';' });
      expect(up.body.columns).toEqual(['First name', 'Last name']);
      expect((await columns(up.body.id)).body.columns[0]).toEqual({ name: 'First name', samples: ['Jürgen'] });
      expect(await runToEnd(up.body.id, 'succeeded')).toMatchObject({ created: 1, rejected: 0 });
      expect(await t.sql(`select first_name, last_name from contacts where tenant_id = $1`, [tenantId])).toEqual([
        { first_name: 'Jürgen', last_name: 'Groß' },
      ]);
    }
  });

  it('refuses binary files and invalid UTF-8 at upload, and invalid UTF-8 past the first bytes when reading reaches it', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expectRefusal(await upload('picture.csv', png), 'binaryFile', /not a text file/);
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff));
    expectRefusal(await upload('noise.csv', noise), 'binaryFile');
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500)]);
    expectRefusal(await upload('old.xls', xls), 'binaryFile', /Excel 97–2003/);

    // UTF-8 characters, then bytes UTF-8 cannot have: neither UTF-8 nor Windows-1252
    const mixed = Buffer.concat([Buffer.from('First name,Last name\nJürgen,Groß\n', 'utf8'), Buffer.from([0x42, 0xe9, 0x2c, 0x43, 0x0a])]);
    expectRefusal(await upload('mixed.csv', mixed), 'invalidEncoding', /not valid UTF-8 at line 3/);

    // past the 64 KB the upload sniffs (in few rows: the row limit of this file is 5)
    const good = ['First name,Note', ...Array.from({ length: 3 }, (_, i) => `Person ${i},${'ü'.repeat(15_000)}`)].join('\n');
    const late = Buffer.concat([Buffer.from(`${good}\n`, 'utf8'), Buffer.from([0x42, 0xff, 0x0a])]);
    expect(late.length).toBeGreaterThan(64 * 1024);
    const up = await upload('late.csv', late);
    expect(up.status, up.text).toBe(201);
    expectRefusal(await validate(up.body.id), 'invalidEncoding', /at line 5:/);
  });
});

// Every answer above and every job they ran, searched for what must stay inside the server:
// SQL, its parameters, exception names and texts, the zip reader's codes, stack frames.
describe('no internal text in any answer', () => {
  it('the answers and job messages of all the files above carry none', async () => {
    // a job the database fails (a trigger standing in for a broken database)
    await t.sql(`create or replace function atrium_test_fail() returns trigger language plpgsql as $$
      begin if new.first_name = 'Boom' then raise exception 'select secret from vault where id = $1'; end if; return new; end $$`);
    await t.sql(`create trigger atrium_test_fail before insert on contacts for each row execute function atrium_test_fail()`);
    try {
      const up = await upload('boom.csv', 'First name\nBoom\n');
      const failed = await runToEnd(up.body.id, 'failed');
      expect(failed.job?.error).toMatch(
        /^The import stopped at row 1 \(the rows before it are imported\) because of an error on the server/,
      );
    } finally {
      await t.sql(`drop trigger atrium_test_fail on contacts`);
    }
    expect(seen.length).toBeGreaterThan(30);
    const internal = [/insert into/i, /select /i, /params:/i, /\$\d/, /TypeError/, /Error:/, /FILE_ENDED/, /^\s{4}at /m, /\\n\s{4}at /];
    for (const { what, text } of seen) {
      for (const pattern of internal) expect(text, `${what}: ${text}`).not.toMatch(pattern);
    }
  });
});
