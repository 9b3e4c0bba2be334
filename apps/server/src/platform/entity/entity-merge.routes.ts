import { duplicateCheckSchema, duplicateGroupListSchema, duplicateListSchema, mergeRequestSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../router';
import type { RegisteredEntity } from './entity-registry';
import { duplicateGroups, findDuplicates, mergeEntities } from './entity-merge.service';
import { etagOf } from './etag';

const EXAMPLE_OTHER = '00000000-0000-4000-8000-000000000001';

// The duplicate check and the merge of a kind that declares duplicate keys (decision 026).
export function registerMergeRoutes(router: Router, ent: RegisteredEntity, words: { one: string; many: string }): void {
  const { definition } = ent;
  const { basePath: base, permissions: p } = definition;
  const tags = [definition.kind];
  router.tenant({
    method: 'POST',
    url: `${base}/duplicates`,
    summary: `${words.many} that look like the one being written (same ${definition.duplicates.join(', ')}, or a similar title)`,
    tags,
    permission: p.view,
    schemas: { body: duplicateCheckSchema, response: duplicateListSchema },
    example: { values: Object.fromEntries(definition.duplicates.map((k) => [k, ''])) },
    handler: async (ctx, { body }) => findDuplicates(ctx, ent, body),
  });
  router.tenant({
    method: 'GET',
    url: `${base}/duplicates/groups`,
    summary: `The ${words.many} that share a ${definition.duplicates.join(', ')} or a title with others, grouped by the shared value`,
    tags,
    permission: p.view,
    schemas: { response: duplicateGroupListSchema },
    handler: async (ctx) => duplicateGroups(ctx, ent),
  });
  router.tenant({
    method: 'POST',
    url: `${base}/:id/merge`,
    summary: `Merge another ${words.one} into this one: chosen values kept, notes, documents, tags, links and activity moved, the other archived (If-Match required)`,
    tags,
    permission: p.manage,
    table: ent.tableName,
    schemas: { params: z.object({ id: z.uuid() }), body: mergeRequestSchema, response: definition.schemas.row },
    example: { otherId: EXAMPLE_OTHER, otherVersion: 1, take: {} },
    etag: true,
    ifMatch: 'required',
    handler: async (ctx, { params, body, request, reply }) => {
      const merged = await mergeEntities(ctx, ent, params.id, body, request.headers['if-match']);
      reply.header('etag', etagOf(Number(merged.version)));
      return merged;
    },
  });
}
