import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { CsvDelimiter, ErrorCode, FileFormat } from '@atrium/domain';
import { AppError } from '../errors';

// Reading and writing the files of imports and exports as streams (decision 071): CSV through
// csv-parse / csv-stringify, Windows-1252 and UTF-16 through iconv-lite, XLSX through ExcelJS's
// streaming reader and writer. A file is never held whole in memory, and what a file may make
// the reader hold or do is bounded while it streams (issue 25): rows, cell length, CSV line
// length, and for XLSX the inflated size of the zip's parts.

export type FileEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type FileShape = { format: FileFormat; encoding: FileEncoding; delimiter: ',' | ';' | '\t' | null };

export type ReadLimits = {
  // data rows (the header not counted): IMPORT_MAX_ROWS
  maxRows: number;
  // characters in one cell (Excel's own limit)
  maxCellChars: number;
  // characters in one CSV record, quoted line breaks included
  maxLineChars: number;
  // bytes all the XLSX parts read inflate to, together
  maxInflatedBytes: number;
  // bytes the XLSX shared strings (held in memory while the sheet is read) inflate to
  maxSharedStringsBytes: number;
  // bytes between two markup characters of an XLSX part: one cell's text or one tag
  maxXmlRunBytes: number;
};

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxRows: 1_000_000,
  maxCellChars: 32_767,
  maxLineChars: 1_048_576,
  maxInflatedBytes: 1024 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  maxXmlRunBytes: 256 * 1024,
};

const fmt = (n: number) => n.toLocaleString('en-US');
const mib = (n: number) => `${fmt(Math.round(n / 1024 / 1024))} MB`;

// A refusal of the file: a 400 naming the file field and the rule, with a message for people.
export function fileError(code: ErrorCode, message: string, max?: number): AppError {
  return new AppError(400, code, message, [{ field: 'file', code, message, ...(max === undefined ? {} : { max }) }]);
}

// Anything else a reader throws (a library's own error) becomes a refusal saying what the file
// is not; the original stays on the error for the log, never in the answer.
export function asFileError(err: unknown, format: FileFormat | 'unknown'): AppError {
  if (err instanceof AppError) return err;
  const message =
    format === 'xlsx'
      ? 'file is damaged or incomplete and could not be read as an Excel workbook (XLSX); open it in Excel, save it again and upload that file'
      : 'file could not be read as CSV or XLSX';
  const refused = fileError('unreadableFile', message);
  refused.internal = err;
  return refused;
}

const ZIP_MAGICS = [
  [0x50, 0x4b, 0x03, 0x04],
  // an empty archive, a spanned one
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// files people pick by mistake: PDF, PNG, GIF, JPEG, gzip, 7-Zip, RAR, ELF
const BINARY_MAGICS = [
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x89, 0x50, 0x4e, 0x47],
  [0x47, 0x49, 0x46, 0x38],
  [0xff, 0xd8, 0xff],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
  [0x7f, 0x45, 0x4c, 0x46],
];
const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

// Control characters no text file holds (tab, line breaks, form feed and DOS's end-of-file mark
// aside): the share of them tells a binary file from text.
const isControl = (c: number) => (c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 26) || c === 0x7f;
function controlShare(codes: Iterable<number>): number {
  let n = 0;
  let bad = 0;
  for (const c of codes) {
    n += 1;
    if (isControl(c)) bad += 1;
  }
  return n === 0 ? 0 : bad / n;
}

// UTF-16 without a byte order mark: text in a Latin script has a zero byte in every other place.
function utf16Pattern(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(head.length, 4096) / 2);
  if (pairs < 2) return undefined;
  let le = 0;
  let be = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] !== 0 && head[i + 1] === 0) le += 1;
    else if (head[i] === 0 && head[i + 1] !== 0) be += 1;
  }
  if (le / pairs > 0.4 && be / pairs < 0.05) return 'utf-16le';
  if (be / pairs > 0.4 && le / pairs < 0.05) return 'utf-16be';
  return undefined;
}

// Where the whole characters of a UTF-8 sample end (a multi-byte one may be cut at its end).
function wholeCharsEnd(buf: Buffer): number {
  let i = buf.length;
  let back = 0;
  while (i > 0 && back < 3 && ((buf[i - 1] ?? 0) & 0xc0) === 0x80) {
    i -= 1;
    back += 1;
  }
  return i > 0 && (buf[i - 1] ?? 0) >= 0xc0 ? i - 1 : buf.length;
}

