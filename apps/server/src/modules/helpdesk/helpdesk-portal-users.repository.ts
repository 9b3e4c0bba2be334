import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';

// Portal users' links and sessions (decision 094, round three): only the SHA-256 of a token is
// stored; a link is redeemed once (used_at), a session ends at its expiry or on sign-out.
export type PortalContact = { id: string; name: string; refused: boolean };

// The live contact of an address in the workspace (the requester), and whether it is marked
// spam or blocked.
export async function contactOfEmail(ctx: TenantScope, email: string): Promise<PortalContact | undefined> {
  const res = await ctx.db.execute<PortalContact>(sql`
    select c.id, coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email) as name,
      (c.spam_at is not null or c.blocked_at is not null) as refused
    from contacts c where c.tenant_id = ${ctx.tenantId} and lower(c.email) = lower(${email}) and c.deleted_at is null
    order by c.created_at limit 1`);
  return res.rows[0];
}

export async function linksSince(ctx: TenantScope, helpdeskId: string, email: string, since: Date): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from helpdesk_portal_tokens t
    where t.tenant_id = ${ctx.tenantId} and t.helpdesk_id = ${helpdeskId} and t.email = ${email} and t.kind = 'link'
      and t.created_at >= ${since.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}

export async function insertToken(
  ctx: TenantScope,
  t: { helpdeskId: string | null; contactId: string; email: string; kind: 'link' | 'session'; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await ctx.db.execute(sql`
    insert into helpdesk_portal_tokens (tenant_id, helpdesk_id, contact_id, email, kind, token_hash, expires_at)
    values (${ctx.tenantId}, ${t.helpdeskId}, ${t.contactId}, ${t.email}, ${t.kind}, ${t.tokenHash}, ${t.expiresAt.toISOString()}::timestamptz)`);
}

// A link of this helpdesk, unused and current, marked used by this statement (two redeems of
// one link: one wins).
export async function redeemLink(
  ctx: TenantScope,
  helpdeskId: string,
  tokenHash: string,
  now: Date,
): Promise<{ contactId: string; email: string } | undefined> {
  const res = await ctx.db.execute<{ contactId: string; email: string }>(sql`
    update helpdesk_portal_tokens set used_at = ${now.toISOString()}::timestamptz
    where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId} and token_hash = ${tokenHash} and kind = 'link'
      and used_at is null and expires_at > ${now.toISOString()}::timestamptz
    returning contact_id as "contactId", email`);
  return res.rows[0];
}

// A link redeemed (used) at or after `since`, by its token's hash: the widget's pairing waits for it.
export async function redeemedLink(
  ctx: TenantScope,
  helpdeskId: string,
  tokenHash: string,
): Promise<{ contactId: string; email: string; usedAt: Date | null } | undefined> {
  const res = await ctx.db.execute<{ contactId: string; email: string; usedAt: string | null }>(sql`
    select contact_id as "contactId", email, used_at as "usedAt" from helpdesk_portal_tokens
    where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId} and token_hash = ${tokenHash} and kind = 'link'`);
  const row = res.rows[0];
  return row ? { ...row, usedAt: row.usedAt ? new Date(row.usedAt) : null } : undefined;
}

// A session whose hash may exist already (a pairing answered once): true when this call made it.
export async function insertSessionOnce(
  ctx: TenantScope,
  t: { helpdeskId: string; contactId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    insert into helpdesk_portal_tokens (tenant_id, helpdesk_id, contact_id, email, kind, token_hash, expires_at)
    values (${ctx.tenantId}, ${t.helpdeskId}, ${t.contactId}, ${t.email}, 'session', ${t.tokenHash}, ${t.expiresAt.toISOString()}::timestamptz)
    on conflict (tenant_id, token_hash) do nothing
    returning 1 as made`);
  return res.rows.length > 0;
}

export type PortalSessionRow = { contactId: string; email: string; name: string; refused: boolean };

// A current session of this helpdesk, with its contact (still live).
export async function sessionOf(ctx: TenantScope, helpdeskId: string, tokenHash: string, now: Date): Promise<PortalSessionRow | undefined> {
  const res = await ctx.db.execute<PortalSessionRow>(sql`
    select t.contact_id as "contactId", t.email,
      coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email, t.email) as name,
      (c.spam_at is not null or c.blocked_at is not null) as refused
    from helpdesk_portal_tokens t
    join contacts c on c.tenant_id = t.tenant_id and c.id = t.contact_id and c.deleted_at is null
    where t.tenant_id = ${ctx.tenantId} and t.helpdesk_id = ${helpdeskId} and t.token_hash = ${tokenHash} and t.kind = 'session'
      and t.expires_at > ${now.toISOString()}::timestamptz`);
  return res.rows[0];
}

// A current session of any helpdesk portal of the workspace (the workspace's portal identity, which
// the booking portal asks for): the tenant and the token's hash decide, the contact still live.
export async function workspaceSessionOf(ctx: TenantScope, tokenHash: string, now: Date): Promise<PortalSessionRow | undefined> {
  const res = await ctx.db.execute<PortalSessionRow>(sql`
    select t.contact_id as "contactId", t.email,
      coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email, t.email) as name,
      (c.spam_at is not null or c.blocked_at is not null) as refused
    from helpdesk_portal_tokens t
    join contacts c on c.tenant_id = t.tenant_id and c.id = t.contact_id and c.deleted_at is null
    where t.tenant_id = ${ctx.tenantId} and t.token_hash = ${tokenHash} and t.kind = 'session'
      and t.expires_at > ${now.toISOString()}::timestamptz`);
  return res.rows[0];
}

// Ends a session of the workspace, whichever helpdesk portal made it (a booking page's sign-out).
export async function deleteWorkspaceSession(ctx: TenantScope, tokenHash: string): Promise<void> {
  await ctx.db.execute(sql`
    delete from helpdesk_portal_tokens where tenant_id = ${ctx.tenantId} and token_hash = ${tokenHash} and kind = 'session'`);
}

// An address's links of the workspace since a time, whichever portal they were asked on.
export async function workspaceLinksSince(ctx: TenantScope, email: string, since: Date): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from helpdesk_portal_tokens t
    where t.tenant_id = ${ctx.tenantId} and t.email = ${email} and t.kind = 'link' and t.created_at >= ${since.toISOString()}::timestamptz`);
  return Number(res.rows[0]?.n ?? 0);
}

