import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantContext } from '../context';
import { AppError, fieldError } from '../errors';
import * as repo from './idempotency.repository';
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
  if (await repo.insertKey(ctx, scope, key, hash)) return undefined;
  const row = await repo.findKey(ctx, scope, key);
  if (!row) throw new AppError(409, 'conflict', 'Idempotency-Key is being used by another request');
  if (row.request_hash !== hash) {
    throw new AppError(422, 'idempotencyKeyReused', 'This Idempotency-Key was used with a different request body', [
      { field: 'Idempotency-Key', code: 'idempotencyKeyReused', message: 'Idempotency-Key was used with a different body' },
    ]);
  }
  return { status: row.status ?? 200, body: row.response, headers: row.headers ?? {} };
}

export async function storeIdempotentAnswer(ctx: TenantContext, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await repo.storeAnswer(ctx, scope, key, answer);
}

// A create that honours an Idempotency-Key: with a key already used, the stored answer (its
// headers too, and `idempotent-replayed: true`) instead of a second create; else the create,
// its answer stored under the key. `create` gives the body and the headers it sets.
export async function createOnce<T>(
  ctx: TenantContext,
  scope: string,
  input: { body: unknown; request: FastifyRequest; reply: FastifyReply },
  create: () => Promise<{ body: T; headers?: Record<string, string> }>,
): Promise<T> {
  const key = idempotencyKeyOf(input.request.headers['idempotency-key']);
  const stored = key ? await claimIdempotencyKey(ctx, scope, key, input.body) : undefined;
  if (stored) {
    for (const [h, v] of Object.entries(stored.headers)) input.reply.header(h, v);
    input.reply.header('idempotent-replayed', 'true');
    return stored.body as T;
  }
  const made = await create();
  for (const [h, v] of Object.entries(made.headers ?? {})) input.reply.header(h, v);
  if (key) await storeIdempotentAnswer(ctx, scope, key, { status: 201, body: made.body, headers: made.headers ?? {} });
  return made.body;
}

// A stored answer is replayed for a day; after that the key may be used again.
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

export async function deleteExpiredIdempotencyKeys(ctx: TenantContext, before: Date): Promise<number> {
  return repo.deleteExpiredKeys(ctx, before);
}
