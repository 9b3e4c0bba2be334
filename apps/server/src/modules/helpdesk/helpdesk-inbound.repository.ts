import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import type { Db } from '../../platform/database';

// The helpdesks whose sender address is this one, across workspaces (db/security.sql: ids only,
// at most two — two mean the address is ambiguous).
export async function helpdesksForAddress(db: Db, address: string): Promise<{ tenantId: string; helpdeskId: string }[]> {
  const res = await db.execute<{ tenantId: string; helpdeskId: string }>(sql`
    select f.tenant_id as "tenantId", f.helpdesk_id as "helpdeskId" from atrium_helpdesks_for_address(${address}) f`);
  return res.rows;
}

export type InboundHelpdesk = { id: string; code: string; name: string; senderAddress: string | null };

export async function inboundHelpdesk(ctx: TenantScope, id: string): Promise<InboundHelpdesk | undefined> {
  const res = await ctx.db.execute<InboundHelpdesk>(sql`
    select h.id, h.code, h.name, h.sender_address as "senderAddress" from helpdesks h
    where h.tenant_id = ${ctx.tenantId} and h.id = ${id} and h.deleted_at is null and h.archived_at is null`);
  return res.rows[0];
}

// Whether the live contacts with this e-mail include one marked spam or blocked (CRM states).
export async function senderRefused(ctx: TenantScope, email: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from contacts c where c.tenant_id = ${ctx.tenantId} and lower(c.email) = lower(${email}) and c.deleted_at is null
      and (c.spam_at is not null or c.blocked_at is not null) limit 1`);
  return res.rows.length > 0;
}

export async function messageIdKnown(ctx: TenantScope, messageId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from request_messages m where m.tenant_id = ${ctx.tenantId} and m.message_id = ${messageId} limit 1`);
  return res.rows.length > 0;
}

// The live request of this helpdesk a mail answers: one of whose messages has one of these
// Message-IDs (the newest such message wins), or whose own thread root is one of `roots`.
export async function requestByMessageIds(
  ctx: TenantScope,
  helpdeskId: string,
  messageIds: readonly string[],
  requestIds: readonly string[],
): Promise<string | undefined> {
  if (messageIds.length === 0 && requestIds.length === 0) return undefined;
  const res = await ctx.db.execute<{ id: string }>(sql`
    select r.id from requests r
    left join request_messages m on m.tenant_id = r.tenant_id and m.request_id = r.id
      and m.message_id = any(${sql.param([...messageIds])}::text[])
    where r.tenant_id = ${ctx.tenantId} and r.helpdesk_id = ${helpdeskId} and r.deleted_at is null
      and (m.id is not null or r.id = any(${sql.param([...requestIds])}::uuid[]))
    order by m.created_at desc nulls last limit 1`);
  return res.rows[0]?.id;
}

export async function requestByNumber(ctx: TenantScope, helpdeskId: string, number: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select r.id from requests r
    where r.tenant_id = ${ctx.tenantId} and r.helpdesk_id = ${helpdeskId} and upper(r.number) = upper(${number}) and r.deleted_at is null
    limit 1`);
  return res.rows[0]?.id;
}

export async function requestHead(ctx: TenantScope, id: string): Promise<{ version: number; number: string; subject: string }> {
  const res = await ctx.db.execute<{ version: number; number: string; subject: string }>(sql`
    select r.version, r.number, r.subject from requests r where r.tenant_id = ${ctx.tenantId} and r.id = ${id}`);
  const row = res.rows[0];
  return { version: Number(row?.version ?? 0), number: String(row?.number ?? ''), subject: String(row?.subject ?? '') };
}
