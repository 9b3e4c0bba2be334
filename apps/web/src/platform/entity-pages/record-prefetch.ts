import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { allEntityFieldsQuery } from '../entity-fields/entity-fields.api';
import { entityApi } from '../entity/entity-api';
import type { WebEntity } from '../entity/web-entity';

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// What a record page asks for first — the record, its kind's fields and the open tab's own
// (a Gantt's chunk and tasks) — asked for as soon as the first address is known
// (app/first-address.ts), side by side with the workspace frame's calls, instead of one after another as each
// part renders (issue 20: the Gantt of 1,000 tasks from navigation). Not a loader of the record
// route: a route loader makes every later navigation wait for it, and a navigation the page
// starts meanwhile (a search parameter) then wins over it. Nothing waits on it: the page's own queries find the
// answers in the cache, or the requests under way; a refused one is asked again by the page.
export function prefetchRecordPage(entity: WebEntity, id: string, tab: string | null, qc: QueryClient = queryClient): void {
  if (!RECORD_ID.test(id)) return;
  void qc.prefetchQuery(entityApi(entity.definition).recordQuery(id));
  void qc.prefetchQuery(allEntityFieldsQuery(entity.definition.kind));
  entity.tabs?.find((t) => t.key === tab)?.prefetch?.(id, qc);
}
