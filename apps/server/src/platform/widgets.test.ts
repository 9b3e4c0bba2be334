import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Atrium</title>');
  writeFileSync(path.join(dir, 'widget.js'), '(()=>{})();');
  t = await createTestApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const frameAncestors = (csp: string | string[] | undefined) => /frame-ancestors ([^;]+)/.exec(String(csp ?? ''))?.[1];

// decision 098: other sites may frame a portal page in the widgets' embedded mode, nothing else
describe('framing', () => {
  it('lets any site frame a portal page asked for in embedded mode', async () => {
    for (const url of [
      '/portal/acme/book/meeting-rooms?embed=1',
      '/portal/acme/support?embed=1&frame=atrium-x',
      '/portal/acme/support/articles/vpn?frame=a&embed=1',
    ]) {
      const res = await t.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('*');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // the rest of the policy is the app's
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("keeps frame-ancestors 'none' on the app's pages, the portal outside embedded mode, the API and the identity provider", async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/settings/users',
      '/contacts/123?embed=1',
      '/w/acme?embed=1',
      '/portal/acme/book/meeting-rooms',
      '/portal/acme/support?embed=0',
      '/portal/acme/support?embedded=1',
      '/api/v1/public/booking-pages/acme/meeting-rooms?embed=1',
      '/idp/.well-known/openid-configuration',
    ]) {
      const res = await t.client().get(url);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const post = await t
      .client()
      .raw({ method: 'POST', url: '/portal/acme/support?embed=1', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(frameAncestors(post.headers['content-security-policy'])).toBe("'none'");
  });

  it('serves the embed script to other sites, for a few minutes at a time', async () => {
    const res = await t.client().get('/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const app = await t.client().get('/');
    expect(app.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
