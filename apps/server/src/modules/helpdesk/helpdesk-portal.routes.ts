import { portalArticleSchema, portalHomeSchema, portalParamsSchema, portalSearchResultSchema, portalSearchSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { portalArticle, portalHome, portalSearch } from './helpdesk-portal.service';

const BASE = '/api/v1/public/portal/:workspace/:helpdesk';
const EXAMPLE = { workspace: 'northwind-demo', helpdesk: 'northwind-support' };

// The helpdesk's public portal (issue 23): its home, the knowledge base's search and an
// article, without a sign-in; a helpdesk whose portal is off answers 404.
export function registerHelpdeskPortalRoutes(router: Router): void {
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
}
