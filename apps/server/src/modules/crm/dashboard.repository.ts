import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// What the CRM's dashboard widgets show (decision 037). Open: the deal's stage is neither won
// nor lost, and no outcome was recorded.
const OPEN = sql`o.archived_at is null and o.deleted_at is null and o.outcome is null and s.stage_type not in ('Won', 'Lost')`;

// every open stage of every pipeline, with the caller's deals in it (empty stages too)
export async function myOpenByStage(ctx: TenantContext) {
  const res = await ctx.db.execute<{
    workflowId: string;
    workflowName: string;
    stageId: string;
    stageName: string;
    color: string | null;
    count: number;
    sum: string;
  }>(sql`
    select w.id as "workflowId", w.name as "workflowName", s.id as "stageId", s.name as "stageName", s.color,
      count(o.id)::int as count, coalesce(sum(o.expected_value), 0) as sum
    from workflows w
    join workflow_stages s on s.tenant_id = w.tenant_id and s.workflow_id = w.id and s.stage_type not in ('Won', 'Lost')
    left join opportunities o on o.tenant_id = s.tenant_id and o.workflow_stage_id = s.id
      and o.owner_id = ${ctx.tenantUserId} and o.archived_at is null and o.deleted_at is null and o.outcome is null
    where w.tenant_id = ${ctx.tenantId} and w.entity_kind = 'Opportunity'
    group by w.id, w.name, w.is_default, s.id, s.name, s.color, s.sort_order
    order by w.is_default desc, w.name, s.sort_order collate "C"`);
  return res.rows.map((r) => ({ ...r, sum: Number(r.sum) }));
}

// the open pipeline (everyone's deals) by month of the estimated close date
export async function pipelineByMonth(ctx: TenantContext) {
  const res = await ctx.db.execute<{ month: string | null; count: number; sum: string }>(sql`
    select to_char(o.estimated_close_date, 'YYYY-MM') as month, count(*)::int as count, coalesce(sum(o.expected_value), 0) as sum
    from opportunities o
    join workflow_stages s on s.tenant_id = o.tenant_id and s.id = o.workflow_stage_id
    where o.tenant_id = ${ctx.tenantId} and ${OPEN}
    group by 1 order by 1 nulls last`);
  return res.rows.map((r) => ({ ...r, sum: Number(r.sum) }));
}

export async function myTeams(ctx: TenantContext) {
  const res = await ctx.db.execute<{ id: string; name: string; isDefault: boolean; memberCount: number }>(sql`
    select t.id, t.name, t.is_default as "isDefault",
      (select count(*)::int from team_members m where m.tenant_id = t.tenant_id and m.team_id = t.id) as "memberCount"
    from teams t
    where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and exists (
      select 1 from team_members m where m.tenant_id = t.tenant_id and m.team_id = t.id and m.tenant_user_id = ${ctx.tenantUserId})
    order by t.is_default desc, lower(t.name)`);
  return res.rows;
}
