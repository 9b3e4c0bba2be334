import {
  portalMyRequestsSchema,
  portalRedeemSchema,
  portalReplySchema,
  portalRequestDetailSchema,
  portalPairResultSchema,
  portalPairSchema,
  portalSignInResultSchema,
  portalSignInSchema,
  portalUserSchema,
  portalArticleSchema,
  portalCaptchaSchema,
  portalHomeSchema,
  portalParamsSchema,
  portalRequestResultSchema,
  portalRequestSchema,
  portalSearchResultSchema,
  portalSearchSchema,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import {
  myRequest,
  myRequests,
  redeemSignInLink,
  replyToMyRequest,
  requirePortalUser,
  pairSession,
  sendSignInLink,
  signOut,
} from './helpdesk-portal-users.service';
import {
  portalArticle,
  portalCaptcha,
  portalHome,
  portalSearch,
  submitPortalRequest,
  withPortal,
  type PortalDeps,
} from './helpdesk-portal.service';

const BASE = '/api/v1/public/portal/:workspace/:helpdesk';
const EXAMPLE = { workspace: 'northwind-demo', helpdesk: 'northwind-support' };

// The helpdesk's public portal (issue 23): its home, the knowledge base's search and an
// article, without a sign-in; a helpdesk whose portal is off answers 404.
export function registerHelpdeskPortalRoutes(router: Router, deps: PortalDeps): void {
  router.public({
    method: 'GET',
    url: BASE,
    summary: "A helpdesk portal's home: its name, its published public articles, newest first and by topic",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    schemas: { params: portalParamsSchema, response: portalHomeSchema },
    handler: (ctx, { params, request }) => portalHome(ctx.db, deps, params, request),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/search`,
    summary: "Search a portal's knowledge base: its published public articles, ranked, with <mark>ed snippets",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    schemas: { params: portalParamsSchema, body: portalSearchSchema, response: portalSearchResultSchema },
    example: { q: 'reset password' },
    handler: (ctx, { params, body, request }) => portalSearch(ctx.db, deps, params, body.q, request),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/articles/:slug`,
    summary: 'A published public article of a portal by its slug; an old slug answers the article and movedFrom',
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: { ...EXAMPLE, slug: 'resetting-your-password' },
    schemas: { params: portalParamsSchema.extend({ slug: z.string().min(1).max(200) }), response: portalArticleSchema },
    handler: (ctx, { params, request }) => portalArticle(ctx.db, deps, params, params.slug, request),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/captcha`,
    summary:
      "A proof-of-work challenge for the portal's request form: find a nonce whose SHA-256 of challenge:nonce starts with difficulty zero bits",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    schemas: { params: portalParamsSchema, response: portalCaptchaSchema },
    handler: (ctx, { params }) => portalCaptcha(ctx.db, deps, params),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/requests`,
    summary:
      'Submit a request (channel Portal): the e-mail, a subject, the message and a solved captcha (once; a signed-in portal user sends none and writes as themself); 400 captchaInvalid writes nothing, 403 spammer for an address marked spam or blocked',
    tags: ['Portal'],
    rateLimit: 'public',
    status: 201,
    paramsExample: EXAMPLE,
    schemas: { params: portalParamsSchema, body: portalRequestSchema, response: portalRequestResultSchema },
    example: {
      email: 'ada@example.com',
      subject: 'Cannot sign in',
      message: 'The sign-in page says my password is wrong.',
      captcha: { challenge: '1795750000000.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', nonce: '0' },
    },
    errors: [403],
    handler: (ctx, { params, body, request }) => submitPortalRequest(ctx.db, deps, params, body, request),
  });

  // Portal users (decision 094, round three): a sign-in link by e-mail, its redeeming for the
  // portal's session cookie, and the signed-in user's own requests.
  router.public({
    method: 'POST',
    url: `${BASE}/sign-in`,
    summary:
      'Mail a one-time sign-in link (15 minutes) to a contact of the workspace; the answer is the same for an unknown address; 403 spammer for one marked spam or blocked',
    tags: ['Portal'],
    rateLimit: 'auth',
    status: 202,
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: portalParamsSchema, body: portalSignInSchema, response: portalSignInResultSchema },
    example: { email: 'ada@example.com' },
    handler: (ctx, { params, body }) =>
      withPortal(ctx.db, params, (scope, helpdesk) =>
        sendSignInLink(scope, deps, { workspace: params.workspace, helpdesk }, body.email, body.pair ? { secret: deps.secret } : undefined),
      ),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/sign-in/pair`,
    summary:
      "The embedded portal's (widget's) session: pending until the link mailed by a sign-in with pair is opened, then once a token for the X-Portal-Session header (7 days); asked again or late, 403 portalAccessDenied",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: portalParamsSchema, body: portalPairSchema, response: portalPairResultSchema },
    example: { pairing: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    handler: (ctx, { params, body }) => withPortal(ctx.db, params, (scope, helpdesk) => pairSession(scope, deps, helpdesk, body.pairing)),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/sign-in/redeem`,
    summary:
      "Redeem a sign-in link's token for the portal's session cookie (HttpOnly, 7 days); a used, expired or made-up token is 403 portalAccessDenied",
    tags: ['Portal'],
    rateLimit: 'auth',
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: portalParamsSchema, body: portalRedeemSchema, response: portalUserSchema },
    example: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    handler: (ctx, { params, body, reply }) =>
      withPortal(ctx.db, params, (scope, helpdesk) =>
        redeemSignInLink(scope, deps, { workspace: params.workspace, helpdesk }, body.token, reply),
      ),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/me`,
    summary: 'The signed-in portal user (403 loginRequired without a session)',
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: portalParamsSchema, response: portalUserSchema },
    handler: (ctx, { params, request }) =>
      withPortal(ctx.db, params, async (scope, helpdesk) => {
        const session = await requirePortalUser(scope, helpdesk, request, deps.now());
        return { email: session.email, name: session.name };
      }),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/sign-out`,
    summary: "End the portal user's session",
    tags: ['Portal'],
    rateLimit: 'public',
    status: 204,
    paramsExample: EXAMPLE,
    schemas: { params: portalParamsSchema },
    handler: (ctx, { params, request, reply }) =>
      withPortal(ctx.db, params, (scope, helpdesk) => signOut(scope, { workspace: params.workspace, helpdesk }, request, reply)),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/my-requests`,
    summary: "The signed-in portal user's requests of this helpdesk, newest first (403 loginRequired without a session)",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: portalParamsSchema, response: portalMyRequestsSchema },
    handler: (ctx, { params, request }) =>
      withPortal(ctx.db, params, async (scope, helpdesk) =>
        myRequests(scope, helpdesk, await requirePortalUser(scope, helpdesk, request, deps.now())),
      ),
  });
  const requestParams = portalParamsSchema.extend({ id: z.uuid({ error: 'validation' }) });
  const REQUEST_EXAMPLE = { ...EXAMPLE, id: '00000000-0000-4000-8000-000000000000' };
  router.public({
    method: 'GET',
    url: `${BASE}/my-requests/:id`,
    summary: "One of the portal user's requests with its conversation (no internal notes) and the fields not hidden on the portal",
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: REQUEST_EXAMPLE,
    errors: [403],
    schemas: { params: requestParams, response: portalRequestDetailSchema },
    handler: (ctx, { params, request }) =>
      withPortal(ctx.db, params, async (scope, helpdesk) =>
        myRequest(scope, helpdesk, await requirePortalUser(scope, helpdesk, request, deps.now()), params.id),
      ),
  });
  router.public({
    method: 'POST',
    url: `${BASE}/my-requests/:id/messages`,
    summary: "The portal user's reply to their request: an inbound message of its conversation, as a mailed reply is",
    tags: ['Portal'],
    rateLimit: 'public',
    status: 201,
    paramsExample: REQUEST_EXAMPLE,
    errors: [403],
    schemas: { params: requestParams, body: portalReplySchema, response: portalRequestDetailSchema },
    example: { body: 'It works again, thank you.' },
    handler: (ctx, { params, body, request }) =>
      withPortal(ctx.db, params, async (scope, helpdesk) =>
        replyToMyRequest(scope, helpdesk, await requirePortalUser(scope, helpdesk, request, deps.now()), params.id, body),
      ),
  });
}
