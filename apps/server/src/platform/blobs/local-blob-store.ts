import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, DOWNLOAD_URL_TTL_SECONDS, isBlobKey, UPLOAD_URL_TTL_SECONDS, type BlobStore } from './blob.types';
import { contentDisposition, signGrant, signingKey, type BlobGrant } from './blob-signing';

export const LOCAL_BLOB_ROUTE = '/api/v1/blobs';

export type LocalBlobStoreOptions = { dir: string; publicUrl: string; secret: string };

// Files on local disk, reached by the browser through the same signed-URL protocol as Azure
// (blob-http.ts serves the URLs).
export function createLocalBlobStore(
  options: LocalBlobStoreOptions,
): BlobStore & { dir: string; key: Buffer; pathOf: (key: string) => string } {
  const key = signingKey(options.secret);
  const pathOf = (blobKey: string) => {
    assertBlobKey(blobKey);
    return path.join(options.dir, ...blobKey.split('/'));
  };
  const signedUrl = (grant: BlobGrant) => {
    const q = new URLSearchParams({ sp: grant.permission, se: String(grant.expiresAt) });
    if (grant.disposition) q.set('rscd', grant.disposition);
    if (grant.contentType) q.set('rsct', grant.contentType);
    if (grant.size !== undefined) q.set('sz', String(grant.size));
    if (grant.uploadType) q.set('ct', grant.uploadType);
    q.set('sig', signGrant(key, grant));
    return `${options.publicUrl}${LOCAL_BLOB_ROUTE}/${grant.key}?${q.toString()}`;
  };
  const expiry = (ttl: number) => Math.floor(Date.now() / 1000) + ttl;
  const write = async (blobKey: string, data: Buffer) => {
    const file = pathOf(blobKey);
    await mkdir(path.dirname(file), { recursive: true });
    // write then rename: a reader never sees half a file
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  };
  return {
    kind: 'local',
    // signed URLs are the app's own (PUBLIC_URL)
    origin: null,
    dir: options.dir,
    key,
    pathOf,
    async uploadUrl(blobKey, bind, ttlSeconds = UPLOAD_URL_TTL_SECONDS) {
      assertBlobKey(blobKey);
      const expiresAt = expiry(ttlSeconds);
      const grant: BlobGrant = { permission: 'w', key: blobKey, expiresAt, size: bind.size, uploadType: bind.contentType };
      return { url: signedUrl(grant), expiresAt: new Date(expiresAt * 1000) };
    },
    async downloadUrl(blobKey, o) {
      assertBlobKey(blobKey);
      const expiresAt = expiry(o.ttlSeconds ?? DOWNLOAD_URL_TTL_SECONDS);
      const grant: BlobGrant = {
        permission: 'r',
        key: blobKey,
        expiresAt,
        disposition: contentDisposition(o.inline ? 'inline' : 'attachment', o.fileName),
        contentType: o.contentType,
      };
      return { url: signedUrl(grant), expiresAt: new Date(expiresAt * 1000) };
    },
    async stat(blobKey) {
      try {
        const s = await stat(pathOf(blobKey));
        return s.isFile() ? { size: s.size } : undefined;
      } catch {
        return undefined;
      }
    },
    async read(blobKey) {
      try {
        return await readFile(pathOf(blobKey));
      } catch {
        return undefined;
      }
    },
    async readStream(blobKey) {
      const file = pathOf(blobKey);
      const s = await stat(file).catch(() => undefined);
      return s?.isFile() ? createReadStream(file) : undefined;
    },
    async writeStream(blobKey, data) {
      const file = pathOf(blobKey);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(data, count, createWriteStream(tmp));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      await rename(tmp, file);
      return size;
    },
    write: (blobKey, data) => write(blobKey, data),
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(pathOf(from), target);
    },
    async delete(keys) {
      await Promise.all(keys.map((k) => rm(pathOf(k), { force: true })));
    },
    async listOlderThan(prefix, before, limit) {
      const base = prefix.replace(/\/$/, '');
      assertBlobKey(base);
      let names: string[];
      try {
        names = await readdir(pathOf(base));
      } catch {
        return [];
      }
      const keys: string[] = [];
      for (const name of names) {
        const blobKey = `${base}/${name}`;
        // half-written temporary files are not keys
        if (!isBlobKey(blobKey)) continue;
        const s = await stat(pathOf(blobKey)).catch(() => undefined);
        if (s?.isFile() && s.mtime < before) keys.push(blobKey);
        if (keys.length >= limit) break;
      }
      return keys;
    },
  };
}
