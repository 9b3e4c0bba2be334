import { z } from 'zod';
import { entityKindSchema } from '../shared-records.schema';

// Ctrl/Cmd+K: one search across every kind the caller may see (decision 027). Words must all
// appear in the record's title or search fields; archived records are left out.
export const GLOBAL_SEARCH_MAX_PER_KIND = 10;
export const globalSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(2, { error: 'minLength' }).max(100, { error: 'maxLength' }),
  perKind: z.coerce.number().int().min(1).max(GLOBAL_SEARCH_MAX_PER_KIND).default(5),
});
export type GlobalSearchQuery = z.infer<typeof globalSearchQuerySchema>;

export const globalSearchHitSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  // a second line: the first search field that is not part of the title (e-mail, number…)
  subtitle: z.string().nullable(),
});
export const globalSearchGroupSchema = z.object({
  kind: entityKindSchema,
  data: z.array(globalSearchHitSchema),
  // more matches than shown: the kind's list, searched, has them all
  more: z.boolean(),
});
export const globalSearchResultSchema = z.object({ groups: z.array(globalSearchGroupSchema) });
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;
