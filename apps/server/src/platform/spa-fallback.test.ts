import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let dir: string;
const big = `export const words = ${JSON.stringify('atrium '.repeat(2000))};`;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Atrium</title>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  // the build's pre-compressed copies (apps/web/scripts/compress-assets.mjs)
  writeFileSync(path.join(dir, 'assets', 'big-5678.js'), big);
  writeFileSync(path.join(dir, 'assets', 'big-5678.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dir, 'assets', 'big-5678.js.gz'), gzipSync(big));
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

  // issue 12, defect 16
  it('sends the brotli or gzip copy the browser accepts, and the original otherwise', async () => {
    const br = await t.client().raw({ method: 'GET', url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(big).length);
    const gz = await t.client().raw({ method: 'GET', url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.client().raw({ method: 'GET', url: '/assets/big-5678.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('export const words');
  });

  // decision 099: a hashed asset never changes under its name, so once read it is answered from
  // memory (it still answers after its file is gone), with the headers every answer carries
  it('answers a hashed asset from memory once read, with the security headers', async () => {
    writeFileSync(path.join(dir, 'assets', 'once-9999.js'), 'console.log("once")');
    const first = await t.client().raw({ method: 'GET', url: '/assets/once-9999.js', headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toContain('text/javascript');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    rmSync(path.join(dir, 'assets', 'once-9999.js'));
    const again = await t.client().raw({ method: 'GET', url: '/assets/once-9999.js' });
    expect(again.status).toBe(200);
    expect(again.text).toBe('console.log("once")');
    expect((await t.client().get('/assets/never-0000.js')).status).toBe(404);
  });
});
