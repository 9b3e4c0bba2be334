import type { CampaignLastAction, CampaignSettings, CampaignStatus, RecipientState, SkipReason } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';
import type { ListCondition } from '../../platform/entity';

// Statements of campaigns and segments beyond the engine's. Conditions over contacts come from
// the engine (listCondition and its combinators) and name the contacts table `t`.

export async function countContacts(ctx: TenantScope, where: ListCondition): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from contacts t where t.tenant_id = ${ctx.tenantId} and t.deleted_at is null and ${where}`,
  );
  return res.rows[0]?.n ?? 0;
}

export type LockedCampaign = {
  id: string;
  status: CampaignStatus;
  segmentIds: string[] | null;
  emailTemplateId: string | null;
  senderName: string | null;
  senderEmail: string | null;
  scheduledAt: string | null;
  recipients: number | null;
  archived: boolean;
  sendWindowStart: string | null;
  sendWindowEnd: string | null;
  sendWindowDays: number[] | null;
  recipientLocalTime: boolean;
};

// The campaign, locked: a start, suspend or resume and the sending job's batches take turns.
export async function lockCampaign(ctx: TenantScope, id: string, mode: 'update' | 'share' = 'update'): Promise<LockedCampaign | undefined> {
  const res = await ctx.db.execute<LockedCampaign>(sql`
    select id, coalesce(status, 'Draft') as status, segment_ids as "segmentIds", email_template_id as "emailTemplateId",
      sender_name as "senderName", sender_email as "senderEmail", scheduled_at::text as "scheduledAt", recipients,
      archived_at is not null as archived, send_window_start as "sendWindowStart", send_window_end as "sendWindowEnd",
      send_window_days as "sendWindowDays",
      coalesce(recipient_local_time, false) as "recipientLocalTime"
    from campaigns where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null
    for ${mode === 'update' ? sql`update` : sql`share`}`);
  return res.rows[0];
}

// Freezes the recipients: the members of the campaign's segments now (their stored membership,
// decision 095), each once (the primary key skips repeats).
export async function freezeRecipients(ctx: TenantScope, campaignId: string, segmentIds: readonly string[], now: Date): Promise<number> {
  const res = await ctx.db.execute(sql`
    insert into campaign_recipients (tenant_id, campaign_id, contact_id, queued_at)
    select distinct m.tenant_id, ${campaignId}::uuid, m.contact_id, ${now.toISOString()}::timestamptz
    from segment_members m join contacts t on t.tenant_id = m.tenant_id and t.id = m.contact_id and t.deleted_at is null
    where m.tenant_id = ${ctx.tenantId} and m.segment_id = any(${sql.param(segmentIds)}::uuid[])
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

