import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

// Sets or clears one e-mail state column of a contact; the row's version moves on. Returns
// whether anything changed (setting a state that is set keeps its first time).
export async function setContactState(ctx: TenantContext, id: string, column: string, on: boolean): Promise<boolean> {
  const col = sql.identifier(column);
  const res = await ctx.db.execute(sql`
    update contacts set ${col} = ${on ? sql`now()` : sql`null`}, version = version + 1, updated_at = now(), updated_by = ${ctx.tenantUserId}
    where tenant_id = ${ctx.tenantId} and id = ${id} and (${col} is null) = ${on}`);
  return (res.rowCount ?? 0) > 0;
}
