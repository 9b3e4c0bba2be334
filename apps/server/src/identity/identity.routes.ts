import { safeReturnTo } from './session.service';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { REPO_ROOT, type Config } from '../platform/config';
import type { Mailer } from '../platform/mail/mailer';
import type { IdentityService } from './identity.service';
import {
  forgotPasswordPage,
  IDENTITY_CSS,
  messagePage,
  resetPasswordPage,
  signInPage,
  signUpPage,
  type FieldErrors,
  type Link,
} from './identity-pages.view';
import { IDP_PREFIX } from './idp.provider';

// the one-time sign-in a confirmed e-mail link leaves in the browser that opened it
const SIGNIN_TICKET_COOKIE = 'atrium_signin_ticket';

export type IdentityRoutesDeps = { config: Config; provider: Provider; service: IdentityService; mailer: Mailer };

const email = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(254, 'The e-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));
const newPassword = z.string().min(8, 'Use at least 8 characters').max(200, 'Use at most 200 characters');
const signUpForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200, 'The name is too long'),
  email,
  password: newPassword,
});
const signInForm = z.object({ email, password: z.string().min(1, 'Enter your password').max(200, 'Enter your password') });
const forgotForm = z.object({ email });
const resetForm = z.object({ email: z.string().max(254), token: z.string().max(200), password: newPassword });
const linkQuery = z.object({
  email: z.string().max(254).default(''),
  token: z.string().max(200).default(''),
  returnTo: z.string().max(2000).optional(),
});

type Form = Record<string, string | undefined>;

