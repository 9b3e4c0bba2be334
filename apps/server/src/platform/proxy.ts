import type { FastifyRequest } from 'fastify';

// Headers a proxy sets to say who the client is and which address it asked for. They count only
// through Fastify's trustProxy (TRUST_PROXY): X-Forwarded-For/-Proto/-Host from trusted hops;
// X-Real-IP and Forwarded are never read. Code that must not be fooled uses these helpers.
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'] as const;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

// The client is this machine: its address (as TRUST_PROXY resolves it) is loopback, and no
// untrusted proxy stands in between (a local proxy's requests would look local).
export function isLoopbackClient(request: FastifyRequest, trustProxy: false | number | string[]): boolean {
  if (trustProxy === false && FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return LOOPBACK.test(request.ip);
}
