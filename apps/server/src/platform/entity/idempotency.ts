import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../context';
import { AppError, fieldError } from '../errors';
import { canonicalJson } from './json-value';

export type StoredAnswer = { status: number; body: unknown; headers: Record<string, string> };

const KEY_PATTERN = /^[\w\-.:]{1,200}$/;

export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw fieldError('Idempotency-Key', 'validation', 'Idempotency-Key must be 1–200 letters, digits, - _ . :');
  return key;
}

// Claims the key inside the request's transaction. A concurrent request with the same key
// waits on the row lock until the first commits, then sees its answer.
// Returns the stored answer to replay, or undefined when this request is the first.
export async function claimIdempotencyKey(
  ctx: TenantContext,
  scope: string,
  key: string,
  body: unknown,
): Promise<StoredAnswer | undefined> {
  const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const inserted = await ctx.db.execute(sql`
    insert into idempotency_keys (tenant_id, actor_id, scope, key, request_hash)
    values (${ctx.tenantId}, ${ctx.tenantUserId}, ${scope}, ${key}, ${hash})
    on conflict do nothing returning key`);
  if (inserted.rows.length > 0) return undefined;
  const existing = await ctx.db.execute<{
    request_hash: string;
    status: number | null;
    response: unknown;
    headers: Record<string, string> | null;
  }>(sql`
    select request_hash, status, response, headers from idempotency_keys
    where tenant_id = ${ctx.tenantId} and actor_id = ${ctx.tenantUserId} and scope = ${scope} and key = ${key}`);
  const row = existing.rows[0];
  if (!row) throw new AppError(409, 'conflict', 'Idempotency-Key is being used by another request');
  if (row.request_hash !== hash) {
    throw new AppError(422, 'idempotencyKeyReused', 'This Idempotency-Key was used with a different request body', [
      { field: 'Idempotency-Key', code: 'idempotencyKeyReused', message: 'Idempotency-Key was used with a different body' },
    ]);
  }
  return { status: row.status ?? 200, body: row.response, headers: row.headers ?? {} };
}

export async function storeIdempotentAnswer(ctx: TenantContext, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await ctx.db.execute(sql`
    update idempotency_keys set status = ${answer.status}, response = ${JSON.stringify(answer.body)}::jsonb,
      headers = ${JSON.stringify(answer.headers)}::jsonb
    where tenant_id = ${ctx.tenantId} and actor_id = ${ctx.tenantUserId} and scope = ${scope} and key = ${key}`);
}

// A stored answer is replayed for a day; after that the key may be used again.
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

export async function deleteExpiredIdempotencyKeys(ctx: TenantContext, before: Date): Promise<number> {
  const res = await ctx.db.execute(
    sql`delete from idempotency_keys where tenant_id = ${ctx.tenantId} and created_at < ${before.toISOString()}::timestamptz`,
  );
  return res.rowCount ?? 0;
}
