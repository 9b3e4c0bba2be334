import { createHash, randomBytes } from 'node:crypto';
import type { Session } from '@atrium/domain';
import * as oidc from 'openid-client';
import type { Config } from '../platform/config';
import type { Db } from '../platform/database';
import { AppError } from '../platform/errors';
import { forgetSession } from '../platform/tenancy';
import * as users from './identity.repository';
import { API_RESOURCE, SESSION_CLAIM, SIGN_OUT_CALLBACK } from './idp.provider';
import * as repo from './session.repository';
import { createTokenCipher, type TokenCipher } from './token-cipher.util';

const SESSION_TTL_MS = 14 * 24 * 60 * 60_000;
const PENDING_TTL_MS = 10 * 60_000;
// refresh a little before expiry so the SPA never sends a token that dies in flight
const REFRESH_MARGIN_MS = 30_000;
const SCOPE = 'openid profile email offline_access';

export const EMPTY_SESSION: Session = { user: null, accessToken: null, accessTokenExpires: null, error: null };

export type SessionServiceDeps = { config: Config; db: Db };

const newId = () => randomBytes(32).toString('base64url');
// only a hash of the cookie value is stored, so a database dump holds no usable session ids
const storedId = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

// Same-origin relative paths only, so /auth/signin can never become an open redirect.
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    // judged after normalisation: /..//host, /.//host and /%2e//host all resolve to //host
    if (url.origin !== base.origin || url.pathname.startsWith('//') || url.pathname.includes('\\')) return '/';
    if (/^\/auth\/(signin|signup|callback|signout)/.test(url.pathname)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

// The backend-for-frontend: runs authorization code + PKCE against the issuer (embedded or
// external), keeps the tokens server-side and hands the SPA only a short-lived access token.
export class SessionService {
  private discovered: Promise<oidc.Configuration> | undefined;
  private readonly cipher: TokenCipher;
  constructor(private readonly deps: SessionServiceDeps) {
    this.cipher = createTokenCipher(deps.config.sessionSecret);
  }

  private seal(token: string | undefined | null): string | null {
    return token ? this.cipher.seal(token) : null;
  }

  private open(sealed: string | null): string | null {
    return sealed ? this.cipher.open(sealed) : null;
  }

  private get embedded(): boolean {
    return this.deps.config.oidc.embedded;
  }

  // Discovery is an HTTP call to the issuer; for the embedded one that is this very process, so
  // it happens at first use (after listen), and a failure is retried on the next call.
  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const { issuer, clientId, clientSecret } = this.deps.config.oidc;
      const insecure = issuer.startsWith('http:');
      this.discovered = oidc
        .discovery(
          new URL(issuer),
          clientId,
          undefined,
          oidc.ClientSecretBasic(clientSecret),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          this.discovered = undefined;
          throw err;
        });
    }
    return this.discovered;
  }

  async startSignIn(returnTo: string, screen?: 'signup', loginHint?: string): Promise<{ cookie: string; url: string }> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const cookie = newId();
    await repo.insertSession(this.deps.db, {
      id: storedId(cookie),
      userId: null,
      data: { kind: 'pending', state, codeVerifier, nonce, returnTo },
      expiresAt: new Date(Date.now() + PENDING_TTL_MS),
    });
    const params: Record<string, string> = {
      redirect_uri: `${this.deps.config.publicUrl}/auth/callback`,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.embedded) {
      params.resource = API_RESOURCE;
      // offline_access is honoured only with prompt=consent (OIDC Core §11); the embedded
      // provider issues refresh tokens to Atrium's own client without it
      params.scope = 'openid profile email';
      if (screen) params.screen = screen;
      if (returnTo !== '/') params.return_to = returnTo;
    }
    if (loginHint) params.login_hint = loginHint;
    return { cookie, url: oidc.buildAuthorizationUrl(config, params).href };
  }

  async finishSignIn(pendingCookie: string | undefined, callbackQuery: string): Promise<{ cookie: string; returnTo: string }> {
    const pending = pendingCookie ? await repo.takeSession(this.deps.db, storedId(pendingCookie)) : undefined;
    if (!pending || pending.data.kind !== 'pending') throw new AppError(400, 'validation', 'The sign-in request has expired');
    const config = await this.configuration();
    const currentUrl = new URL(`${this.deps.config.publicUrl}/auth/callback?${callbackQuery}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.data.codeVerifier,
      expectedState: pending.data.state,
      expectedNonce: pending.data.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError(400, 'validation', 'The issuer returned no ID token');
    const userId = await this.userFor(claims);
    const cookie = newId();
    await repo.insertSession(this.deps.db, {
      id: storedId(cookie),
      userId,
      data: {
        kind: 'active',
        issuer: this.deps.config.oidc.issuer,
        accessToken: tokens.access_token,
        accessTokenExpires: expiresAt(tokens),
        refreshToken: this.seal(tokens.refresh_token),
        idToken: this.seal(tokens.id_token),
        refreshFailed: false,
      },
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      sid: this.sessionClaim(tokens.access_token),
    });
    return { cookie, returnTo: pending.data.returnTo };
  }

  // The session an access token of the embedded provider names (idp.provider.ts); an external
  // issuer's tokens are not tied to Atrium's sessions (decision 002).
  private sessionClaim(accessToken: string): string | null {
    if (!this.embedded) return null;
    const sid = claimsOf(accessToken)[SESSION_CLAIM];
    return typeof sid === 'string' ? sid : null;
  }

  // Embedded subjects are user ids. External subjects map through user_identities; the first
  // sign-in creates the user, or links an existing one when the issuer vouches for the e-mail.
  private async userFor(claims: oidc.IDToken): Promise<string> {
    const { db, config } = this.deps;
    if (this.embedded) {
      const user = await users.findUserById(db, claims.sub);
      if (!user) throw new AppError(401, 'unauthorized', 'Unknown user');
      return user.id;
    }
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : undefined;
    const known = await users.findUserByIdentity(db, config.oidc.issuer, claims.sub);
    if (known) {
      if (name && name !== known.name) await users.updateProfileFromClaims(db, known.id, name);
      return known.id;
    }
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!email) throw new AppError(400, 'validation', 'The identity provider did not share an e-mail address');
    const verified = claims.email_verified === true;
    const created = await users.insertUser(db, {
      email,
      name: name ?? email.split('@')[0] ?? email,
      passwordHash: null,
      emailVerifiedAt: verified ? new Date() : null,
    });
    const user = created ?? (await users.findUserByEmail(db, email));
    if (!user) throw new AppError(409, 'conflict', 'The account could not be created');
    // linking to an existing account on an unverified e-mail would let anyone claim it
    if (!created && !verified) throw new AppError(409, 'conflict', 'The identity provider has not verified this e-mail address');
    await users.linkIdentity(db, config.oidc.issuer, claims.sub, user.id);
    return user.id;
  }

  async session(cookie: string | undefined): Promise<Session> {
    if (!cookie) return EMPTY_SESSION;
    const { db } = this.deps;
    const id = storedId(cookie);
    const row = await repo.findSession(db, id);
    if (!row || row.data.kind !== 'active' || !row.userId) return EMPTY_SESSION;
    const user = await users.findUserById(db, row.userId);
    if (!user) return EMPTY_SESSION;
    const who = { id: user.id, email: user.email, name: user.name };
    let data: repo.ActiveSession = row.data;
    if (!data.refreshFailed && (!data.accessToken || (data.accessTokenExpires ?? 0) - REFRESH_MARGIN_MS < Date.now())) {
      data = await this.refresh(id);
    }
    if (data.refreshFailed) return { user: who, accessToken: null, accessTokenExpires: null, error: 'RefreshAccessTokenError' };
    return { user: who, accessToken: data.accessToken, accessTokenExpires: data.accessTokenExpires, error: null };
  }

  private async refresh(id: string): Promise<repo.ActiveSession> {
    const config = await this.configuration();
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockSession(tx, id);
      if (!row || row.data.kind !== 'active') return failed();
      const data = row.data;
      // another request refreshed while this one waited for the lock
      if (data.refreshFailed || (data.accessToken && (data.accessTokenExpires ?? 0) - REFRESH_MARGIN_MS >= Date.now())) return data;
      const refreshToken = this.open(data.refreshToken);
      if (!refreshToken) {
        const next = { ...data, accessToken: null, accessTokenExpires: null, refreshFailed: true };
        await repo.updateSessionData(tx, id, next);
        return next;
      }
      let next: repo.ActiveSession;
      let sid: string | null | undefined;
      try {
        const tokens = await oidc.refreshTokenGrant(config, refreshToken);
        next = {
          ...data,
          accessToken: tokens.access_token,
          accessTokenExpires: expiresAt(tokens),
          refreshToken: tokens.refresh_token ? this.seal(tokens.refresh_token) : data.refreshToken,
          idToken: tokens.id_token ? this.seal(tokens.id_token) : data.idToken,
        };
        // the same grant, so the same sid; recorded again should that ever change
        sid = this.sessionClaim(tokens.access_token);
      } catch {
        next = { ...data, accessToken: null, accessTokenExpires: null, refreshToken: null, refreshFailed: true };
      }
      await repo.updateSessionData(tx, id, next, sid);
      return next;
    });
  }

  // Starts a sign-out and answers where the browser goes next. The embedded provider asks the
  // user to confirm; the session ends only when its callback comes back with the state stored
  // here, so "No, stay signed in" leaves everything as it was. `ended`: the session is gone already.
  async beginSignOut(cookie: string | undefined): Promise<{ next: string; ended: boolean }> {
    const home = `${this.deps.config.publicUrl}/`;
    if (!this.embedded) return { next: await this.signOut(cookie), ended: true };
    if (!cookie) return { next: home, ended: true };
    const id = storedId(cookie);
    const row = await repo.findSession(this.deps.db, id);
    const config = await this.configuration().catch(() => undefined);
    if (!row || row.data.kind !== 'active' || !config?.serverMetadata().end_session_endpoint) {
      return { next: await this.signOut(cookie), ended: true };
    }
    const state = newId();
    await repo.updateSessionData(this.deps.db, id, { ...row.data, signOutState: state });
    const idToken = this.open(row.data.idToken);
    const url = oidc.buildEndSessionUrl(config, {
      post_logout_redirect_uri: `${this.deps.config.publicUrl}${SIGN_OUT_CALLBACK}`,
      state,
      ...(idToken ? { id_token_hint: idToken } : { client_id: this.deps.config.oidc.clientId }),
    });
    return { next: url.href, ended: false };
  }

  // The provider's sign-out callback: ends the session that started this sign-out, and only it.
  async finishSignOut(cookie: string | undefined, state: string | undefined): Promise<boolean> {
    if (!cookie || !state) return false;
    const id = storedId(cookie);
    const row = await repo.findSession(this.deps.db, id);
    if (!row || row.data.kind !== 'active' || row.data.signOutState !== state) return false;
    await this.signOut(cookie);
    return true;
  }

  // Ends the BFF session at once and answers where the browser goes next: an external issuer's
  // end-session endpoint when it has one (it signs out there and comes back to /), else /.
  // Every access token issued under the session is refused from here on, on every node: the
  // API checks their sid against the sessions table, and the row's deletion notifies every
  // node's caches and event streams (db/security.sql, decision 002).
  async signOut(cookie: string | undefined): Promise<string> {
    const home = `${this.deps.config.publicUrl}/`;
    if (!cookie) return home;
    const row = await repo.endSession(this.deps.db, storedId(cookie));
    if (row?.sid) forgetSession(row.sid);
    if (!row || row.data.kind !== 'active') return home;
    const config = await this.configuration().catch(() => undefined);
    if (!config) return home;
    const refreshToken = this.open(row.data.refreshToken);
    if (refreshToken) await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' }).catch(() => {});
    if (this.embedded || !config.serverMetadata().end_session_endpoint) return home;
    const idToken = this.open(row.data.idToken);
    return oidc.buildEndSessionUrl(config, {
      post_logout_redirect_uri: home,
      ...(idToken ? { id_token_hint: idToken } : { client_id: this.deps.config.oidc.clientId }),
    }).href;
  }
}

function failed(): repo.ActiveSession {
  return {
    kind: 'active',
    issuer: '',
    accessToken: null,
    accessTokenExpires: null,
    refreshToken: null,
    idToken: null,
    refreshFailed: true,
  };
}

// The claims of a JWT access token, unverified: it came straight from the issuer's token
// endpoint. An opaque token has none.
function claimsOf(accessToken: string): Record<string, unknown> {
  const [, payload] = accessToken.split('.');
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function expiresAt(tokens: { expiresIn: () => number | undefined; access_token: string }): number {
  const seconds = tokens.expiresIn();
  if (seconds !== undefined) return Date.now() + seconds * 1000;
  // no expires_in: read exp from a JWT access token, else assume five minutes
  const exp = claimsOf(tokens.access_token).exp;
  if (typeof exp === 'number') return exp * 1000;
  return Date.now() + 5 * 60_000;
}
