import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { DEFAULT_READ_LIMITS, readRows, sniffFile, tableWriter, type ReadLimits } from './tabular-file.util';

// A reader that takes nothing until released (a download that stalls), then everything.
function stalledReader() {
  const chunks: Buffer[] = [];
  const held: (() => void)[] = [];
  let open = false;
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      if (open) callback();
      else held.push(() => callback());
    },
  });
  return {
    stream,
    bytes: () => Buffer.concat(chunks),
    release() {
      open = true;
      for (const go of held.splice(0)) go();
    },
  };
}

// a note that does not compress (a repeated letter did, so far that how many rows the zip took
// before it filled the reader's buffer depended on how busy the machine was)
const note = (i: number) => createHash('sha512').update(String(i)).digest('base64').slice(0, 80);
const row = (i: number) => [`Person ${i}`, `person${i}@example.com`, note(i), i];

describe('the file writers wait for a slow reader', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a stalled reader holds the writer back; released, every row arrives`, async () => {
      const reader = stalledReader();
      const writer = tableWriter(format, reader.stream);
      const total = 20_000;
      let written = 0;
      const writing = (async () => {
        await writer.row(['Name', 'E-mail', 'Note', 'N']);
        for (let i = 1; i <= total; i += 1) {
          await writer.row(row(i));
          written = i;
        }
        await writer.end();
      })();
      // while the reader takes nothing, the writer stops after a small part of the file
      await new Promise((r) => setTimeout(r, 500));
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(total / 4);
      reader.release();
      await writing;
      expect(written).toBe(total);
      if (format === 'csv') {
        const lines = reader.bytes().toString('utf8').trimEnd().split('\r\n');
        expect(lines).toHaveLength(total + 1);
        expect(lines.at(-1)).toBe(`Person ${total},person${total}@example.com,${note(total)},${total}`);
      } else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(reader.bytes() as unknown as ArrayBuffer);
        const sheet = book.worksheets[0];
        expect(sheet?.rowCount).toBe(total + 1);
        expect(sheet?.getRow(total + 1).values).toEqual([undefined, ...row(total)]);
      }
    });
  }

  it('a reader that goes away ends the writing with an error', async () => {
    const reader = stalledReader();
    const writer = tableWriter('xlsx', reader.stream);
    const writing = (async () => {
      for (let i = 1; i <= 20_000; i += 1) await writer.row(row(i));
    })();
    await new Promise((r) => setTimeout(r, 200));
    reader.stream.destroy();
    await expect(writing).rejects.toThrow('The file stream was closed');
  });
});

describe('what reading an XLSX may unpack is bounded (issue 25)', () => {
  async function refusal(book: ExcelJS.Workbook, limits: Partial<ReadLimits>): Promise<AppError> {
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    try {
      for await (const _row of readRows(Readable.from([buf]), sniffFile(buf), { ...DEFAULT_READ_LIMITS, ...limits })) {
        // read on until the limit
      }
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
    throw new Error('no refusal');
  }
  const texts = () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    for (let i = 0; i < 500; i += 1) sheet.addRow([`Name ${i}`, `name${i}@example.com`]);
    return book;
  };

  it('refuses a workbook whose parts unpack to more than the total limit, naming it', async () => {
    const err = await refusal(texts(), { maxInflatedBytes: 20_000 });
    expect(err).toMatchObject({
      status: 400,
      code: 'uncompressedSize',
      errors: [{ field: 'file', code: 'uncompressedSize', max: 20_000 }],
    });
    expect(err.message).toMatch(/unpacks to more than/);
  });

  it('refuses shared strings past their limit, naming it', async () => {
    const err = await refusal(texts(), { maxSharedStringsBytes: 4096 });
    expect(err).toMatchObject({ code: 'uncompressedSize', errors: [{ max: 4096 }] });
    expect(err.message).toMatch(/shared texts unpack to more than/);
  });

  it('refuses a cell longer than the cell limit and more rows than the row limit', async () => {
    const long = new ExcelJS.Workbook();
    long.addWorksheet('Data').addRow(['x'.repeat(2000)]);
    expect(await refusal(long, { maxCellChars: 1000 })).toMatchObject({ code: 'cellTooLong', errors: [{ max: 1000 }] });
    expect(await refusal(texts(), { maxRows: 100 })).toMatchObject({ code: 'tooManyRows', errors: [{ max: 100 }] });
  });
});