function formOf(request: FastifyRequest): Form {
  const body = request.body;
  if (!body || typeof body !== 'object') return {};
  const out: Form = {};
  for (const [k, v] of Object.entries(body)) out[k] = typeof v === 'string' ? v : undefined;
  return out;
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

// The latin subset of Inter (variable weight) from @fontsource-variable/inter, installed locally.
async function loadInterFont(): Promise<Buffer | undefined> {
  const candidates: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(
      path.join(path.dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files/inter-latin-wght-normal.woff2'),
    );
  } catch {
    // not resolvable from here (bundled build); fall back to the workspace root
  }
  candidates.push(path.join(REPO_ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
  for (const file of candidates) {
    const data = await readFile(file).catch(() => undefined);
    if (data) return data;
  }
  return undefined;
}

export async function registerIdentityRoutes(app: FastifyInstance, deps: IdentityRoutesDeps): Promise<void> {
  const { config, provider, service, mailer } = deps;
  const publicAccess = { access: { kind: 'public' as const } };
  const throttled = { ...publicAccess, rateLimit: { max: config.rateLimit.auth, timeWindow: 60_000 } };
  const opts = { config: publicAccess, schema: { hide: true } };
  const throttledOpts = { config: throttled, schema: { hide: true } };
  const signInUrl = `${config.publicUrl}/auth/signin`;
  // a same-origin path to carry through sign-up and verification, or nothing
  const returnToOf = (value: unknown): string | undefined => {
    const safe = safeReturnTo(value, config.publicUrl);
    return safe === '/' ? undefined : safe;
  };
  const forgotLink: Link = { href: `${IDP_PREFIX}/forgot-password`, label: 'Forgot your password?' };

  const font = await loadInterFont();
  app.get(`${IDP_PREFIX}/assets/identity.css`, opts, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(IDENTITY_CSS),
  );
  app.get(`${IDP_PREFIX}/assets/inter.woff2`, opts, (_request, reply) => {
    if (!font) return reply.status(404).send();
    return reply.type('font/woff2').header('cache-control', 'public, max-age=31536000, immutable').send(font);
  });

  const checkMailbox = () =>
    messagePage({
      title: 'Check your mailbox',
      message:
        'If the address can be used for a new account, we have sent a link to confirm it. Open it to finish signing up, then sign in.',
      actions: [
        { href: signInUrl, label: 'Back to sign in' },
        ...(mailer.captured ? [{ href: '/mailbox', label: 'Open the local mailbox' }] : []),
      ],
    });

  const interactionExpired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage({
        title: 'This sign-in has expired',
        message: 'The sign-in request is no longer valid. Start again from Atrium.',
        actions: [{ href: signInUrl, label: 'Sign in' }],
      }),
      400,
    );

  // --- the interaction: sign-in (or sign-up) page, and consent granted silently to our own client
  const uidParams = z.object({ uid: z.string().max(100) });
  const interactionPath = (uid: string) => `${IDP_PREFIX}/interaction/${encodeURIComponent(uid)}`;
  const loginLinks = (uid: string): Link[] => [{ href: `${interactionPath(uid)}?screen=signup`, label: 'Create an account' }, forgotLink];
  const signupLinks = (uid: string | undefined): Link[] => [
    { href: uid ? `${interactionPath(uid)}?screen=login` : signInUrl, label: 'Already have an account? Sign in' },
  ];

  app.get(`${IDP_PREFIX}/interaction/:uid`, opts, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== uid) return interactionExpired(reply);
    if (details.prompt.name === 'login') {
      // the browser that just confirmed its e-mail address signs in without the password, once
      const ticket = request.cookies[SIGNIN_TICKET_COOKIE];
      if (ticket) {
        reply.clearCookie(SIGNIN_TICKET_COOKIE, { path: IDP_PREFIX });
        const accountId = await service.redeemSignInTicket(ticket);
        if (accountId) {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId, remember: true } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
      }
      const query = z.object({ screen: z.enum(['login', 'signup']).optional() }).parse(request.query);
      const screen = query.screen ?? (details.params.screen === 'signup' ? 'signup' : 'login');
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      if (screen === 'signup')
        return html(
          reply,
          signUpPage({
            action: `${interactionPath(uid)}/signup`,
            ...(hint ? { values: { email: hint } } : {}),
            returnTo: returnToOf(details.params.return_to),
            links: signupLinks(uid),
          }),
        );
      return html(reply, signInPage({ action: `${interactionPath(uid)}/login`, ...(hint ? { email: hint } : {}), links: loginLinks(uid) }));
    }
    // Atrium's own client needs no consent screen: grant what it asked for.
    const { Grant } = provider;
    const accountId = details.session?.accountId;
    if (!accountId) return interactionExpired(reply);
    const grant = details.grantId
      ? await Grant.find(details.grantId)
      : new Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return interactionExpired(reply);
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
    return reply.redirect(returnTo, 303);
  });

  app.post(`${IDP_PREFIX}/interaction/:uid/login`, throttledOpts, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== uid || details.prompt.name !== 'login') return interactionExpired(reply);
    const form = formOf(request);
    const page = (extra: { error?: string; notice?: string; fieldErrors?: FieldErrors }, status: number) =>
      html(
        reply,
        signInPage({ action: `${interactionPath(uid)}/login`, email: form.email ?? '', links: loginLinks(uid), ...extra }),
        status,
      );
    const parsed = signInForm.safeParse(form);
    if (!parsed.success) return page({ fieldErrors: fieldErrors(parsed.error) }, 400);
    const result = await service.signIn(parsed.data.email, parsed.data.password, request.ip);
    if (!result.ok) {
      if (result.reason === 'throttled') {
        const minutes = Math.max(1, Math.ceil(result.waitSeconds / 60));
        reply.header('retry-after', String(result.waitSeconds));
        return page(
          { error: `Too many failed attempts from here. Wait ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.` },
          429,
        );
      }
      if (result.reason === 'unverified') return page({ notice: 'Confirm your e-mail address first: we have sent you a new link.' }, 403);
      return page({ error: 'The e-mail or password is incorrect.' }, 401);
    }
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: result.userId, remember: true } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });

  // --- sign-up, inside an interaction (from /auth/signup) or on its own
  const signUp = async (request: FastifyRequest, reply: FastifyReply, uid: string | undefined) => {
    const form = formOf(request);
    const parsed = signUpForm.safeParse(form);
    if (!parsed.success) {
      const action = uid ? `${interactionPath(uid)}/signup` : `${IDP_PREFIX}/signup`;
      return html(
        reply,
        signUpPage({
          action,
          values: { name: form.name ?? '', email: form.email ?? '' },
          returnTo: returnToOf(form.returnTo),
          fieldErrors: fieldErrors(parsed.error),
          links: signupLinks(uid),
        }),
        400,
      );
    }
    await service.signUp(parsed.data, returnToOf(form.returnTo));
    return html(reply, checkMailbox());
  };
  app.get(`${IDP_PREFIX}/signup`, opts, (_request, reply) =>
    html(reply, signUpPage({ action: `${IDP_PREFIX}/signup`, links: signupLinks(undefined) })),
  );
  app.post(`${IDP_PREFIX}/signup`, throttledOpts, (request, reply) => signUp(request, reply, undefined));
  app.post(`${IDP_PREFIX}/interaction/:uid/signup`, throttledOpts, (request, reply) =>
    signUp(request, reply, uidParams.parse(request.params).uid),
  );

  // --- the spec's Identity verify-token: e-mail and token from the link in the mail
  app.get(`${IDP_PREFIX}/verify-token`, throttledOpts, async (request, reply) => {
    const q = linkQuery.safeParse(request.query);
    const ticket =
      q.success && q.data.email !== '' && q.data.token !== '' ? await service.verifyEmail(q.data.email, q.data.token) : undefined;
    if (q.success && ticket) {
      // confirmed: this browser is signed in through the usual sign-in (the provider's interaction
      // redeems the ticket instead of asking for the password) and lands where the sign-up started
      reply.setCookie(SIGNIN_TICKET_COOKIE, ticket, {
        path: IDP_PREFIX,
        httpOnly: true,
        secure: config.cookieSecure,
        sameSite: 'lax',
        maxAge: 10 * 60,
      });
      const returnTo = returnToOf(q.data.returnTo);
      const params = new URLSearchParams({ email: q.data.email, ...(returnTo ? { returnTo } : {}) });
      return reply.header('cache-control', 'no-store').redirect(`${signInUrl}?${params.toString()}`, 303);
    }
    return html(
      reply,
      messagePage({
        title: 'This link is not valid',
        message: 'The confirmation link is invalid, already used or expired. Sign in with your password to receive a new one.',
        status: 'error',
        actions: [{ href: signInUrl, label: 'Sign in' }],
      }),
      400,
    );
  });

  // --- forgot and reset password: the answer never tells whether the e-mail is registered
  app.get(`${IDP_PREFIX}/forgot-password`, opts, (_request, reply) =>
    html(reply, forgotPasswordPage({ links: [{ href: signInUrl, label: 'Back to sign in' }] })),
  );
  app.post(`${IDP_PREFIX}/forgot-password`, throttledOpts, async (request, reply) => {
    const form = formOf(request);
    const parsed = forgotForm.safeParse(form);
    if (!parsed.success)
      return html(
        reply,
        forgotPasswordPage({
          email: form.email ?? '',
          fieldErrors: fieldErrors(parsed.error),
          links: [{ href: signInUrl, label: 'Back to sign in' }],
        }),
        400,
      );
    await service.requestPasswordReset(parsed.data.email);
    return html(
      reply,
      messagePage({
        title: 'Check your mailbox',
        message:
          'If an account exists for that e-mail address, we have sent a link to choose a new password. The link is valid for one hour.',
        actions: [
          { href: signInUrl, label: 'Back to sign in' },
          ...(mailer.captured ? [{ href: '/mailbox', label: 'Open the local mailbox' }] : []),
        ],
      }),
    );
  });
  app.get(`${IDP_PREFIX}/reset-password`, opts, (request, reply) => {
    const q = linkQuery.safeParse(request.query);
    const { email: e, token } = q.success ? q.data : { email: '', token: '' };
    return html(reply, resetPasswordPage({ email: e, token, links: [forgotLink] }));
  });
  app.post(`${IDP_PREFIX}/reset-password`, throttledOpts, async (request, reply) => {
    const form = formOf(request);
    const parsed = resetForm.safeParse(form);
    if (!parsed.success) {
      return html(
        reply,
        resetPasswordPage({
          email: form.email ?? '',
          token: form.token ?? '',
          fieldErrors: fieldErrors(parsed.error),
          links: [forgotLink],
        }),
        400,
      );
    }
    const ok = await service.resetPassword(parsed.data.email, parsed.data.token, parsed.data.password);
    if (!ok) {
      return html(
        reply,
        messagePage({
          title: 'This link is not valid',
          message: 'The reset link is invalid, already used or expired. Ask for a new one.',
          status: 'error',
          actions: [{ href: `${IDP_PREFIX}/forgot-password`, label: 'Send a new link' }],
        }),
        400,
      );
    }
    return html(
      reply,
      messagePage({
        title: 'Password changed',
        message: 'Your password has been changed and other sessions were signed out. Sign in with the new password.',
        actions: [{ href: signInUrl, label: 'Sign in' }],
      }),
    );
  });
}
