import type { EntityKind } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';

export type SentMailEntry = { messageId: string; references: string[] };

// The last e-mail sent from a record: the next one continues its thread.
export async function lastEmailOf(ctx: TenantContext, kind: EntityKind, id: string): Promise<SentMailEntry | undefined> {
  const res = await ctx.db.execute<{ after: { messageId?: unknown; references?: unknown } | null }>(sql`
    select after from activities
    where tenant_id = ${ctx.tenantId} and entity_kind = ${kind} and entity_id = ${id} and type = 'Email' and action = 'sent'
    order by created_at desc limit 1`);
  const after = res.rows[0]?.after;
  if (!after || typeof after.messageId !== 'string') return undefined;
  const references = Array.isArray(after.references) ? after.references.filter((r): r is string => typeof r === 'string') : [];
  return { messageId: after.messageId, references };
}
