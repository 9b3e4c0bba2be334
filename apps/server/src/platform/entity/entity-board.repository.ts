import { sql } from 'drizzle-orm';
import type { TenantContext } from '../context';
import type { RegisteredEntity } from './entity-registry';
import { column, tableOf, T } from './entity-sql';
import type { CompiledListQuery } from './list-query';

// Count and sum per stage over the list's conditions, in one statement.
export async function totalsByStage(
  ctx: TenantContext,
  ent: RegisteredEntity,
  q: CompiledListQuery,
  sumKey: string,
  stageIds: readonly string[],
): Promise<{ stageId: string; count: number; sum: number }[]> {
  const stage = column(ent, 'workflowStage');
  const res = await ctx.db.execute<{ stage_id: string; n: number; total: string | null }>(sql`
    select ${stage} as stage_id, count(*)::int as n, sum(${column(ent, sumKey)}) as total
    from ${tableOf(ent)} ${T}
    where ${q.where} and ${stage} = any(${sql.param(stageIds)}::uuid[])
    group by ${stage}`);
  return res.rows.map((r) => ({ stageId: r.stage_id, count: r.n, sum: Number(r.total ?? 0) }));
}
