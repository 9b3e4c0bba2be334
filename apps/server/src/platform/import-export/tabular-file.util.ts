import { Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { FileFormat } from '@atrium/domain';

// Reading and writing the files of imports and exports as streams (decision 071): CSV through
// csv-parse / csv-stringify, Windows-1252 through iconv-lite, XLSX through ExcelJS's streaming
// reader and writer. A file is never held whole in memory.

export type FileShape = { format: FileFormat; encoding: 'utf-8' | 'windows-1252'; delimiter: ',' | ';' | '\t' | null };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

// What a file is, from its first bytes: XLSX (a zip), else a CSV whose encoding is UTF-8 when
// the bytes decode as UTF-8 (a BOM settles it) and Windows-1252 otherwise, and whose separator is
// the one of comma, semicolon and tab that the header line holds most of (outside quotes).
export function sniffFile(head: Buffer): FileShape {
  if (startsWith(head, ZIP_MAGIC)) return { format: 'xlsx', encoding: 'utf-8', delimiter: null };
  let encoding: FileShape['encoding'] = 'utf-8';
  if (!startsWith(head, UTF8_BOM)) {
    // a multi-byte character may be cut at the end of the sample
    let end = head.length;
    while (end > 0 && end > head.length - 4 && ((head[end - 1] ?? 0) & 0xc0) === 0x80) end -= 1;
    if (end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0xc0) end -= 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    } catch {
      encoding = 'windows-1252';
    }
  }
  const text = encoding === 'utf-8' ? head.toString('utf8') : iconv.decode(head, 'win1252');
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  const delimiter = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0];
  return { format: 'csv', encoding, delimiter: delimiter && delimiter[1] > 0 ? delimiter[0] : ',' };
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

// Rows of the file as arrays of strings, the header first; empty lines are skipped.
export async function* readRows(stream: Readable, shape: FileShape): AsyncGenerator<string[]> {
  if (shape.format === 'xlsx') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        // values is 1-based and sparse
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i] ?? null).trim());
        if (cells.some((c) => c !== '')) yield cells;
      }
      // the first worksheet is the data
      break;
    }
    stream.destroy();
    return;
  }
  const source = shape.encoding === 'windows-1252' ? stream.pipe(iconv.decodeStream('win1252')) : stream;
  const parser = source.pipe(
    parse({
      delimiter: shape.delimiter ?? ',',
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: false,
    }),
  );
  for await (const record of parser) {
    // line breaks inside quoted cells arrive as the file's own (CRLF from Excel); stored as LF
    const cells = (record as string[]).map((c) => c.replace(/\r\n?/g, '\n').trim());
    if (cells.some((c) => c !== '')) yield cells;
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

// Formula injection: a text cell starting with = + - @ (a spreadsheet would run it) is written
// with a leading apostrophe, which spreadsheets show as text; the import takes it off again.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
export function safeCell(c: string | number | null): string {
  if (c === null) return '';
  const text = String(c);
  return typeof c === 'string' && FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
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

// A CSV (UTF-8 with BOM, comma separated: what Excel opens correctly) or XLSX writer on a stream.
export function tableWriter(format: FileFormat, out: Writable, sheetName = 'Data'): TableWriter {
  if (format === 'xlsx') {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = book.addWorksheet(sheetName);
    let rows = 0;
    return {
      row: async (cells) => {
        if (out.destroyed) throw new Error('The file stream was closed');
        sheet.addRow(cells.map((c) => (typeof c === 'number' ? c : safeCell(c)))).commit();
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
  const csv = stringify({ bom: true, record_delimiter: '\r\n' });
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
