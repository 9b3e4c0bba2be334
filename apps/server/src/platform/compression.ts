import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// answers from this size on go compressed
export const COMPRESS_FROM_BYTES = 16 * 1024;

// Large answers (a Gantt of 5,000 tasks is 2.2 MB of JSON, a page of 100 rows or an export tens
// of kB) go compressed to a client that accepts it, brotli at the library's fast setting, else
// gzip; small ones (a record, most calls) are not worth the CPU on the hot path (decision 099).
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
}
