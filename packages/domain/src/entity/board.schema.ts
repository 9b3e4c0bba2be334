import { z } from 'zod';
import { entityListQuerySchema } from './list-query.schema';

// The board's column totals of a kind that declares `board.sum` (decision 083): per stage of one
// workflow, the count and the sum of the field, under the list's own search and filters.
export const boardTotalsQuerySchema = entityListQuerySchema.extend({ workflowId: z.uuid({ error: 'validation' }) });
export type BoardTotalsQuery = z.infer<typeof boardTotalsQuerySchema>;
export const boardTotalsSchema = z.object({
  stages: z.array(z.object({ stageId: z.uuid(), count: z.number().int(), sum: z.number() })),
});
export type BoardTotals = z.infer<typeof boardTotalsSchema>;

// A card moved on the board (PUT {base}/{id}/board-position, If-Match): into a stage, above the
// card `beforeId` of that stage, or at the column's end without it (decision 036).
export const boardMoveSchema = z.strictObject({
  workflowStage: z.uuid({ error: 'invalidStage' }),
  beforeId: z.uuid({ error: 'validation' }).nullable().optional(),
});
export type BoardMove = z.infer<typeof boardMoveSchema>;
