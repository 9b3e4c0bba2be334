import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config';
import { messagePage } from './identity-pages.view';
import { safeReturnTo, type SessionService } from './session.service';

export const SESSION_COOKIE = 'atrium_session';
const PENDING_COOKIE = 'atrium_signin';

export type SessionRoutesDeps = { config: Config; sessions: SessionService };

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
    const { cookie, url } = await sessions.startSignIn(returnTo, screen);
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

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const next = await sessions.signOut(signedCookie(request, SESSION_COOKIE));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  };
  app.post('/auth/signout', opts, (request, reply) => signOut(request, reply));
  app.get('/auth/signout', opts, (request, reply) => signOut(request, reply));
}
