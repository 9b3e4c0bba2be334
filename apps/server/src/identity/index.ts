import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, type TokenVerifier } from '../platform/auth';
import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import type { Mailer } from '../platform/mail/mailer';
import type { Router } from '../platform/router';
import { API_AUDIENCE, loadSigningKeys, localKeySet } from './keys';

export type IdentityDeps = { config: Config; database: Database; mailer: Mailer; router: Router };

// Embedded provider (default): verifies tokens with its own keys. External provider
// (OIDC_ISSUER): returns no verifier and the app fetches the issuer's JWKS.
export async function registerIdentity(_app: FastifyInstance, deps: IdentityDeps): Promise<{ verifier?: TokenVerifier }> {
  if (!deps.config.oidc.embedded) return {};
  const keys = await loadSigningKeys(deps.database);
  // TODO(#2): mount oidc-provider at /idp, pages, and the BFF routes under /auth.
  return { verifier: createTokenVerifier({ issuer: deps.config.oidc.issuer, audience: API_AUDIENCE, keys: localKeySet(keys) }) };
}
