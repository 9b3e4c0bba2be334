import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors';

// sessionId: the token's sid claim, the session it was issued under (the embedded provider puts
// one in every access token; tenancy.ts checks it against the sessions table on every request)
export type TokenClaims = { issuer: string; subject: string; exp: number; email?: string; name?: string; sessionId?: string };
export type TokenVerifier = (token: string) => Promise<TokenClaims>;

export type VerifierOptions = {
  issuer: string;
  audience?: string;
  keys: JWTVerifyGetKey;
  // the JOSE header typ access tokens must carry (RFC 9068: at+jwt from the embedded provider)
  tokenType?: string;
};

// Clock difference tolerated between the issuer and this server.
export const CLOCK_SKEW_SECONDS = 5;

const VERIFIED_CACHE_MAX = 10_000;

export function createTokenVerifier(opts: VerifierOptions): TokenVerifier {
  // A token verified once stays valid until it expires; remembering it spares an RSA check
  // on every call of a busy client.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.exp > Date.now() / 1000) return hit.claims;
    if (hit) verified.delete(token);
    const claims = await verify(opts, token);
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { claims, exp: claims.exp });
    return claims;
  };
}

async function verify(opts: VerifierOptions, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, opts.keys, {
      issuer: opts.issuer,
      ...(opts.audience ? { audience: opts.audience } : {}),
      ...(opts.tokenType ? { typ: opts.tokenType } : {}),
      // a token without an expiry would be valid forever
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    // jose checks iat only against a maximum age; a token issued in the future is forged or from a broken clock
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw new Error('iat in the future');
    if (!payload.sub || typeof payload.exp !== 'number') throw new Error('token has no subject or expiry');
    // a sid that is not a plain string must not pass as "no session": the token is refused
    if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !payload.sid || payload.sid.length > 256)) {
      throw new Error('malformed sid');
    }
    return {
      issuer: opts.issuer,
      subject: payload.sub,
      exp: payload.exp,
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
      ...(typeof payload.name === 'string' ? { name: payload.name } : {}),
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    };
  } catch {
    throw new AppError(401, 'unauthorized', 'The access token is missing, invalid or expired');
  }
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
