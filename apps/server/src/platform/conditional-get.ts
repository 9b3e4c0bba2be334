import type { FastifyInstance } from 'fastify';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

// If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"3" matches "3".
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  const tags = value.split(',').map(opaque);
  return tags.includes('*') || tags.includes(opaque(etag));
}

// A GET whose answer carries an ETag the client already holds is a 304 without a body, for
// every route that sets one, now and later.
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !noneMatch(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
