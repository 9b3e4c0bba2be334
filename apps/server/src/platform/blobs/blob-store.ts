import { z } from 'zod';
import type { Config } from '../config';
import { createAzureBlobStore } from './azure-blob-store';
import type { BlobStore } from './blob.types';
import { createLocalBlobStore } from './local-blob-store';

export type { BlobStore, DownloadOptions, SignedUrl } from './blob.types';
export { assertBlobKey, DOWNLOAD_URL_TTL_SECONDS, isBlobKey, tenantOfKey, UPLOAD_URL_TTL_SECONDS } from './blob.types';

const blobEnvSchema = z.object({
  BLOB_STORE: z.enum(['local', 'azure']).default('local'),
  AZURE_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
  AZURE_STORAGE_CONTAINER: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}$/, 'must be a valid Azure container name')
    .default('atrium'),
});

export type BlobConfig = { store: 'local'; dir: string } | { store: 'azure'; connectionString: string; container: string };

// BLOB_STORE, AZURE_STORAGE_CONNECTION_STRING, AZURE_STORAGE_CONTAINER (README configuration).
export function parseBlobConfig(env: Record<string, string | undefined>, dataDir: string): BlobConfig {
  const parsed = blobEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid blob configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  if (e.BLOB_STORE === 'local') return { store: 'local', dir: `${dataDir.replace(/\/$/, '')}/blobs` };
  if (!e.AZURE_STORAGE_CONNECTION_STRING)
    throw new Error('Invalid blob configuration: BLOB_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING');
  return { store: 'azure', connectionString: e.AZURE_STORAGE_CONNECTION_STRING, container: e.AZURE_STORAGE_CONTAINER };
}

export function createBlobStore(blobConfig: BlobConfig, config: Config): BlobStore {
  return blobConfig.store === 'local'
    ? createLocalBlobStore({ dir: blobConfig.dir, publicUrl: config.publicUrl, secret: config.sessionSecret })
    : createAzureBlobStore({ connectionString: blobConfig.connectionString, container: blobConfig.container });
}

// One store per app config: the module routes and the blob HTTP routes share it.
const stores = new WeakMap<Config, BlobStore>();
export function blobStoreFor(config: Config, env: Record<string, string | undefined> = process.env): BlobStore {
  let store = stores.get(config);
  if (!store) {
    store = createBlobStore(parseBlobConfig(env, config.dataDir), config);
    stores.set(config, store);
  }
  return store;
}
