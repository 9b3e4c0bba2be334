import type {
  EntityKind,
  Workflow,
  WorkflowCreate,
  WorkflowStage,
  WorkflowStageInput,
  WorkflowStageMove,
  WorkflowUpdate,
} from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

const PATHS = {
  list: (entity: EntityKind, scopeId?: string) =>
    `/api/v1/core/workflows?entity=${encodeURIComponent(entity)}${scopeId ? `&scopeId=${encodeURIComponent(scopeId)}` : ''}`,
  create: '/api/v1/core/workflows',
  workflow: (id: string) => `/api/v1/core/workflows/${id}`,
  stages: '/api/v1/core/workflow-stages',
  stage: (id: string) => `/api/v1/core/workflow-stages/${id}`,
  stageOrder: (id: string) => `/api/v1/core/workflow-stages/${id}/sort-order`,
} as const;

// a kind whose workflows belong to records (a project's task stages) is asked for one record's
// (`scopeId`); its key sits under the kind's, so a change to any of them refetches them all
export const workflowKeys = {
  list: (entity: EntityKind) => workspaceKey('workflows', entity),
  scoped: (entity: EntityKind, scopeId: string | undefined) => [...workspaceKey('workflows', entity), scopeId ?? null] as const,
};

export const workflowsQuery = (entity: EntityKind, scopeId?: string) =>
  queryOptions({ queryKey: workflowKeys.scoped(entity, scopeId), queryFn: () => apiRequest<Workflow[]>(PATHS.list(entity, scopeId)) });
// a kind without stages has no workflows and is not asked for them (issue 26, item 6)
export const useWorkflows = (entity: EntityKind, enabled = true, scopeId?: string) =>
  useQuery({ ...workflowsQuery(entity, scopeId), enabled });

// Every change refetches the entity's workflows: stages and defaults move together.
function useWorkflowMutation<V, R>(entity: EntityKind, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: workflowKeys.list(entity) }) });
}

export const useCreateWorkflow = (entity: EntityKind) =>
  useWorkflowMutation(entity, (body: Omit<WorkflowCreate, 'entity'>) =>
    apiRequest<Workflow>(PATHS.create, { method: 'POST', body: { ...body, entity } }),
  );
export const useUpdateWorkflow = (entity: EntityKind) =>
  useWorkflowMutation(entity, ({ id, body }: { id: string; body: WorkflowUpdate }) =>
    apiRequest<Workflow>(PATHS.workflow(id), { method: 'PUT', body }),
  );
export const useDeleteWorkflow = (entity: EntityKind) =>
  useWorkflowMutation(entity, (id: string) => apiRequest<void>(PATHS.workflow(id), { method: 'DELETE' }));
export const useCreateStage = (entity: EntityKind) =>
  useWorkflowMutation(entity, (body: WorkflowStageInput & { workflowId: string }) =>
    apiRequest<WorkflowStage>(PATHS.stages, { method: 'POST', body }),
  );
export const useUpdateStage = (entity: EntityKind) =>
  useWorkflowMutation(entity, ({ id, body }: { id: string; body: WorkflowStageInput }) =>
    apiRequest<WorkflowStage>(PATHS.stage(id), { method: 'PUT', body }),
  );
// `moveTo`: the stage that takes the records of the deleted one (the server asks for it, 409
// stageInUse, when records are in it)
export const useDeleteStage = (entity: EntityKind) =>
  useWorkflowMutation(entity, ({ id, moveTo }: { id: string; moveTo?: string }) =>
    apiRequest<void>(`${PATHS.stage(id)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`, { method: 'DELETE' }),
  );

// Moving a stage names its new neighbour; the server writes only the moved row. The cache is
// reordered at once so the drop does not jump back while the request runs (the list shown: the
// workspace's, or the owning record's, `scopeId`).
export function useMoveStage(entity: EntityKind, scopeId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: WorkflowStageMove; optimistic: Workflow[] }) =>
      apiRequest<WorkflowStage>(PATHS.stageOrder(id), { method: 'PUT', body: move }),
    onMutate: ({ optimistic }) => {
      qc.setQueryData(workflowKeys.scoped(entity, scopeId), optimistic);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: workflowKeys.list(entity) }),
  });
}
