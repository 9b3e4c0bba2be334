import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let web: string;
beforeAll(async () => {
  // a built SPA of one page, so the app serves its pages
  web = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Atrium</title>');
  t = await createTestApp({ rateLimit: { auth: 2, public: 3 }, webDist: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('rate limits', () => {
  it('limits public routes per address and answers 429 problem+json', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.client().get('/api/v1/admin/invitations/some-token')).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const limited = await t.client().get('/api/v1/admin/invitations/some-token');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rateLimited');
    expect(limited.headers['content-type']).toContain('application/problem+json');
  });

  it('limits authentication routes more tightly', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.client(user).post('/api/v1/admin/invitations/bad-token/accept')).status);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it("limits the embedded portal pages per address (the widget's iframe), not the app's own pages", async () => {
    const embedded = '/portal/acme/book/meeting-rooms?embed=1&frame=atrium-1';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.client().get(embedded)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.client().get('/portal/acme/help?embed=1');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rateLimited');
    // the same page outside a frame, and the app's pages, are not limited
    for (let i = 0; i < 5; i += 1) {
      expect((await t.client().get('/portal/acme/book/meeting-rooms')).status).toBe(200);
      expect((await t.client().get('/dashboard')).status).toBe(200);
    }
  });
});
