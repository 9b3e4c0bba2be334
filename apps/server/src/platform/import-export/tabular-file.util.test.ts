import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tableWriter } from './tabular-file.util';

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

const row = (i: number) => [`Person ${i}`, `person${i}@example.com`, 'x'.repeat(80), i];

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
        expect(lines.at(-1)).toBe(`Person ${total},person${total}@example.com,${'x'.repeat(80)},${total}`);
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
