import { leadConversionResultSchema, leadConversionSchema, leadEntity } from '@atrium/domain';
import { z } from 'zod';
import { etagOf, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { convertLead } from './leads.service';

// PUT /api/v1/leads/{id}/convert (spec §7): the one call leads have beyond the engine's.
export function registerLeadRoutes(
  router: Router,
  kinds: { lead: RegisteredEntity; contact: RegisteredEntity; organization: RegisteredEntity; opportunity: RegisteredEntity },
): void {
  router.tenant({
    method: 'PUT',
    url: `${leadEntity.basePath}/:id/convert`,
    summary:
      'Convert a lead into a contact (linked to an existing or a new organization) or into an organization, optionally with an opportunity for it; its notes, documents, tags and history move to the new record, and the lead becomes read-only (If-Match required)',
    tags: ['Lead'],
    permission: leadEntity.permissions.manage,
    table: kinds.lead.tableName,
    schemas: { params: z.object({ id: z.uuid() }), body: leadConversionSchema, response: leadConversionResultSchema },
    example: { to: 'Contact', organization: { mode: 'new' }, opportunity: { name: 'Navy Labs opportunity', expectedValue: 12000 } },
    etag: true,
    ifMatch: 'required',
    handler: async (ctx, { params, body, request, reply }) => {
      const result = await convertLead(ctx, kinds, params.id, body, request.headers['if-match']);
      reply.header('etag', etagOf(Number(result.lead.version)));
      return result;
    },
  });
}
