import type { Readable } from 'node:stream';
import { UUID_PATTERN } from '@atrium/domain';
// Shared by the store implementations and blob-store.ts (kept apart to avoid an import cycle).
export type SignedUrl = { url: string; expiresAt: Date };
export type UploadBinding = { size: number; contentType: string };
export type DownloadOptions = {
  fileName: string;
  contentType: string;
  // false: the browser must save the file (HTML and anything not safe to render)
  inline: boolean;
  ttlSeconds?: number;
};

// One protocol for every store: the server hands out short-lived signed URLs, the browser PUTs
// the bytes straight to the store with `x-ms-blob-type: BlockBlob`, and reads through signed
// URLs. Keys always start with the tenant id, and a signature covers the whole key.
export type BlobStore = {
  kind: 'local' | 'azure';
  // where browsers fetch signed URLs from when that is not the app itself (Azure's blob endpoint):
  // the app's Content-Security-Policy allows it for images and for uploads (app.ts)
  origin: string | null;
  // a URL for one upload of exactly `size` bytes of `contentType` (the local store checks both;
  // Azure SAS cannot, so registration compares the size) that cannot overwrite anything
  uploadUrl: (key: string, bind: UploadBinding, ttlSeconds?: number) => Promise<SignedUrl>;
  downloadUrl: (key: string, options: DownloadOptions) => Promise<SignedUrl>;
  stat: (key: string) => Promise<{ size: number } | undefined>;
  read: (key: string) => Promise<Buffer | undefined>;
  // large files (imports, exports) travel as streams, never whole in memory
  readStream: (key: string) => Promise<Readable | undefined>;
  // writes what the stream yields; returns the size written
  writeStream: (key: string, data: Readable, contentType: string) => Promise<number>;
  write: (key: string, data: Buffer, contentType: string) => Promise<void>;
  copy: (from: string, to: string) => Promise<void>;
  delete: (keys: readonly string[]) => Promise<void>;
  // keys under `prefix` (a tenant id and an area, e.g. `<tenant>/uploads/`) last written
  // before `before`: what the clean-up removes
  listOlderThan: (prefix: string, before: Date, limit: number) => Promise<string[]>;
};

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

// <tenant uuid>/<area>/<name>: no dots, no empty segments, so no path traversal on disk.
const KEY_PATTERN = new RegExp(`${UUID_PATTERN.source.slice(0, -1)}(/[A-Za-z0-9_-]{1,100}){1,4}$`);
export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`invalid blob key ${key}`);
}
export function tenantOfKey(key: string): string {
  return key.slice(0, 36);
}
