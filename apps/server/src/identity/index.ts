import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, type TokenVerifier } from '../platform/auth';
import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import { registerMailboxRoutes } from './mailbox.routes';
import type { JobRuntime } from '../platform/jobs/job-runtime';
import type { Mailer } from '../platform/mail/mailer';
import type { Router } from '../platform/router';
import { deleteExpiredIdentityRows } from './identity.repository';
import { registerIdentityRoutes } from './identity.routes';
import { deleteExpiredSessions } from './session.repository';
import { IdentityService } from './identity.service';
import { createIdentityProvider, mountIdentityProvider } from './idp.provider';
import { API_AUDIENCE, loadSigningKeys, localKeySet } from './keys';
import { registerSessionRoutes } from './session.routes';
import { SessionService } from './session.service';

export type IdentityDeps = { config: Config; database: Database; mailer: Mailer; router: Router; jobs: JobRuntime };
export { SESSION_COOKIE } from './session.routes';
// the profile tables modules may read and write (the secrets stay in the identity schema)
export { users, userPictures } from './identity.table';
export { ensureLocalAccount, localAccessToken } from './local-account';
// sealing secrets at rest (AES-256-GCM, a key derived from SESSION_SECRET per purpose)
export { createTokenCipher, type TokenCipher } from './token-cipher.util';

// The BFF (/auth) and the local mailbox always; the embedded provider (/idp) unless OIDC_ISSUER
// names another one. Embedded: tokens are verified with its own keys. External: no verifier is
// returned and the app fetches the issuer's JWKS.
export async function registerIdentity(app: FastifyInstance, deps: IdentityDeps): Promise<{ verifier?: TokenVerifier }> {
  const { config, database, mailer } = deps;
  // the identity module works as atrium_identity; API requests never do
  const db = database.identityDb;
  deps.jobs.schedule({
    name: 'identity.expired-sessions',
    cron: '23 * * * *',
    idempotency: 'Deletes only rows already expired; a repeated run deletes nothing more.',
    run: async () => {
      const sessions = await deleteExpiredSessions(db);
      const { tokens, providerRows } = await deleteExpiredIdentityRows(db);
      return `${sessions} sign-in sessions, ${tokens} one-time links, ${providerRows} provider records removed`;
    },
  });
  registerSessionRoutes(app, { config, sessions: new SessionService({ config, db }) });
  registerMailboxRoutes(app, { mailer, db: database.db, trustProxy: config.trustProxy });
  if (!config.oidc.embedded) return {};
  const keys = await loadSigningKeys(database);
  const provider = createIdentityProvider({ config, database, keys });
  await mountIdentityProvider(app, provider, config.publicUrl);
  await registerIdentityRoutes(app, { config, provider, mailer, service: new IdentityService({ db, mailer, config }) });
  return {
    verifier: createTokenVerifier({ issuer: config.oidc.issuer, audience: API_AUDIENCE, keys: localKeySet(keys), tokenType: 'at+jwt' }),
  };
}
