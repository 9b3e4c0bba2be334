import type { MyTeams, OpenOpportunitiesByStage, PipelineByMonth } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import * as repo from './dashboard.repository';

export async function myOpenOpportunities(ctx: TenantContext): Promise<OpenOpportunitiesByStage> {
  return { stages: await repo.myOpenByStage(ctx) };
}

// the open pipeline by close month; opportunities without a close date are counted apart
export async function pipelineByMonth(ctx: TenantContext): Promise<PipelineByMonth> {
  const rows = await repo.pipelineByMonth(ctx);
  const undated = rows.find((r) => r.month === null);
  return {
    months: rows.flatMap((r) => (r.month === null ? [] : [{ month: r.month, count: r.count, sum: r.sum }])),
    undated: { count: undated?.count ?? 0, sum: undated?.sum ?? 0 },
  };
}

export const myTeams = (ctx: TenantContext): Promise<MyTeams> => repo.myTeams(ctx);
