import {
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
import { portalArticle, portalCaptcha, portalHome, portalSearch, submitPortalRequest, type PortalDeps } from './helpdesk-portal.service';

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
    handler: (ctx, { params }) => portalHome(ctx.db, params),
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
    handler: (ctx, { params, body }) => portalSearch(ctx.db, params, body.q),
  });
  router.public({
    method: 'GET',
    url: `${BASE}/articles/:slug`,
    summary: 'A published public article of a portal by its slug; an old slug answers the article and movedFrom',
    tags: ['Portal'],
    rateLimit: 'public',
    paramsExample: { ...EXAMPLE, slug: 'resetting-your-password' },
    schemas: { params: portalParamsSchema.extend({ slug: z.string().min(1).max(200) }), response: portalArticleSchema },
    handler: (ctx, { params }) => portalArticle(ctx.db, params, params.slug),
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
      'Submit a request without a sign-in (channel Portal): the e-mail, a subject, the message and a solved captcha; 400 captchaInvalid writes nothing',
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
    handler: (ctx, { params, body }) => submitPortalRequest(ctx.db, deps, params, body),
  });
}