// A link of the workspace itself (asked on a booking page, no helpdesk), unused and current,
// marked used by this statement (two redeems of one link: one wins).
export async function redeemWorkspaceLink(
  ctx: TenantScope,
  tokenHash: string,
  now: Date,
): Promise<{ contactId: string; email: string } | undefined> {
  const res = await ctx.db.execute<{ contactId: string; email: string }>(sql`
    update helpdesk_portal_tokens set used_at = ${now.toISOString()}::timestamptz
    where tenant_id = ${ctx.tenantId} and helpdesk_id is null and token_hash = ${tokenHash} and kind = 'link'
      and used_at is null and expires_at > ${now.toISOString()}::timestamptz
    returning contact_id as "contactId", email`);
  return res.rows[0];
}

// Expired links and sessions of the workspace itself (no helpdesk) go when a new link is made.
export async function deleteExpiredOfWorkspace(ctx: TenantScope, now: Date): Promise<void> {
  await ctx.db.execute(sql`
    delete from helpdesk_portal_tokens where tenant_id = ${ctx.tenantId} and helpdesk_id is null
      and expires_at < ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz`);
}

export async function deleteSession(ctx: TenantScope, helpdeskId: string, tokenHash: string): Promise<void> {
  await ctx.db.execute(sql`
    delete from helpdesk_portal_tokens where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId}
      and token_hash = ${tokenHash} and kind = 'session'`);
}

// Expired links and sessions of the helpdesk go when a new one is made.
export async function deleteExpired(ctx: TenantScope, helpdeskId: string, now: Date): Promise<void> {
  await ctx.db.execute(sql`
    delete from helpdesk_portal_tokens where tenant_id = ${ctx.tenantId} and helpdesk_id = ${helpdeskId}
      and expires_at < ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz`);
}

export type MyRequestRow = {
  id: string;
  number: string;
  subject: string;
  stage: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

// The contact's requests of this helpdesk, newest first (or the one named).
export async function myRequests(ctx: TenantScope, helpdeskId: string, contactId: string, id?: string): Promise<MyRequestRow[]> {
  const res = await ctx.db.execute<MyRequestRow>(sql`
    select r.id, r.number, r.subject, s.name as stage, r.created_at as "createdAt", r.updated_at as "updatedAt"
    from requests r left join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id
    where r.tenant_id = ${ctx.tenantId} and r.helpdesk_id = ${helpdeskId} and r.requester_id = ${contactId} and r.deleted_at is null
      ${id ? sql`and r.id = ${id}` : sql``}
    order by r.created_at desc, r.id limit 200`);
  return res.rows;
}

export async function requestCustomFields(ctx: TenantScope, requestId: string): Promise<Record<string, unknown>> {
  const res = await ctx.db.execute<{ customFields: Record<string, unknown> | null }>(sql`
    select r.custom_fields as "customFields" from requests r where r.tenant_id = ${ctx.tenantId} and r.id = ${requestId}`);
  return res.rows[0]?.customFields ?? {};
}

export async function requestVersion(ctx: TenantScope, requestId: string): Promise<number> {
  const res = await ctx.db.execute<{ version: number }>(sql`
    update requests set updated_at = now(), version = version + 1 where tenant_id = ${ctx.tenantId} and id = ${requestId} returning version`);
  return Number(res.rows[0]?.version ?? 0);
}
