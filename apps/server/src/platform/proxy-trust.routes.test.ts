import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { parseTrustProxy } from './config';

// Issue 11, proxy trust: forwarding headers count only when TRUST_PROXY says so, so a client
// cannot dodge a rate limit by inventing addresses.
const FORGED = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;
const hit = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/invitations/some-token', headers, remoteAddress: '192.0.2.10' });

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { auth: 2, public: 3 } });
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For, X-Real-IP and Forwarded: a new header every time still runs into the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const header = FORGED[i % FORGED.length] ?? 'x-forwarded-for';
      const value = header === 'forwarded' ? `for=203.0.113.${i}` : `203.0.113.${i}`;
      statuses.push((await hit(t, { [header]: value })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { auth: 2, public: 3 } }, { TRUST_PROXY: '192.0.2.10' });
  });
  afterAll(async () => t.close());

  it('counts each client behind the trusted proxy on its own', async () => {
    for (let i = 0; i < 3; i += 1) expect((await hit(t, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(200);
    expect((await hit(t, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    expect((await hit(t, { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
    // X-Real-IP is never read, trusted proxy or not
    expect((await hit(t, { 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.9' })).statusCode).toBe(429);
  });

  it('parses off, hop counts and address lists, and refuses anything else', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => parseTrustProxy('true; drop table')).toThrow(/TRUST_PROXY/);
  });
});
