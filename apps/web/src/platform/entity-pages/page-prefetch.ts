import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { isRecordId } from '../api/record-id';
import { allEntityFieldsQuery } from '../entity-fields/entity-fields.api';
import { boardScopeOf, boardWorkflow, stageColumnQuery } from '../entity/board-view';
import { entityApi } from '../entity/entity-api';
import { addressRequest } from '../entity/use-list-state';
import type { WebEntity } from '../entity/web-entity';
import { workflowsQuery } from '../workflows/workflows.api';

// What a record page asks for first — the record, its kind's fields and the open tab's own
// (a Gantt's chunk and tasks) — asked for as soon as the first address is known
// (app/first-address.ts), side by side with the workspace frame's calls, instead of one after another as each
// part renders (issue 20: the Gantt of 1,000 tasks from navigation). Not a loader of the record
// route: a route loader makes every later navigation wait for it, and a navigation the page
// starts meanwhile (a search parameter) then wins over it. Nothing waits on it: the page's own queries find the
// answers in the cache, or the requests under way; a refused one is asked again by the page.
export function prefetchRecordPage(entity: WebEntity, id: string, tab: string | null, qc: QueryClient = queryClient): void {
  if (!isRecordId(id)) return;
  void qc.prefetchQuery(entityApi(entity.definition).recordQuery(id));
  void qc.prefetchQuery(allEntityFieldsQuery(entity.definition.kind));
  entity.tabs?.find((t) => t.key === tab)?.prefetch?.(id, qc);
}

// The same for a list page's first address: its column catalogue, and for a board (m=board)
// whose address alone decides its request (use-list-state.ts), the stages and then each
// column's cards — the board renders them in its first pass instead of asking for the stages,
// then the columns, each after a render (issue 20: the board of 2,000 tasks from navigation).
// The table's own call is left to the page: it also remembers the list for the record pages.
export function prefetchListPage(entity: WebEntity, params: URLSearchParams, qc: QueryClient = queryClient): void {
  const { definition } = entity;
  const api = entityApi(definition);
  void qc.prefetchQuery(api.columnsQuery());
  const request = params.get('m') === 'board' && definition.capabilities.workflowStage ? addressRequest(params) : undefined;
  if (!request) return;
  const scopeId = boardScopeOf(definition, request);
  if (definition.workflowScope && scopeId === undefined) return;
  qc.fetchQuery(workflowsQuery(definition.kind, scopeId)).then(
    (workflows) => {
      for (const stage of boardWorkflow(workflows, null)?.stages ?? []) void qc.prefetchQuery(stageColumnQuery(api, request, stage.id));
    },
    () => undefined,
  );
}
