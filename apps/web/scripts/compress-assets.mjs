// Brotli and gzip copies of the built text assets, made once at build time (issue 12, defect 16;
// decision 060). The server sends the copy the browser accepts (@fastify/static preCompressed)
// and the original otherwise. Files that do not shrink by a tenth are left alone.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const TEXT = /\.(m?js|css|html|svg|json|txt|webmanifest|map)$/i;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let before = 0;
let after = 0;
for await (const file of files(dist)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length * 0.9) await writeFile(`${file}.br`, br);
  if (gz.length < body.length * 0.9) await writeFile(`${file}.gz`, gz);
  before += body.length;
  after += br.length;
}
process.stdout.write(`compressed assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB as brotli\n`);
