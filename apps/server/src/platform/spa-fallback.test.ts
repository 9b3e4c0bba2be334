import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Atrium</title>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers page routes with index.html, including invitation links with dotted tokens', async () => {
    for (const url of ['/', '/contacts/123', '/workspaces/invite/4ea3c79a-c829-4330-9f9a-2ece40f93443.hfhfuf4I6hhf8nxtL2R3sokvc6voookJ']) {
      const res = await t.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and answers a missing asset with 404', async () => {
    const ok = await t.client().get('/assets/app-1234.js');
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await t.client().get('/assets/missing-abcd.js')).status).toBe(404);
    expect((await t.client().get('/favicon-missing.png')).status).toBe(404);
    expect((await t.client().get('/api/v1/unknown')).body.code).toBe('notFound');
  });
});
