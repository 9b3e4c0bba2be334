import type { LeadConversion } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// The lead, locked for its conversion: two conversions of one lead run one after the other, and
// the second sees the first's mark.
export async function lockLead(ctx: TenantContext, id: string): Promise<{ version: number; converted: boolean } | undefined> {
  const res = await ctx.db.execute<{ version: number; converted: boolean }>(sql`
    select version, converted_at is not null as converted from leads
    where tenant_id = ${ctx.tenantId} and id = ${id} for update`);
  return res.rows[0];
}

export async function markConverted(ctx: TenantContext, id: string, to: { kind: LeadConversion['to']; id: string }): Promise<void> {
  await ctx.db.execute(sql`
    update leads set converted_at = now(), converted_to_kind = ${to.kind}, converted_to_id = ${to.id}, status = 'Converted',
      version = version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}