// The first byte that does not start a well-formed UTF-8 sequence, and how many multi-byte
// characters come before it (-1: none is bad).
function scanUtf8(buf: Buffer): { invalidAt: number; multibyte: number } {
  let multibyte = 0;
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] ?? 0;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const n = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (n === 0 || i + n >= buf.length) return { invalidAt: i, multibyte };
    for (let k = 1; k <= n; k += 1) if (((buf[i + k] ?? 0) & 0xc0) !== 0x80) return { invalidAt: i, multibyte };
    multibyte += 1;
    i += n + 1;
  }
  return { invalidAt: -1, multibyte };
}

const lineAt = (buf: Buffer, offset: number, before = 0) => {
  let line = before + 1;
  for (let i = buf.indexOf(10); i !== -1 && i < offset; i = buf.indexOf(10, i + 1)) line += 1;
  return line;
};

const invalidUtf8 = (line: number) =>
  fileError(
    'invalidEncoding',
    `file is not valid UTF-8 at line ${fmt(line)}: it mixes UTF-8 with bytes of another encoding; save it as UTF-8 (or as Windows-1252 throughout) and upload it again`,
  );

// What a file is, from its first bytes: XLSX (a zip); UTF-16 (by its byte order mark, or the
// zero bytes of a file without one); a binary file (refused); else a CSV in UTF-8 when the bytes
// decode as UTF-8 (a BOM settles it) and Windows-1252 otherwise — a sample that holds both
// UTF-8 characters and bytes UTF-8 cannot have is neither, and refused. The separator is the one
// of comma, semicolon and tab that the header line holds most of (outside quotes).
export function sniffFile(head: Buffer): FileShape {
  if (ZIP_MAGICS.some((m) => startsWith(head, m))) return { format: 'xlsx', encoding: 'utf-8', delimiter: null };
  if (startsWith(head, OLE2))
    throw fileError(
      'binaryFile',
      'file is an Excel 97–2003 workbook (.xls) or another old Office file; save it as XLSX or CSV and upload that',
    );
  let encoding: FileEncoding = 'utf-8';
  let text: string;
  const utf16 = startsWith(head, UTF16LE_BOM) ? 'utf-16le' : startsWith(head, UTF16BE_BOM) ? 'utf-16be' : utf16Pattern(head);
  if (utf16) {
    encoding = utf16;
    text = iconv.decode(head.subarray(0, head.length - (head.length % 2)), utf16);
    if (controlShare(Array.from(text, (c) => c.charCodeAt(0))) > 0.1) throw binary();
  } else {
    const end = wholeCharsEnd(head);
    const sample = head.subarray(0, end);
    const valid = isUtf8(sample);
    if (BINARY_MAGICS.some((m) => startsWith(head, m)) || controlShare(sample) > (valid ? 0.1 : 0.01)) throw binary();
    if (!valid) {
      const { invalidAt, multibyte } = scanUtf8(sample);
      // a BOM says UTF-8, and so do UTF-8 characters before the first bad byte
      if (startsWith(head, UTF8_BOM) || multibyte > 0) throw invalidUtf8(lineAt(sample, Math.max(invalidAt, 0)));
      encoding = 'windows-1252';
    }
    text = encoding === 'utf-8' ? sample.toString('utf8') : iconv.decode(head, 'win1252');
  }
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  const delimiter = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0];
  return { format: 'csv', encoding, delimiter: delimiter && delimiter[1] > 0 ? delimiter[0] : ',' };
}

function binary(): AppError {
  return fileError('binaryFile', 'file is not a text file (CSV) or an Excel workbook (XLSX); choose a CSV or XLSX file');
}

// The first bytes of a stream (for sniffing); the stream is destroyed afterwards.
export async function readHead(stream: Readable, bytes = 64 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    parts.push(b);
    size += b.length;
    if (size >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(parts).subarray(0, bytes);
}

// UTF-8 bytes passed on unchanged once checked: a byte sequence UTF-8 cannot have (past the
// sample the file was sniffed by) refuses the file, naming its line.
function utf8Check(): Transform {
  let carry = Buffer.alloc(0);
  let lines = 0;
  const check = (whole: Buffer): AppError | undefined => {
    if (isUtf8(whole)) {
      for (let i = whole.indexOf(10); i !== -1; i = whole.indexOf(10, i + 1)) lines += 1;
      return undefined;
    }
    const { invalidAt } = scanUtf8(whole);
    return invalidUtf8(lineAt(whole, invalidAt < 0 ? 0 : invalidAt, lines));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const end = wholeCharsEnd(buf);
      const whole = buf.subarray(0, end);
      carry = Buffer.from(buf.subarray(end));
      const bad = check(whole);
      if (bad) done(bad);
      else done(null, whole);
    },
    flush(done) {
      const bad = carry.length > 0 ? check(carry) : undefined;
      if (bad) done(bad);
      else done(null, carry.length > 0 ? carry : undefined);
    },
  });
}

