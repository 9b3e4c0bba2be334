import { SignJWT, importJWK } from 'jose';
import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import { findUserByEmail, insertUser } from './identity.repository';
import { API_AUDIENCE, loadSigningKeys } from './keys';
import { hashPassword } from './password.util';

// An account made by the server itself, verified, with a password: the demo workspace's user
// (`npm run demo`). Returns the existing account when the e-mail is taken; its password is then
// left as it is.
export async function ensureLocalAccount(
  database: Database,
  account: { email: string; name: string; password: string },
): Promise<{ id: string; created: boolean }> {
  const db = database.identityDb;
  const existing = await findUserByEmail(db, account.email);
  if (existing) return { id: existing.id, created: false };
  const row = await insertUser(db, {
    email: account.email,
    name: account.name,
    passwordHash: await hashPassword(account.password),
    emailVerifiedAt: new Date(),
  });
  if (row) return { id: row.id, created: true };
  const raced = await findUserByEmail(db, account.email);
  if (!raced) throw new Error(`could not create ${account.email}`);
  return { id: raced.id, created: false };
}

// A short-lived API access token for a user, signed with the embedded provider's key, for work
// the server does in a user's name in-process (the demo data goes through the real API). Only
// with the embedded provider: an external issuer's tokens cannot be made here.
export async function localAccessToken(database: Database, config: Config, userId: string): Promise<string> {
  if (!config.oidc.embedded) throw new Error('local access tokens need the embedded identity provider');
  const [key] = await loadSigningKeys(database);
  if (!key) throw new Error('no signing key');
  return new SignJWT({ scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(config.oidc.issuer)
    .setAudience(API_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(key, 'RS256'));
}
