import { sql } from 'drizzle-orm';
import type { TenantContext } from '../context';

export type IdempotencyRow = {
  request_hash: string;
  status: number | null;
  response: unknown;
  headers: Record<string, string> | null;
};

// The first claim of a key inserts its row; false when the key is already there (a concurrent
// request with the same key waits on the row lock until the first commits).
export async function insertKey(ctx: TenantContext, scope: string, key: string, hash: string): Promise<boolean> {
  const inserted = await ctx.db.execute(sql`
    insert into idempotency_keys (tenant_id, actor_id, scope, key, request_hash)
    values (${ctx.tenantId}, ${ctx.tenantUserId}, ${scope}, ${key}, ${hash})
    on conflict do nothing returning key`);
  return inserted.rows.length > 0;
}

export async function findKey(ctx: TenantContext, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  const existing = await ctx.db.execute<IdempotencyRow>(sql`
    select request_hash, status, response, headers from idempotency_keys
    where tenant_id = ${ctx.tenantId} and actor_id = ${ctx.tenantUserId} and scope = ${scope} and key = ${key}`);
  return existing.rows[0];
}

export async function storeAnswer(
  ctx: TenantContext,
  scope: string,
  key: string,
  answer: { status: number; body: unknown; headers: Record<string, string> },
): Promise<void> {
  await ctx.db.execute(sql`
    update idempotency_keys set status = ${answer.status}, response = ${JSON.stringify(answer.body)}::jsonb,
      headers = ${JSON.stringify(answer.headers)}::jsonb
    where tenant_id = ${ctx.tenantId} and actor_id = ${ctx.tenantUserId} and scope = ${scope} and key = ${key}`);
}

export async function deleteExpiredKeys(ctx: TenantContext, before: Date): Promise<number> {
  const res = await ctx.db.execute(
    sql`delete from idempotency_keys where tenant_id = ${ctx.tenantId} and created_at < ${before.toISOString()}::timestamptz`,
  );
  return res.rowCount ?? 0;
}
