import { captionsQuerySchema, captionsSchema } from '@atrium/domain';
import { mergedCaptions, registerCaptions } from '../../platform/captions';
import type { Router } from '../../platform/router';
import { SHELL_CAPTIONS } from './shell.captions';

// Unknown cultures and missing keys fall back to English, so the SPA never shows a raw key.
export const captionsFor = (culture: string | undefined): Record<string, string> => mergedCaptions(culture);

export function registerCaptionRoutes(router: Router): void {
  registerCaptions(SHELL_CAPTIONS);
  router.public({
    method: 'GET',
    url: '/api/v1/admin/captions',
    summary: 'Translated captions of the web app (en-US, de-DE)',
    tags: ['admin'],
    schemas: { query: captionsQuerySchema, response: captionsSchema },
    handler: async (_ctx, { query, reply }) => {
      // Captions change only with a release; let the browser keep them for a while.
      reply.header('cache-control', 'public, max-age=300');
      return captionsFor(query.culture);
    },
  });
}
