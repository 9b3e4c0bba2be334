import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Database } from '../platform/database';
import { idpKeys } from './identity.table';

export const API_AUDIENCE = 'atrium-api';

export type SigningKey = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

// The embedded provider's signing keys: made at first start and kept in the database so
// tokens stay valid across restarts and across API nodes.
export async function loadSigningKeys(database: Database): Promise<SigningKey[]> {
  const db = database.identityDb;
  const rows = await db.select().from(idpKeys).where(eq(idpKeys.active, true));
  if (rows.length > 0) return rows.map((r) => r.jwk as SigningKey);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' } as SigningKey;
  await db.insert(idpKeys).values({ kid: jwk.kid, jwk }).onConflictDoNothing();
  // a concurrent first start may have won; use whatever is stored
  const stored = await db.select().from(idpKeys).where(eq(idpKeys.active, true));
  return stored.map((r) => r.jwk as SigningKey);
}

export function publicJwks(keys: SigningKey[]) {
  return {
    keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}

export function localKeySet(keys: SigningKey[]) {
  return createLocalJWKSet(publicJwks(keys) as Parameters<typeof createLocalJWKSet>[0]);
}