export async function setStatus(
  ctx: TenantContext,
  id: string,
  status: CampaignStatus,
  now: Date,
  action: { lastAction: CampaignLastAction; note?: string },
  recipients?: number,
): Promise<void> {
  await ctx.db.execute(sql`
    update campaigns set status = ${status}, last_action_at = ${now.toISOString()}::timestamptz,
      last_action = ${action.lastAction}, last_action_note = ${action.note ?? null},
      ${recipients === undefined ? sql`` : sql`recipients = ${recipients},`}
      version = version + 1, updated_at = ${now.toISOString()}::timestamptz, updated_by = ${ctx.tenantUserId === NIL ? null : ctx.tenantUserId}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}
const NIL = '00000000-0000-0000-0000-000000000000';

export type ClaimedRecipient = {
  contactId: string;
  number: number;
  state: 'sent' | 'skipped';
  skipReason: SkipReason | null;
  email: string | null;
};

// Claims the next queued recipients of a campaign (SKIP LOCKED: two workers take different
// ones) and decides each by the contact's states at this moment: blocked, spam, unsubscribed or
// without an address is skipped, anyone else is sent — in the transaction that writes their
// mails to the outbox, so a recipient is sent exactly when its mail is written.
// `zones`: only recipients whose own time-zone value (the contact's custom field `timeZone`, ''
// when none) is one of these — the ones inside the campaign's send window now.
export async function claimRecipients(
  ctx: TenantScope,
  campaignId: string,
  limit: number,
  now: Date,
  zones?: readonly string[],
): Promise<ClaimedRecipient[]> {
  const at = now.toISOString();
  const inZones =
    zones === undefined
      ? sql``
      : sql`and exists (select 1 from contacts z where z.tenant_id = r.tenant_id and z.id = r.contact_id
          and coalesce(z.custom_fields ->> 'timeZone', '') = any(${sql.param(zones)}::text[]))`;
  const res = await ctx.db.execute<ClaimedRecipient>(sql`
    with next as (
      select r.contact_id from campaign_recipients r
      where r.tenant_id = ${ctx.tenantId} and r.campaign_id = ${campaignId} and r.state = 'queued' ${inZones}
      order by r.contact_id limit ${limit} for update of r skip locked
    ), decided as (
      select c.id, c.email, case
        when c.blocked_at is not null then 'blocked'
        when c.spam_at is not null then 'spam'
        when c.unsubscribed_at is not null then 'unsubscribed'
        when coalesce(trim(c.email), '') = '' then 'noEmail' end as reason
      from next join contacts c on c.tenant_id = ${ctx.tenantId} and c.id = next.contact_id
    )
    update campaign_recipients r set
      state = case when d.reason is null then 'sent' else 'skipped' end,
      skip_reason = d.reason,
      email = d.email,
      sent_at = case when d.reason is null then ${at}::timestamptz end
    from decided d
    where r.tenant_id = ${ctx.tenantId} and r.campaign_id = ${campaignId} and r.contact_id = d.id
    returning r.contact_id as "contactId", r.number::float8 as number, r.state, r.skip_reason as "skipReason", r.email`);
  return res.rows;
}

// the version moves with the counters: the record's ETag (its version) must not answer 304 with old ones
export async function addCounts(
  ctx: TenantScope,
  id: string,
  add: Partial<Record<'sent' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed', number>>,
  now: Date,
): Promise<void> {
  const sets = Object.entries(add)
    .filter(([, n]) => n && n > 0)
    .map(([k, n]) => sql`${sql.identifier(k)} = coalesce(${sql.identifier(k)}, 0) + ${n}`);
  if (sets.length === 0) return;
  await ctx.db.execute(sql`
    update campaigns set ${sql.join(sets, sql`, `)}, last_action_at = ${now.toISOString()}::timestamptz, version = version + 1
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

// The recipients' own time-zone values (the contact's custom field `timeZone`; '' when none)
// among the campaign's queued recipients.
export async function queuedZones(ctx: TenantScope, campaignId: string): Promise<string[]> {
  const res = await ctx.db.execute<{ zone: string }>(sql`
    select distinct coalesce(c.custom_fields ->> 'timeZone', '') as zone
    from campaign_recipients r join contacts c on c.tenant_id = r.tenant_id and c.id = r.contact_id
    where r.tenant_id = ${ctx.tenantId} and r.campaign_id = ${campaignId} and r.state = 'queued'`);
  return res.rows.map((r) => r.zone);
}

export async function queuedCount(ctx: TenantScope, campaignId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from campaign_recipients
    where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and state = 'queued'`);
  return res.rows[0]?.n ?? 0;
}

// One sender at a time per workspace, so that the hourly budget is read and spent in turn.
export async function lockWorkspaceSending(ctx: TenantScope): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('campaigns.send:' || ${ctx.tenantId}))`);
}

export async function sentSince(ctx: TenantScope, since: Date): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from campaign_recipients where tenant_id = ${ctx.tenantId} and sent_at > ${since.toISOString()}::timestamptz`);
  return res.rows[0]?.n ?? 0;
}

export async function settings(ctx: TenantScope): Promise<CampaignSettings | undefined> {
  const res = await ctx.db.execute<CampaignSettings>(sql`
    select hourly_limit as "hourlyLimit", daily_limit as "dailyLimit", time_zone as "timeZone", open_tracking as "openTracking"
    from campaign_settings where tenant_id = ${ctx.tenantId}`);
  return res.rows[0];
}

export async function saveSettings(ctx: TenantScope, s: CampaignSettings): Promise<void> {
  await ctx.db.execute(sql`
    insert into campaign_settings (tenant_id, hourly_limit, daily_limit, time_zone, open_tracking)
    values (${ctx.tenantId}, ${s.hourlyLimit}, ${s.dailyLimit}, ${s.timeZone}, ${s.openTracking})
    on conflict (tenant_id) do update set hourly_limit = excluded.hourly_limit, daily_limit = excluded.daily_limit,
      time_zone = excluded.time_zone, open_tracking = excluded.open_tracking, updated_at = now()`);
}

// Scheduled campaigns whose time has come, and campaigns still sending.
export async function campaignsToWorkOn(ctx: TenantScope, now: Date): Promise<{ id: string; status: CampaignStatus }[]> {
  const res = await ctx.db.execute<{ id: string; status: CampaignStatus }>(sql`
    select id, status from campaigns
    where tenant_id = ${ctx.tenantId} and deleted_at is null and archived_at is null
      and (status = 'Sending' or (status = 'Scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz))
    order by scheduled_at nulls first, id`);
  return res.rows;
}

export type RecipientRow = {
  contactId: string;
  name: string;
  email: string | null;
  state: RecipientState;
  skipReason: SkipReason | null;
  queuedAt: string;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  bouncedAt: string | null;
  bounceStatus: string | null;
  unsubscribedAt: string | null;
};

const iso = (col: string) => sql.raw(`to_char(r.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function recipientsPage(
  ctx: TenantScope,
  campaignId: string,
  // pageSize null: every recipient (the CSV export)
  q: { page: number; pageSize: number | null; search?: string | undefined; state?: RecipientState | undefined },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const conds = [sql`r.tenant_id = ${ctx.tenantId}`, sql`r.campaign_id = ${campaignId}`];
  if (q.state) conds.push(sql`r.state = ${q.state}`);
  if (q.search) conds.push(sql`c.search_text like atrium_fold(${`%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`})`);
  const res = await ctx.db.execute<RecipientRow & { total: number }>(sql`
    select r.contact_id as "contactId", concat_ws(' ', c.first_name, c.last_name) as name, coalesce(r.email, c.email) as email,
      r.state, r.skip_reason as "skipReason", ${iso('queued_at')} as "queuedAt", ${iso('sent_at')} as "sentAt",
      ${iso('opened_at')} as "openedAt", ${iso('clicked_at')} as "clickedAt", ${iso('bounced_at')} as "bouncedAt",
      r.bounce_status as "bounceStatus", ${iso('unsubscribed_at')} as "unsubscribedAt",
      count(*) over ()::int as total
    from campaign_recipients r join contacts c on c.tenant_id = r.tenant_id and c.id = r.contact_id
    where ${sql.join(conds, sql` and `)}
    order by c.last_name nulls last, c.first_name, r.contact_id
    ${q.pageSize === null ? sql`` : sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`}`);
  const total = res.rows[0]?.total ?? 0;
  return { rows: res.rows.map(({ total: _t, ...r }) => r), total };
}

export type StatusRow = {
  id: string;
  status: CampaignStatus;
  lastActionAt: string | null;
  states: Record<string, number> | null;
};

export async function statuses(ctx: TenantScope, ids: readonly string[]): Promise<StatusRow[]> {
  const res = await ctx.db.execute<StatusRow>(sql`
    select k.id, coalesce(k.status, 'Draft') as status,
      to_char(k.last_action_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastActionAt",
      (select jsonb_object_agg(s.state, s.n) from (
        select state, count(*)::int as n from campaign_recipients r
        where r.tenant_id = k.tenant_id and r.campaign_id = k.id group by state) s) as states
    from campaigns k
    where k.tenant_id = ${ctx.tenantId} and k.id = any(${sql.param(ids)}::uuid[]) and k.deleted_at is null`);
  return res.rows;
}

// Tracking: the recipient's first open, click, bounce (or unsubscribe); true when this was the
// first. The state shows the furthest step: sent < opened < clicked; a bounce replaces sent or
// opened; an unsubscribe is the last word. A click counts as an open too when no pixel was seen.
export async function markRecipient(
  ctx: TenantScope,
  campaignId: string,
  contactId: string,
  what: 'opened' | 'clicked' | 'bounced' | 'unsubscribed',
  now: Date,
  bounceStatus?: string,
): Promise<boolean> {
  const col = sql.raw(`${what}_at`);
  const state = {
    opened: sql`case when state = 'sent' then 'opened' else state end`,
    clicked: sql`case when state in ('sent', 'opened') then 'clicked' else state end`,
    bounced: sql`case when state in ('sent', 'opened') then 'bounced' else state end`,
    unsubscribed: sql`'unsubscribed'`,
  }[what];
  const extra = what === 'bounced' ? sql`, bounce_status = ${bounceStatus ?? null}` : sql``;
  const res = await ctx.db.execute(sql`
    update campaign_recipients set ${col} = ${now.toISOString()}::timestamptz, state = ${state} ${extra}
    where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and contact_id = ${contactId}
      and ${col} is null and state <> 'queued' and state <> 'skipped'`);
  return (res.rowCount ?? 0) > 0;
}

// The recipient a bounce's number names (the VERP reference), in this workspace.
export async function recipientByNumber(ctx: TenantScope, number: number): Promise<{ campaignId: string; contactId: string } | undefined> {
  const res = await ctx.db.execute<{ campaignId: string; contactId: string }>(sql`
    select campaign_id as "campaignId", contact_id as "contactId" from campaign_recipients
    where tenant_id = ${ctx.tenantId} and number = ${number}`);
  return res.rows[0];
}

export async function recipientExists(ctx: TenantScope, campaignId: string, contactId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from campaign_recipients where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and contact_id = ${contactId}`);
  return res.rows.length > 0;
}

// The contact unsubscribed from campaigns (the CRM's state); true when it was not before.
export async function unsubscribeContact(ctx: TenantScope, contactId: string, now: Date): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    update contacts set unsubscribed_at = ${now.toISOString()}::timestamptz, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    where tenant_id = ${ctx.tenantId} and id = ${contactId} and unsubscribed_at is null`);
  return (res.rowCount ?? 0) > 0;
}

// A hard bounce blocks the contact (the CRM's state); true when it was not blocked before.
export async function blockContact(ctx: TenantScope, contactId: string, now: Date): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    update contacts set blocked_at = ${now.toISOString()}::timestamptz, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    where tenant_id = ${ctx.tenantId} and id = ${contactId} and blocked_at is null`);
  return (res.rowCount ?? 0) > 0;
}

export async function contactAddress(
  ctx: TenantScope,
  contactId: string,
): Promise<{ email: string | null; unsubscribed: boolean } | undefined> {
  const res = await ctx.db.execute<{ email: string | null; unsubscribed: boolean }>(sql`
    select email, unsubscribed_at is not null as unsubscribed from contacts where tenant_id = ${ctx.tenantId} and id = ${contactId}`);
  return res.rows[0];
}

export async function workspaceName(ctx: TenantScope): Promise<string> {
  const res = await ctx.db.execute<{ name: string }>(sql`select name from tenants where id = ${ctx.tenantId}`);
  return res.rows[0]?.name ?? '';
}

export type SegmentRow = { id: string; name: string; query: unknown; includedIds: unknown; excludedIds: unknown };

export async function segmentsOf(ctx: TenantScope, ids: readonly string[]): Promise<SegmentRow[]> {
  if (ids.length === 0) return [];
  const res = await ctx.db.execute<SegmentRow>(sql`
    select id, name, query, included_ids as "includedIds", excluded_ids as "excludedIds" from segments
    where tenant_id = ${ctx.tenantId} and id = any(${sql.param(ids)}::uuid[]) and deleted_at is null`);
  return res.rows;
}

// ---- segment members (decision 095)

// Every segment of the workspace that still exists, in the bin too (its members stay kept, so a
// restored segment is right at once).
export async function allSegments(ctx: TenantScope): Promise<SegmentRow[]> {
  const res = await ctx.db.execute<SegmentRow>(sql`
    select id, name, query, included_ids as "includedIds", excluded_ids as "excludedIds" from segments
    where tenant_id = ${ctx.tenantId} order by id`);
  return res.rows;
}

// The contacts given, each with whether it is live for segments (`base`: not in the bin, not
// archived) and, per condition, whether it matches: one statement however many segments.
export async function evaluateContacts(
  ctx: TenantScope,
  contactIds: readonly string[],
  base: ListCondition,
  conditions: readonly ListCondition[],
): Promise<{ id: string; live: boolean; matches: boolean[] }[]> {
  const matches =
    conditions.length === 0
      ? sql`array[]::boolean[]`
      : sql`array[${sql.join(
          conditions.map((c) => sql`coalesce((${c}), false)`),
          sql`, `,
        )}]`;
  const res = await ctx.db.execute<{ id: string; live: boolean; matches: boolean[] }>(sql`
    select t.id, coalesce((${base}), false) as live, ${matches} as matches
    from contacts t where t.tenant_id = ${ctx.tenantId} and t.id = any(${sql.param(contactIds)}::uuid[])`);
  return res.rows;
}

// The memberships of these contacts in these segments become exactly `pairs`: rows no longer
// wanted go, new ones come, the rest stay untouched.
export async function setMemberships(
  ctx: TenantScope,
  contactIds: readonly string[],
  segmentIds: readonly string[],
  pairs: readonly { segmentId: string; contactId: string }[],
): Promise<void> {
  if (contactIds.length === 0 || segmentIds.length === 0) return;
  const segs = pairs.map((p) => p.segmentId);
  const cons = pairs.map((p) => p.contactId);
  await ctx.db.execute(sql`
    with want as (select w.segment_id, w.contact_id from unnest(${sql.param(segs)}::uuid[], ${sql.param(cons)}::uuid[]) as w(segment_id, contact_id)),
    gone as (
      delete from segment_members m
      where m.tenant_id = ${ctx.tenantId} and m.contact_id = any(${sql.param(contactIds)}::uuid[])
        and m.segment_id = any(${sql.param(segmentIds)}::uuid[])
        and not exists (select 1 from want w where w.segment_id = m.segment_id and w.contact_id = m.contact_id)
    )
    insert into segment_members (tenant_id, segment_id, contact_id)
    select ${ctx.tenantId}::uuid, w.segment_id, w.contact_id from want w
    on conflict do nothing`);
}

// The workspace's membership upkeep: contact writes share it, a rebuild holds it alone — so a
// rebuild's snapshot has every contact write that upkept before it, and a write that comes while
// it runs waits and then corrects its own contact (no stale member from the race).
export async function lockMembership(ctx: TenantScope, alone: boolean): Promise<void> {
  const key = sql`hashtext('campaigns.members:' || ${ctx.tenantId})`;
  await ctx.db.execute(alone ? sql`select pg_advisory_xact_lock(${key})` : sql`select pg_advisory_xact_lock_shared(${key})`);
}

// A segment's members made exactly the contacts matching `where` now (a rebuild or a repair):
// missing rows added, stray ones removed; the time noted on the segment (not its version: the
// members are no part of what a member edits).
export async function rebuildMembers(ctx: TenantScope, segmentId: string, where: ListCondition, now: Date): Promise<void> {
  await ctx.db.execute(sql`
    with want as (select t.id from contacts t where t.tenant_id = ${ctx.tenantId} and ${where}),
    gone as (
      delete from segment_members m
      where m.tenant_id = ${ctx.tenantId} and m.segment_id = ${segmentId} and not exists (select 1 from want w where w.id = m.contact_id)
    )
    insert into segment_members (tenant_id, segment_id, contact_id)
    select ${ctx.tenantId}::uuid, ${segmentId}::uuid, w.id from want w
    on conflict do nothing`);
  await ctx.db.execute(sql`
    update segments set members_rebuilt_at = ${now.toISOString()}::timestamptz where tenant_id = ${ctx.tenantId} and id = ${segmentId}`);
}

export async function memberCount(ctx: TenantScope, segmentId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from segment_members where tenant_id = ${ctx.tenantId} and segment_id = ${segmentId}`);
  return res.rows[0]?.n ?? 0;
}

export async function liveSegmentIds(ctx: TenantScope): Promise<string[]> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select id from segments where tenant_id = ${ctx.tenantId} and deleted_at is null order by id`);
  return res.rows.map((r) => r.id);
}

// Segments not rebuilt since `since` (the workspace's local midnight), or never.
export async function segmentsBuiltBefore(ctx: TenantScope, since: Date): Promise<{ id: string; query: unknown; never: boolean }[]> {
  const res = await ctx.db.execute<{ id: string; query: unknown; never: boolean }>(sql`
    select id, query, members_rebuilt_at is null as never from segments
    where tenant_id = ${ctx.tenantId} and deleted_at is null
      and (members_rebuilt_at is null or members_rebuilt_at < ${since.toISOString()}::timestamptz)
    order by id`);
  return res.rows;
}

export type StatisticsHour = { hour: string; sent: number; opened: number; clicked: number; bounced: number; unsubscribed: number };

// Sends, first opens, first clicks, bounces and unsubscribes of a campaign per hour (UTC).
export async function statisticsByHour(ctx: TenantScope, campaignId: string): Promise<StatisticsHour[]> {
  const res = await ctx.db.execute<StatisticsHour>(sql`
    with events as (
      select sent_at as at, 'sent' as what from campaign_recipients
        where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and sent_at is not null
      union all
      select opened_at, 'opened' from campaign_recipients
        where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and opened_at is not null
      union all
      select bounced_at, 'bounced' from campaign_recipients
        where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and bounced_at is not null
      union all
      select clicked_at, 'clicked' from campaign_recipients
        where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and clicked_at is not null
      union all
      select unsubscribed_at, 'unsubscribed' from campaign_recipients
        where tenant_id = ${ctx.tenantId} and campaign_id = ${campaignId} and unsubscribed_at is not null
    )
    select to_char(date_trunc('hour', at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
      (count(*) filter (where what = 'sent'))::int as sent,
      (count(*) filter (where what = 'opened'))::int as opened,
      (count(*) filter (where what = 'clicked'))::int as clicked,
      (count(*) filter (where what = 'bounced'))::int as bounced,
      (count(*) filter (where what = 'unsubscribed'))::int as unsubscribed
    from events group by 1 order by 1`);
  return res.rows;
}
