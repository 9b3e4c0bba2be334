import { randomUUID } from 'node:crypto';
import type { TenantContext } from '../context';
import type { Database } from '../database';
import { UPLOAD_URL_TTL_SECONDS } from './blob.types';
import * as repo from './blob-uploads.repository';

export type UploadSlot = { uploadId: string; key: string; size: number; contentType: string };

export const uploadKeyOf = (tenantId: string, uploadId: string) => `${tenantId}/uploads/${uploadId}`;
const UPLOAD_KEY = /^([0-9a-f-]{36})\/uploads\/([0-9a-f-]{36})$/;

// Media types as a browser sends them: lower-case, no parameters; none is octet-stream.
export function normaliseContentType(value: string | undefined): string {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
}

// Step 1 of an upload: a slot bound to the declared size and type, valid as long as its URL.
export async function openUploadSlot(ctx: TenantContext, file: { size: number; contentType?: string | undefined }): Promise<UploadSlot> {
  const uploadId = randomUUID();
  const contentType = normaliseContentType(file.contentType);
  await repo.insertSlot(ctx, {
    id: uploadId,
    size: file.size,
    contentType,
    expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
  });
  return { uploadId, key: uploadKeyOf(ctx.tenantId, uploadId), size: file.size, contentType };
}

// The signed PUT of the local store: the first use of a live slot wins, every later one is refused.
// Runs as the request role inside the key's tenant, like any tenant query.
export async function useUploadSlot(database: Database, key: string): Promise<boolean> {
  const m = UPLOAD_KEY.exec(key);
  if (!m?.[1] || !m[2]) return false;
  const [tenantId, uploadId] = [m[1], m[2]];
  return database.db.transaction(async (tx) => {
    const scope = { tenantId, db: tx };
    await repo.setTenant(scope);
    return repo.markUsed(scope, uploadId);
  });
}

// Step 3: registering takes the slots, once; what it returns is what the uploads were declared as.
export async function claimUploadSlots(ctx: TenantContext, uploadIds: readonly string[]): Promise<Map<string, UploadSlot>> {
  const rows = await repo.deleteSlots(ctx, uploadIds);
  return new Map(
    rows.map((r) => [r.id, { uploadId: r.id, key: uploadKeyOf(ctx.tenantId, r.id), size: r.size, contentType: r.contentType }]),
  );
}
