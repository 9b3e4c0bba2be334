import { sql, type SQL } from 'drizzle-orm';
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

// Ranks are spaced this far apart when a column is (re)numbered; a move takes the middle of
// its neighbours, so about twenty moves into one gap fit before the column is renumbered.
export const RANK_STEP = 1000;

// The rank of a card of the stage (undefined: no such card in the stage; null: not ranked yet).
export async function rankOf(ctx: TenantContext, ent: RegisteredEntity, stageId: string, id: string): Promise<number | null | undefined> {
  const res = await ctx.db.execute<{ rank: string | null }>(sql`
    select ${column(ent, 'boardRank')} as rank from ${tableOf(ent)} ${T}
    where ${T}.tenant_id = ${ctx.tenantId} and ${T}.id = ${id} and ${T}.deleted_at is null and ${column(ent, 'workflowStage')} = ${stageId}`);
  const row = res.rows[0];
  return row ? (row.rank === null ? null : Number(row.rank)) : undefined;
}

// The highest rank below `below` (or of the whole column), leaving out the card being moved;
// `unranked` says whether the column still has cards without a rank.
export async function neighbourRank(
  ctx: TenantContext,
  ent: RegisteredEntity,
  stageId: string,
  movingId: string,
  below: number | undefined,
): Promise<{ rank: number | null; unranked: boolean }> {
  const rank = column(ent, 'boardRank');
  const inColumn = sql`${T}.tenant_id = ${ctx.tenantId} and ${column(ent, 'workflowStage')} = ${stageId} and ${T}.id <> ${movingId}`;
  // two walks of the (tenant, stage, rank) index, not a read of the whole column: the card
  // just above, and whether any card has no rank yet (nulls sort last, so one look at the end)
  const res = await ctx.db.execute<{ rank: string | null; unranked: boolean }>(sql`
    select
      (select ${rank} from ${tableOf(ent)} ${T} where ${inColumn} and ${rank} is not null
        ${below === undefined ? sql`` : sql`and ${rank} < ${below}`}
        order by ${rank} desc limit 1) as rank,
      exists (select 1 from ${tableOf(ent)} ${T} where ${inColumn} and ${rank} is null) as unranked`);
  const row = res.rows[0];
  return { rank: row?.rank === null || row?.rank === undefined ? null : Number(row.rank), unranked: row?.unranked ?? false };
}

// Numbers a column's cards RANK_STEP apart in their board order (ranked ones first, then the
// kind's default order): the one move that writes more than its own row, when a column gets its
// first manual order or a gap is used up. Versions stay: no field a person sees changed.
export async function renumberColumn(ctx: TenantContext, ent: RegisteredEntity, stageId: string, order: SQL): Promise<void> {
  const rank = column(ent, 'boardRank');
  await ctx.db.execute(sql`
    update ${tableOf(ent)} as u set board_rank = n.pos * ${RANK_STEP}
    from (
      select ${T}.id, row_number() over (order by ${rank} asc nulls last, ${order}) as pos
      from ${tableOf(ent)} ${T}
      where ${T}.tenant_id = ${ctx.tenantId} and ${column(ent, 'workflowStage')} = ${stageId}
    ) n
    where u.tenant_id = ${ctx.tenantId} and u.id = n.id`);
}
