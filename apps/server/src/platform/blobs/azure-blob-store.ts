import { Readable } from 'node:stream';
import { BlobSASPermissions, BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { assertBlobKey, DOWNLOAD_URL_TTL_SECONDS, UPLOAD_URL_TTL_SECONDS, type BlobStore } from './blob.types';
import { contentDisposition } from './blob-signing';

export type AzureBlobStoreOptions = { connectionString: string; container: string };

// Azure Blob Storage (or Azurite). Signed URLs are service SAS tokens for one blob, so a URL
// for one tenant's key cannot reach another key. The connection string must carry an account
// key: SAS tokens are signed with it. Browsers PUT cross-origin, so the account needs a CORS
// rule for the app's origin (docs/decisions/020-file-size-limits.md, operations notes).
export function createAzureBlobStore(options: AzureBlobStoreOptions): BlobStore {
  const service = BlobServiceClient.fromConnectionString(options.connectionString);
  const container: ContainerClient = service.getContainerClient(options.container);
  let ready: Promise<unknown> | undefined;
  const ensure = async () => {
    ready ??= container.createIfNotExists().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    await ready;
  };
  const blob = (key: string) => {
    assertBlobKey(key);
    return container.getBlockBlobClient(key);
  };
  const expiry = (ttl: number) => new Date(Math.floor(Date.now() / 1000 + ttl) * 1000);
  const isNotFound = (err: unknown) =>
    typeof err === 'object' && err !== null && 'statusCode' in err && (err as { statusCode?: number }).statusCode === 404;

  return {
    kind: 'azure',
    origin: new URL(service.url).origin,
    // create only ('c', no 'w'): the URL cannot overwrite what it uploaded, so it works once
    async uploadUrl(key, _bind, ttlSeconds = UPLOAD_URL_TTL_SECONDS) {
      await ensure();
      const expiresAt = expiry(ttlSeconds);
      const url = await blob(key).generateSasUrl({ permissions: BlobSASPermissions.parse('c'), expiresOn: expiresAt });
      return { url, expiresAt };
    },
    async downloadUrl(key, o) {
      const expiresAt = expiry(o.ttlSeconds ?? DOWNLOAD_URL_TTL_SECONDS);
      const url = await blob(key).generateSasUrl({
        permissions: BlobSASPermissions.parse('r'),
        expiresOn: expiresAt,
        contentDisposition: contentDisposition(o.inline ? 'inline' : 'attachment', o.fileName),
        contentType: o.contentType,
      });
      return { url, expiresAt };
    },
    async stat(key) {
      try {
        const props = await blob(key).getProperties();
        return { size: props.contentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async read(key) {
      try {
        return await blob(key).downloadToBuffer();
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async readStream(key) {
      try {
        const body = (await blob(key).download()).readableStreamBody;
        return body ? Readable.from(body) : undefined;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async writeStream(key, data, contentType) {
      await ensure();
      let size = 0;
      data.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      // 4 MB blocks, 2 in flight: memory stays bounded whatever the file's size
      await blob(key).uploadStream(data, 4 * 1024 * 1024, 2, { blobHTTPHeaders: { blobContentType: contentType } });
      return size;
    },
    async write(key, data, contentType) {
      await ensure();
      await blob(key).uploadData(data, { blobHTTPHeaders: { blobContentType: contentType } });
    },
    async copy(from, to) {
      // download and upload: works the same on Azure and Azurite, and files are at most 50 MB
      const data = await blob(from).downloadToBuffer();
      const props = await blob(from).getProperties();
      await blob(to).uploadData(data, { blobHTTPHeaders: { blobContentType: props.contentType ?? 'application/octet-stream' } });
    },
    async delete(keys) {
      await Promise.all(keys.map((k) => blob(k).deleteIfExists()));
    },
    async listOlderThan(prefix, before, limit) {
      await ensure();
      const keys: string[] = [];
      for await (const item of container.listBlobsFlat({ prefix })) {
        if (item.properties.lastModified < before) keys.push(item.name);
        if (keys.length >= limit) break;
      }
      return keys;
    },
  };
}
