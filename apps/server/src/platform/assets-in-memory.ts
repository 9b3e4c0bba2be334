import { readFile } from 'node:fs/promises';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

// The web build's hashed assets (dist/assets/<name>-<hash>.js, .css, fonts) never change under
// their name. Each file and encoding is read from disk once and then answered from memory:
// through @fastify/static a first load's ~60 script chunks cost the server ~1.3 ms each (a stat
// per candidate encoding, an open, a stream), and the page's first API calls queued behind them
// (decision 099). Anything else under /assets, and a name that is not there, goes on to
// @fastify/static as before; only files that exist are kept.
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
};
const ASSET = /^\/assets\/[\w.-]+$/;
const SUFFIX = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof SUFFIX;

export function serveAssetsFromMemory(app: FastifyInstance, webDist: string): void {
  const dir = path.join(webDist, 'assets');
  const kept = new Map<string, Buffer>();
  const read = async (file: string): Promise<Buffer | undefined> => {
    const known = kept.get(file);
    if (known) return known;
    const body = await readFile(path.join(dir, file)).catch(() => undefined);
    if (body) kept.set(file, body);
    return body;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!ASSET.test(pathname) || pathname.includes('..')) return;
    const name = pathname.slice('/assets/'.length);
    const type = TYPES[path.extname(name)];
    if (!type) return;
    const accepted = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip', 'identity']);
    const encoding: Encoding | undefined = accepted === 'br' || accepted === 'gzip' ? accepted : undefined;
    const encoded = encoding ? await read(name + SUFFIX[encoding]) : undefined;
    const body = encoded ?? (await read(name));
    if (!body) return;
    reply.header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    if (encoded && encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
