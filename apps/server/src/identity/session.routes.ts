import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config';
import { messagePage, signOutPage } from './identity-pages.view';
import { SIGN_OUT_CALLBACK } from './idp.provider';
import { safeReturnTo, type SessionService } from './session.service';

export const SESSION_COOKIE = 'atrium_session';
const PENDING_COOKIE = 'atrium_signin';

export type SessionRoutesDeps = { config: Config; sessions: SessionService };

// The request comes from a page of this origin: Origin says so, or, where a browser sends none
// or "null" (pages with Referrer-Policy: no-referrer, as ours), Sec-Fetch-Site or Referer. A
// request that names no origin at all is refused.
export function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const expected = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') return origin === expected;
  if (request.headers['sec-fetch-site'] !== undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  const referer = request.headers.referer;
  try {
    return referer !== undefined && new URL(referer).origin === expected;
  } catch {
    return false;
  }
}

const signOutConfirmation = (publicUrl: string) =>
  signOutPage('<form id="signout-form" method="post" action="/auth/signout"></form>', `${publicUrl}/`, 'signout-form');

export function registerSessionRoutes(app: FastifyInstance, { config, sessions }: SessionRoutesDeps): void {
  const cookieBase = { httpOnly: true, secure: config.cookieSecure, sameSite: 'lax' as const, signed: true };
  const opts = { config: { access: { kind: 'public' as const } }, schema: { hide: true } };
  const throttled = {
    config: { access: { kind: 'public' as const }, rateLimit: { max: config.rateLimit.auth, timeWindow: 60_000 } },
    schema: { hide: true },
  };

  const signedCookie = (request: FastifyRequest, name: string): string | undefined => {
    const raw = request.cookies[name];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  };

  const start = async (request: FastifyRequest, reply: FastifyReply, screen?: 'signup') => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(query.returnTo, config.publicUrl);
    // ?email= pre-fills the provider's form (an invitation knows the address)
    const hint = typeof query.email === 'string' && query.email.length <= 254 && query.email.includes('@') ? query.email : undefined;
    const { cookie, url } = await sessions.startSignIn(returnTo, screen, hint);
    reply.setCookie(PENDING_COOKIE, cookie, { ...cookieBase, path: '/auth', maxAge: 600 });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  };

  app.get('/auth/signin', throttled, (request, reply) => start(request, reply));
  app.get('/auth/signup', throttled, (request, reply) => start(request, reply, 'signup'));

  app.get('/auth/callback', throttled, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    reply.clearCookie(PENDING_COOKIE, { path: '/auth' });
    try {
      const { cookie, returnTo } = await sessions.finishSignIn(signedCookie(request, PENDING_COOKIE), query);
      reply.setCookie(SESSION_COOKIE, cookie, { ...cookieBase, path: '/', maxAge: 14 * 24 * 60 * 60 });
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    } catch (err) {
      request.log.warn({ err }, 'sign-in callback failed');
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          messagePage({
            title: 'Sign-in failed',
            message: 'The sign-in could not be completed; it may have expired or been opened twice. Try again.',
            status: 'error',
            actions: [{ href: '/auth/signin', label: 'Try again' }],
          }),
        );
    }
  });

  app.get('/auth/session', opts, async (request, reply) => {
    const session = await sessions.session(signedCookie(request, SESSION_COOKIE));
    return reply.header('cache-control', 'no-store').send(session);
  });

  const beginSignOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const { next, ended } = await sessions.beginSignOut(signedCookie(request, SESSION_COOKIE));
    if (ended) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  };

  // A POST from Atrium's own pages only: another site's form cannot sign anyone out.
  app.post('/auth/signout', opts, async (request, reply) => {
    if (!sameOrigin(request, config.publicUrl)) {
      return reply
        .status(403)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(signOutConfirmation(config.publicUrl));
    }
    return beginSignOut(request, reply);
  });

  // A link (from anywhere) never signs out by itself. With the embedded provider it leads to the
  // provider's confirmation, which ends nothing until the user says yes; otherwise Atrium asks.
  app.get('/auth/signout', opts, async (request, reply) => {
    if (config.oidc.embedded) return beginSignOut(request, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signOutConfirmation(config.publicUrl));
  });

  app.get(SIGN_OUT_CALLBACK, opts, async (request, reply) => {
    const state = (request.query as Record<string, unknown>).state;
    const ended = await sessions.finishSignOut(signedCookie(request, SESSION_COOKIE), typeof state === 'string' ? state : undefined);
    if (ended) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // the SPA tells its other tabs (session-store.ts)
    return reply.header('cache-control', 'no-store').redirect(ended ? '/?signedOut=1' : '/', 303);
  });
}
