import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp, type TestUser } from '../../../test/harness';
import { createAzureBlobStore } from '../../platform/blobs/azure-blob-store';
import { SERVER_ROOT } from '../../platform/config';
import { freePort } from '../../platform/free-port';

// Azurite's well-known development account (public, documented by Microsoft).
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

let azurite: ChildProcess;
let dir: string;
let connectionString: string;
let t: TestApp;
let owner: TestUser;
let tenant: { id: string };
let c: Client;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('Azurite did not start');
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
const put = (url: string, data: Buffer) =>
  fetch(url, { method: 'PUT', body: data, headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/octet-stream' } });

beforeAll(async () => {
  const port = await freePort();
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-azurite-'));
  azurite = spawn(
    process.execPath,
    [
      path.join(SERVER_ROOT, '../../node_modules/azurite/dist/src/blob/main.js'),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      dir,
      '--silent',
      '--skipApiVersionCheck',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${port}/${ACCOUNT}?comp=list`);
  connectionString = `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`;
  // blobStoreFor reads these when the app is built
  process.env.BLOB_STORE = 'azure';
  process.env.AZURE_STORAGE_CONNECTION_STRING = connectionString;
  process.env.AZURE_STORAGE_CONTAINER = 'atrium-test';
  t = await createTestApp();
  owner = await t.createUser();
  tenant = await t.createTenant(owner);
  c = t.client(owner, tenant.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
  // Azurite may still be writing its files: remove them once it has exited
  if (azurite && azurite.exitCode === null) {
    const exited = new Promise((resolve) => azurite.once('exit', resolve));
    azurite.kill();
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
  delete process.env.BLOB_STORE;
  delete process.env.AZURE_STORAGE_CONNECTION_STRING;
  delete process.env.AZURE_STORAGE_CONTAINER;
});

describe('documents on Azure Blob Storage (Azurite)', () => {
  it("lets the app's pages show images from the blob endpoint and upload to it (Content-Security-Policy)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const origin = new URL(connectionString.match(/BlobEndpoint=([^;]+)/)?.[1] ?? '').origin;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src').split(' ')).toContain(origin);
    expect(directive('connect-src').split(' ')).toContain(origin);
    // and nothing else widens: scripts stay the app's own
    expect(directive('script-src')).toBe("script-src 'self'");
  });

  it('uploads through a SAS URL with x-ms-blob-type: BlockBlob, checks the content and serves it', async () => {
    const ref = await t.newRecord(t.client(owner, tenant.id));
    const info = await c.post('/api/v1/core/documents/upload-info', {
      ...ref,
      files: [
        { name: 'offer.pdf', size: PDF.length },
        { name: 'page.html', size: Buffer.from('<p>hi</p>').length },
      ],
    });
    expect(info.status).toBe(200);
    expect(info.body[0].url).toContain(`/atrium-test/${tenant.id}/uploads/`);
    expect(info.body[0].headers).toEqual({ 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/octet-stream' });
    expect((await put(info.body[0].url, PDF)).status).toBe(201);
    // create-only: the URL cannot overwrite what it uploaded
    expect((await put(info.body[0].url, Buffer.from('swapped after the upload'))).status).toBeGreaterThanOrEqual(400);
    expect((await put(info.body[1].url, Buffer.from('<p>hi</p>'))).status).toBe(201);
    const add = await c.post('/api/v1/core/documents/add', {
      ...ref,
      files: info.body.map((u: { uploadId: string; name: string }) => ({ uploadId: u.uploadId, name: u.name })),
    });
    expect(add.status).toBe(200);
    const pdf = await fetch(add.body[0].url);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    const html = await fetch(add.body[1].url);
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
    // copies and deletes reach the store too
    const copy = await c.post('/api/v1/core/documents/copy', { ids: [add.body[0].id], parentId: null });
    expect(copy.body[0].name).toBe('offer (1).pdf');
    expect((await fetch(copy.body[0].url)).status).toBe(200);
    expect((await c.post('/api/v1/core/documents/delete', { ids: [add.body[0].id] })).body.deleted).toBe(1);
    expect((await fetch(add.body[0].url)).status).toBe(404);
  });

  it('refuses an executable named .png', async () => {
    const ref = await t.newRecord(t.client(owner, tenant.id));
    const info = await c.post('/api/v1/core/documents/upload-info', { ...ref, files: [{ name: 'cat.png', size: EXE.length }] });
    expect((await put(info.body[0].url, EXE)).status).toBe(201);
    const add = await c.post('/api/v1/core/documents/add', { ...ref, files: [{ uploadId: info.body[0].uploadId, name: 'cat.png' }] });
    expect(add.status).toBe(400);
    expect(add.body.code).toBe('fileType');
  });

  it("a SAS URL for tenant A's blob does not reach tenant B's key, and it expires", async () => {
    const info = await c.post('/api/v1/core/documents/upload-info', {
      ...(await t.newRecord(c)),
      files: [{ name: 'a.txt', size: 5 }],
    });
    const other = randomUUID();
    expect((await put(info.body[0].url.replace(tenant.id, other), Buffer.from('hello'))).status).toBe(403);
    const store = createAzureBlobStore({ connectionString, container: 'atrium-test' });
    const short = await store.uploadUrl(`${tenant.id}/uploads/${randomUUID()}`, { size: 4, contentType: 'text/plain' }, 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await put(short.url, Buffer.from('late'))).status).toBe(403);
  });

  it("lists a tenant's unregistered uploads by age for the clean-up, and nothing of another tenant", async () => {
    const store = createAzureBlobStore({ connectionString, container: 'atrium-test' });
    const mine = `${tenant.id}/uploads/${randomUUID()}`;
    const theirs = `${randomUUID()}/uploads/${randomUUID()}`;
    await store.write(mine, Buffer.from('left behind'), 'text/plain');
    await store.write(theirs, Buffer.from('not ours'), 'text/plain');
    const prefix = `${tenant.id}/uploads/`;
    expect(await store.listOlderThan(prefix, new Date(Date.now() - 60_000), 100)).not.toContain(mine);
    const old = await store.listOlderThan(prefix, new Date(Date.now() + 60_000), 100);
    expect(old).toContain(mine);
    expect(old.every((k) => k.startsWith(prefix))).toBe(true);
  });
});