const pad2 = (n: number) => String(n).padStart(2, '0');

// An XLSX cell as the text a CSV would hold: dates as ISO (a date alone when it has no time),
// formulas by their result, rich text and hyperlinks by their text.
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const d = value;
    const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
    const date = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
    return midnight ? date : d.toISOString();
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

const tooManyRows = (limits: ReadLimits) =>
  fileError(
    'tooManyRows',
    `file has more than ${fmt(limits.maxRows)} rows, the most one import may have (IMPORT_MAX_ROWS); split it into smaller files`,
    limits.maxRows,
  );
const cellTooLong = (limits: ReadLimits, where: string) =>
  fileError(
    'cellTooLong',
    `file has a cell longer than ${fmt(limits.maxCellChars)} characters, the most a cell may hold (${where})`,
    limits.maxCellChars,
  );

// Rows of the file as arrays of strings, the header first; empty lines are skipped. Every way a
// file can be broken or hostile ends in a refusal (an AppError naming the file and the rule).
export async function* readRows(stream: Readable, shape: FileShape, limits: ReadLimits = DEFAULT_READ_LIMITS): AsyncGenerator<string[]> {
  let rows = -1;
  const counted = (cells: string[], where: () => string) => {
    rows += 1;
    if (rows > limits.maxRows) throw tooManyRows(limits);
    for (const c of cells) if (c.length > limits.maxCellChars) throw cellTooLong(limits, where());
    return cells;
  };
  try {
    if (shape.format === 'xlsx') {
      for await (const cells of xlsxRows(stream, limits)) yield counted(cells, () => `row ${fmt(rows + 1)}`);
      return;
    }
    yield* csvRows(stream, shape, limits, counted);
  } catch (err) {
    throw asFileError(err, shape.format);
  } finally {
    stream.destroy();
  }
}

async function* csvRows(
  stream: Readable,
  shape: FileShape,
  limits: ReadLimits,
  counted: (cells: string[], where: () => string) => string[],
): AsyncGenerator<string[]> {
  const decoded: Readable =
    shape.encoding === 'windows-1252' || shape.encoding === 'utf-16le' || shape.encoding === 'utf-16be'
      ? // iconv-lite's decoder is a Transform; its types say only ReadWriteStream
        (stream.pipe(iconv.decodeStream(shape.encoding === 'windows-1252' ? 'win1252' : shape.encoding)) as unknown as Transform)
      : stream.pipe(utf8Check());
  stream.on('error', (e) => decoded.destroy(e));
  const parser = decoded.pipe(
    parse({
      delimiter: shape.delimiter ?? ',',
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: false,
      max_record_size: limits.maxLineChars,
      // each record with the line it ends on
      info: true,
    }),
  );
  decoded.on('error', (e) => parser.destroy(e));
  // the line the record being read starts on: the one after the last record's end
  let startLine = 1;
  try {
    for await (const item of parser) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      // line breaks inside quoted cells arrive as the file's own (CRLF from Excel); stored as LF
      const cells = record.map((c) => c.replace(/\r\n?/g, '\n').trim());
      const line = startLine;
      startLine = info.lines + 1;
      if (cells.some((c) => c !== '')) yield counted(cells, () => `line ${fmt(line)}`);
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED' || (code === 'CSV_MAX_RECORD_SIZE' && (err as { quoting?: unknown }).quoting === true))
      throw fileError(
        'unterminatedQuote',
        `file has a quote that is never closed: the cell that starts with it on line ${fmt(startLine)} runs to the end of the file; close the quote or remove it`,
      );
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw fileError(
        'lineTooLong',
        `file has a line longer than ${fmt(limits.maxLineChars)} characters (line ${fmt(startLine)})`,
        limits.maxLineChars,
      );
    throw err;
  } finally {
    parser.destroy();
    decoded.destroy();
  }
}

// The zip reader ExcelJS itself uses (its own dependency, so the versions stay matched).
type ZipEntry = Readable & { path: string; autodrain: () => unknown };
type ZipParse = Transform;
const requireFromExcel = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const unzipper = requireFromExcel('unzipper') as { Parse: (opts: { forceStream: boolean }) => ZipParse };

// ExcelJS's streaming reader, as far as the guarded reading below uses its parts.
type ReaderParts = {
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  _parseRels: (entry: Readable) => Promise<void>;
  _parseWorkbook: (entry: Readable) => Promise<void>;
  _parseStyles: (entry: Readable) => Promise<void>;
  _parseSharedStrings: (entry: Readable) => AsyncGenerator<unknown>;
  _parseWorksheet: (iterable: AsyncIterable<unknown>, sheetNo: string) => Generator<{ eventType: string; value: unknown }>;
};

