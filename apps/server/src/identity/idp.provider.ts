import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import { findUserById } from './identity.repository';
import { messagePage, signOutPage } from './identity-pages.view';
import { createPostgresAdapterFactory } from './idp.adapter';
import { FORWARDING_HEADERS } from '../platform/proxy';
import { API_AUDIENCE, type SigningKey } from './keys';

export const IDP_PREFIX = '/idp';
// Resource indicators must be absolute URIs; a URN keeps the API's identity independent of
// the host name. Tokens for it carry aud = API_AUDIENCE.
export const API_RESOURCE = 'urn:atrium:api';
export const API_SCOPES = 'openid profile email';
// where the provider sends the browser once the user confirmed the sign-out
export const SIGN_OUT_CALLBACK = '/auth/signout/callback';
// the access token claim that names the session it was issued under
export const SESSION_CLAIM = 'sid';

export type IdpDeps = { config: Config; database: Database; keys: SigningKey[] };

function cookieKeys(secret: string): string[] {
  return [createHmac('sha256', secret).update('atrium-idp-cookies').digest('base64url')];
}

export function createIdentityProvider({ config, database, keys }: IdpDeps): Provider {
  const configuration: Configuration = {
    adapter: createPostgresAdapterFactory(database.identity),
    jwks: { keys },
    // Secure like Atrium's own cookies (COOKIE_SECURE), whatever scheme the request arrived on
    cookies: {
      keys: cookieKeys(config.sessionSecret),
      long: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure },
      short: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure },
    },
    // only what Atrium uses: the code flow, and clients that authenticate with their secret
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic'],
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: config.oidc.clientSecret,
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`, `${config.publicUrl}${SIGN_OUT_CALLBACK}`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // the sign-up page is reached through the same authorization request (GET /auth/signup)
    // return_to: where Atrium goes after sign-in, carried through sign-up and the verification
    // mail so a person invited by e-mail lands on the invitation (issue 12, defect 7)
    extraParams: ['screen', 'return_to'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'zoneinfo', 'locale', 'updated_at'],
    },
    // the BFF reads e-mail and name from the ID token instead of calling userinfo
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const user = await findUserById(database.identityDb, sub).catch(() => undefined);
      // only verified accounts exist as far as the provider is concerned
      if (!user || !user.emailVerifiedAt) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          name: user.name,
          zoneinfo: user.timeZone,
          locale: user.culture,
          updated_at: Math.floor(user.updatedAt.getTime() / 1000),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // a client may revoke only its own tokens (the BFF revokes the refresh token at sign-out)
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => (oneOf && oneOf.length > 0 ? (oneOf[0] ?? API_RESOURCE) : API_RESOURCE),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: API_AUDIENCE,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage(form, `${config.publicUrl}/`);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({
            title: 'Signed out',
            message: 'You are signed out of Atrium.',
            actions: [{ href: `${config.publicUrl}/`, label: 'Back to Atrium' }],
          });
        },
      },
    },
    async extraTokenClaims(_ctx, token) {
      // the API reads e-mail and name from access tokens of any issuer
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(database.identityDb, token.accountId);
      if (!user) return undefined;
      // sid: the grant the token belongs to, the same for every token of one sign-in (refreshes
      // keep it); the BFF session records it and the API refuses the token once that session
      // has ended (decision 002)
      const grantId = (token as { grantId?: unknown }).grantId;
      return { email: user.email, name: user.name, ...(typeof grantId === 'string' ? { [SESSION_CLAIM]: grantId } : {}) };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      const detail = out.error_description ?? out.error;
      ctx.body = messagePage({
        title: 'Something went wrong',
        message: `The sign-in request could not be completed (${String(detail)}). Start again from Atrium.`,
        status: 'error',
        actions: [{ href: `${config.publicUrl}/auth/signin`, label: 'Sign in again' }],
      });
    },
  };
  const provider = new Provider(config.oidc.issuer, configuration);
  // The provider builds its URLs from the request; mountIdentityProvider hands it the public
  // address in X-Forwarded-Host/-Proto, so it trusts those two headers and nothing a client sends.
  provider.proxy = true;
  if (config.cookieSecure) {
    // Koa refuses Secure cookies on a request it sees as plain http (http://localhost in
    // development, a TLS-terminating proxy); the browser is told they are secure either way.
    const createContext = provider.createContext.bind(provider);
    provider.createContext = (req, res) => {
      const ctx = createContext(req, res);
      ctx.cookies.secure = true;
      return ctx;
    };
  }
  return provider;
}

// Hands /idp/* to the provider. The provider reads the raw request body itself, so these routes
// live in their own scope whose content-type parser leaves the stream untouched.
export async function mountIdentityProvider(app: FastifyInstance, provider: Provider, publicUrl: string): Promise<void> {
  const publicAddress = new URL(publicUrl);
  const callback = provider.callback();
  provider.on('server_error', (_ctx: unknown, err: Error) => app.log.error({ err }, 'identity provider error'));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.all(`${IDP_PREFIX}/*`, { config: { access: { kind: 'public' } }, schema: { hide: true } }, async (request, reply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const original = raw.url ?? '/';
      // strip the prefix so the provider's router matches; originalUrl lets it rebuild its own URLs
      raw.originalUrl = original;
      raw.url = original.slice(IDP_PREFIX.length) || '/';
      // the issuer's URLs (discovery, redirects) always name PUBLIC_URL; forwarding headers a
      // client sent never reach the provider, the client address is the one Fastify trusted
      for (const h of FORWARDING_HEADERS) delete raw.headers[h];
      raw.headers['x-forwarded-host'] = publicAddress.host;
      raw.headers['x-forwarded-proto'] = publicAddress.protocol.replace(':', '');
      raw.headers['x-forwarded-for'] = request.ip;
      reply.hijack();
      await callback(raw, reply.raw);
    });
  });
}
