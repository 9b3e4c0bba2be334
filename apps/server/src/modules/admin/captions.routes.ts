import { captionsQuerySchema, captionsSchema } from '@atrium/domain';
import type { Router } from '../../platform/router';
import { DE_CAPTIONS } from './captions/de';
import { EN_CAPTIONS } from './captions/en';

const BY_LANGUAGE: Record<string, Readonly<Record<string, string>>> = { en: EN_CAPTIONS, de: DE_CAPTIONS };

// Unknown cultures and missing keys fall back to English, so the SPA never shows a raw key.
export function captionsFor(culture: string | undefined): Record<string, string> {
  const language = (culture ?? 'en').slice(0, 2).toLowerCase();
  return { ...EN_CAPTIONS, ...BY_LANGUAGE[language] };
}

export function registerCaptionRoutes(router: Router): void {
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
