import { eq } from 'drizzle-orm';
import type { Db } from '../platform/database';
import { idpKeys } from './identity.table';

export async function activeKeys(db: Db): Promise<unknown[]> {
  const rows = await db.select({ jwk: idpKeys.jwk }).from(idpKeys).where(eq(idpKeys.active, true));
  return rows.map((r) => r.jwk);
}

// A concurrent first start may insert its own key at the same time; both are kept.
export async function insertKey(db: Db, kid: string, jwk: unknown): Promise<void> {
  await db.insert(idpKeys).values({ kid, jwk }).onConflictDoNothing();
}
