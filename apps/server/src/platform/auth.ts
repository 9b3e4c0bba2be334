import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors';

export type TokenClaims = { issuer: string; subject: string; email?: string; name?: string };
export type TokenVerifier = (token: string) => Promise<TokenClaims>;

export type VerifierOptions = { issuer: string; audience?: string; keys: JWTVerifyGetKey };

export function createTokenVerifier(opts: VerifierOptions): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, opts.keys, {
        issuer: opts.issuer,
        ...(opts.audience ? { audience: opts.audience } : {}),
        clockTolerance: 5,
      });
      if (!payload.sub) throw new Error('token has no subject');
      return {
        issuer: opts.issuer,
        subject: payload.sub,
        ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
        ...(typeof payload.name === 'string' ? { name: payload.name } : {}),
      };
    } catch {
      throw new AppError(401, 'unauthorized', 'The access token is missing, invalid or expired');
    }
  };
}

// An external issuer's keys come from its discovery document.
export async function remoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
  const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`OIDC discovery failed for ${issuer}: ${res.status}`);
  const doc = (await res.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(doc.jwks_uri));
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}