// cache mode: the shared strings are kept by the reader, nothing is yielded
async function drain(events: AsyncGenerator<unknown>): Promise<void> {
  while (!(await events.next()).done);
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

// Counts what the zip's parts inflate to and how long a run of XML between two markup
// characters gets (one cell's text or one tag; comments and CDATA sections run to their end),
// and stops the reading at the first limit instead of after the whole part is in memory.
function inflateMeter(limits: ReadLimits) {
  let total = 0;
  return (name: string): Transform => {
    let part = 0;
    let run = 0;
    // outside markup, in a tag, in a comment or CDATA section (until its closing characters)
    let state: 'text' | 'tag' | 'special' = 'text';
    let tail = '';
    const isSharedStrings = name === 'xl/sharedStrings.xml';
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        part += chunk.length;
        if (total > limits.maxInflatedBytes)
          return done(
            fileError(
              'uncompressedSize',
              `file unpacks to more than ${mib(limits.maxInflatedBytes)}, the most an XLSX import may unpack to; save it as CSV or split it`,
              limits.maxInflatedBytes,
            ),
          );
        if (isSharedStrings && part > limits.maxSharedStringsBytes)
          return done(
            fileError(
              'uncompressedSize',
              `file's shared texts unpack to more than ${mib(limits.maxSharedStringsBytes)}, the most an XLSX import may hold; save it as CSV or split it`,
              limits.maxSharedStringsBytes,
            ),
          );
        let i = 0;
        while (i < chunk.length) {
          if (state === 'text') {
            // most bytes are text: jump to the next "<"
            const lt = chunk.indexOf(0x3c, i);
            run += (lt === -1 ? chunk.length : lt) - i;
            if (run > limits.maxXmlRunBytes) return done(cellTooLong(limits, 'found while unpacking the workbook'));
            if (lt === -1) break;
            state = 'tag';
            run = 0;
            tail = '<';
            i = lt + 1;
            continue;
          }
          const b = chunk[i] ?? 0;
          i += 1;
          run += 1;
          if (state === 'special') {
            // a comment or CDATA section ends at "-->" or "]]>"
            tail = (tail + String.fromCharCode(b)).slice(-3);
            if (tail === ']]>' || tail === '-->') {
              state = 'text';
              run = 0;
            }
          } else if (b === 0x3e) {
            state = 'text';
            run = 0;
          } else if (b === 0x3c) {
            run = 0;
            tail = '<';
          } else if (tail.length < 2) {
            tail += String.fromCharCode(b);
            if (tail === '<!') state = 'special';
          }
          if (run > limits.maxXmlRunBytes) return done(cellTooLong(limits, 'found while unpacking the workbook'));
        }
        return done(null, chunk);
      },
    });
  };
}

// The first worksheet's rows, read with ExcelJS's parts from a zip stream whose parts go
// through the meter first. A sheet that comes before the shared strings (or a file without
// them) waits in a temporary file, as ExcelJS does it.
async function* xlsxRows(input: Readable, limits: ReadLimits): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const parts = reader as unknown as ReaderParts;
  const meter = inflateMeter(limits);
  const zip = unzipper.Parse({ forceStream: true });
  let current: Transform | undefined;
  // the zip reader reports a broken file (FILE_ENDED, bad data) on itself, not on the part being
  // read, and may still hand out a part afterwards that never ends: both learn of it here
  let failure: Error | undefined;
  const fail = (e: Error) => {
    failure ??= e;
    current?.destroy(e);
  };
  zip.on('error', fail);
  input.on('error', (e) => zip.destroy(e));
  input.pipe(zip);
  const waiting: { file: string; sheetNo: string }[] = [];
  const metered = (entry: ZipEntry): Transform => {
    const guard = meter(entry.path);
    current = guard;
    entry.on('error', (e) => guard.destroy(e));
    if (failure) guard.destroy(failure);
    return entry.pipe(guard);
  };
  const sheetRows = async function* (iterable: AsyncIterable<unknown>, sheetNo: string) {
    for (const { eventType, value } of parts._parseWorksheet(iterable, sheetNo)) {
      if (eventType !== 'worksheet') continue;
      for await (const row of value as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        // values is 1-based and sparse
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i] ?? null).trim());
        if (cells.some((c) => c !== '')) yield cells;
      }
    }
  };
  try {
    let sheet = false;
    for await (const item of zip) {
      if (failure) throw failure;
      const entry = item as ZipEntry;
      const match = SHEET.exec(entry.path);
      if (entry.path === 'xl/_rels/workbook.xml.rels') await parts._parseRels(metered(entry));
      else if (entry.path === 'xl/workbook.xml') await parts._parseWorkbook(metered(entry));
      else if (entry.path === 'xl/styles.xml') await parts._parseStyles(metered(entry));
      else if (entry.path === 'xl/sharedStrings.xml') await drain(parts._parseSharedStrings(metered(entry)));
      else if (match?.[1] && !sheet) {
        // the first worksheet is the data
        sheet = true;
        if (parts.sharedStrings && parts.workbookRels) {
          yield* sheetRows(metered(entry), match[1]);
          return;
        }
        const file = path.join(tmpdir(), `atrium-import-${randomUUID()}.xml`);
        waiting.push({ file, sheetNo: match[1] });
        await pipeline(metered(entry), createWriteStream(file));
      } else entry.autodrain();
      current = undefined;
    }
    if (failure) throw failure;
    const first = waiting[0];
    if (!first)
      throw fileError(
        'unreadableFile',
        'file is a ZIP archive but not an Excel workbook (XLSX): it holds no worksheet; choose an XLSX or CSV file',
      );
    yield* sheetRows(createReadStream(first.file), first.sheetNo);
  } finally {
    zip.off('error', fail);
    zip.on('error', () => undefined);
    input.unpipe(zip);
    zip.destroy();
    current?.destroy();
    for (const w of waiting) await unlink(w.file).catch(() => undefined);
  }
}

