import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Database } from '../platform/database';
import { activeKeys, insertKey } from './keys.repository';

export const API_AUDIENCE = 'atrium-api';

export type SigningKey = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

// The embedded provider's signing keys: made at first start and kept in the database so
// tokens stay valid across restarts and across API nodes.
export async function loadSigningKeys(database: Database): Promise<SigningKey[]> {
  const db = database.identityDb;
  const stored = (await activeKeys(db)) as SigningKey[];
  if (stored.length > 0) return stored;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' } as SigningKey;
  await insertKey(db, jwk.kid, jwk);
  // a concurrent first start may have won; use whatever is stored
  return (await activeKeys(db)) as SigningKey[];
}

export function publicJwks(keys: SigningKey[]) {
  return {
    keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}

export function localKeySet(keys: SigningKey[]) {
  return createLocalJWKSet(publicJwks(keys) as Parameters<typeof createLocalJWKSet>[0]);
}
