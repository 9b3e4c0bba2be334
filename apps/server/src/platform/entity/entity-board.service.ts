import type { BoardTotals, BoardTotalsQuery } from '@atrium/domain';
import type { TenantContext } from '../context';
import { fieldError } from '../errors';
import { fieldAccess } from './custom-fields';
import { totalsByStage } from './entity-board.repository';
import { selectFields } from './entity-fields.repository';
import type { RegisteredEntity } from './entity-registry';
import { compileListQuery } from './list-query';
import { selectWorkflow } from './workflows.repository';

// The board's column totals (decision 083): count and sum per stage of one workflow, under the
// list's search and filters (a filter on the stage itself is the board's own, so it is dropped).
export async function boardTotals(ctx: TenantContext, ent: RegisteredEntity, query: BoardTotalsQuery): Promise<BoardTotals> {
  const { definition } = ent;
  const sum = definition.board?.sum;
  if (!sum) throw new Error(`${definition.kind} has no board totals`);
  const workflow = await selectWorkflow(ctx, query.workflowId);
  if (!workflow || workflow.entity !== definition.kind)
    throw fieldError('workflowId', 'notFound', `workflowId names no ${definition.kind} workflow of this workspace`, 404);
  const { workflowId: _workflow, ...list } = query;
  const compiled = compileListQuery(ctx, ent, await selectFields(ctx, definition.kind, 'all'), fieldAccess(ctx, definition), {
    ...list,
    filters: list.filters.filter((f) => f.field !== 'workflowStage'),
  });
  const rows = await totalsByStage(
    ctx,
    ent,
    compiled,
    sum,
    workflow.stages.map((s) => s.id),
  );
  return {
    stages: workflow.stages.map((s) => {
      const row = rows.find((r) => r.stageId === s.id);
      return { stageId: s.id, count: row?.count ?? 0, sum: row?.sum ?? 0 };
    }),
  };
}