// Header names as columns: blanks get a name, repeated names a number, so a mapping can name each.
export function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

// Formula injection: a CSV text cell starting with = + - @ (a spreadsheet would run it) is
// written with a leading apostrophe, which spreadsheets show as text; the import takes it off
// again. Negative numbers and phone numbers ("+49 30 1234567": a plus, then digits and spaces
// only, which can call nothing) go out as typed (issue 26, item 10). XLSX cells are typed text,
// never formulas, and need no guard.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const PHONE = /^\+\d[\d ]*$/;
export function safeCell(c: string | number | null): string {
  if (c === null) return '';
  const text = String(c);
  return typeof c === 'string' && FORMULA_START.test(text) && !NUMBER.test(text) && !PHONE.test(text) ? `'${text}` : text;
}
export const unguardCell = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const XLSX_ROWS_PER_TURN = 200;

// Waits for the reader (a download, an upload to the store) to take what `source` holds; a
// reader that went away (the file stream closed) ends the writing.
function drained(source: Writable, out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const gone = () => {
      source.off('drain', ready);
      reject(new Error('The file stream was closed'));
    };
    const ready = () => {
      out.off('close', gone);
      resolve();
    };
    source.once('drain', ready);
    out.once('close', gone);
  });
}

export type TableWriter = { row: (cells: readonly (string | number | null)[]) => Promise<void>; end: () => Promise<void> };

// A CSV (UTF-8 with BOM, separated by `delimiter`: the user's culture's or the imported
// file's) or XLSX writer on a stream.
export function tableWriter(format: FileFormat, out: Writable, sheetName = 'Data', delimiter: CsvDelimiter = ','): TableWriter {
  if (format === 'xlsx') {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = book.addWorksheet(sheetName);
    let rows = 0;
    return {
      row: async (cells) => {
        if (out.destroyed) throw new Error('The file stream was closed');
        sheet.addRow(cells.map((c) => c ?? '')).commit();
        // ExcelJS passes rows on through its zip stream whatever the reader's pace: every few
        // hundred rows the zip gets a turn of the event loop, and the writer waits while the
        // file stream's buffer is full (a slow download holds a few hundred rows, not the file)
        if (++rows % XLSX_ROWS_PER_TURN !== 0) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (out.writableNeedDrain) await drained(out, out);
      },
      end: async () => {
        sheet.commit();
        await book.commit();
      },
    };
  }
  const csv = stringify({ bom: true, record_delimiter: '\r\n', delimiter });
  csv.pipe(out);
  return {
    row: async (cells) => {
      if (out.destroyed) throw new Error('The file stream was closed');
      if (csv.write(cells.map(safeCell))) return;
      await drained(csv, out);
    },
    end: async () => {
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('error', reject);
        csv.end();
      });
    },
  };
}

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// A whole small file (templates, tests) as a buffer.
export async function tableBuffer(format: FileFormat, rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = tableWriter(format, out);
  for (const r of rows) await writer.row(r);
  await writer.end();
  return Buffer.concat(chunks);
}

export { Readable };
