import type { ArticleHit, ReplyThreading, RequestMessage, RequestMessageKind } from '@atrium/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import { oldSlugOwner } from '../../platform/entity';

const LIVE = (alias: string) => sql.raw(`${alias}.deleted_at is null`);

// Helpdesks of the workspace (archived ones too, not those in the recycle bin), counted under a
// lock so two creates at once cannot both pass the plan's limit.
export async function countHelpdesksLocked(ctx: TenantScope): Promise<number> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helpdesks:${ctx.tenantId}`}, 0))`);
  const res = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from helpdesks h where h.tenant_id = ${ctx.tenantId} and ${LIVE('h')}`);
  return res.rows[0]?.n ?? 0;
}

// Is the portal slug another helpdesk's (in the recycle bin too: its row keeps the unique key)?
export async function portalSlugTaken(ctx: TenantScope, slug: string, exceptId: string | null): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from helpdesks h where h.tenant_id = ${ctx.tenantId} and h.portal_slug = ${slug}
      and (${exceptId}::uuid is null or h.id <> ${exceptId}::uuid) limit 1`);
  return res.rows.length > 0;
}

export async function articleSlugTaken(ctx: TenantScope, helpdeskId: string, slug: string, exceptId: string | null): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from articles a where a.tenant_id = ${ctx.tenantId} and a.helpdesk_id = ${helpdeskId} and a.slug = ${slug}
      and (${exceptId}::uuid is null or a.id <> ${exceptId}::uuid) limit 1`);
  return res.rows.length > 0;
}

// The article of a helpdesk with this slug now, else the one that had it.
export async function articleIdBySlug(
  ctx: TenantScope,
  helpdeskId: string,
  slug: string,
): Promise<{ id: string; moved: boolean } | undefined> {
  const res = await ctx.db.execute<{ id: string; moved: boolean }>(sql`
    select a.id, false as moved from articles a
      where a.tenant_id = ${ctx.tenantId} and a.helpdesk_id = ${helpdeskId} and a.slug = ${slug} and ${LIVE('a')}
    union all
    select o.id, true as moved from (select ${oldSlugOwner(ctx.tenantId, 'Article', helpdeskId, slug)} as id) o where o.id is not null
    limit 1`);
  return res.rows[0];
}

// A helpdesk as its mails need it: the sender, the template (Plan.CustomEmails) and the portal's
// address (the workspace's slug, then the portal's) for {{portalUrl}}.
export type MailHelpdesk = {
  id: string;
  name: string;
  code: string;
  senderAddress: string | null;
  emailSubjectPrefix: string | null;
  emailTemplate: string | null;
  portalSlug: string | null;
  portalEnabled: boolean;
  workspaceSlug: string | null;
};
export async function helpdeskOf(ctx: TenantScope, id: string): Promise<MailHelpdesk | undefined> {
  const res = await ctx.db.execute<MailHelpdesk>(sql`
    select h.id, h.name, h.code, h.sender_address as "senderAddress", h.email_subject_prefix as "emailSubjectPrefix",
      h.email_template as "emailTemplate", h.portal_slug as "portalSlug", coalesce(h.portal_enabled, false) as "portalEnabled",
      (select w.slug from tenants w where w.id = h.tenant_id) as "workspaceSlug"
    from helpdesks h
    where h.tenant_id = ${ctx.tenantId} and h.id = ${id} and ${LIVE('h')}`);
  return res.rows[0];
}

// The plans the workspace subscribes to (a mail sent without a member — inbound — asks whether
// its plan has Plan.CustomEmails).
export async function workspacePlanSlugs(ctx: TenantScope): Promise<string[]> {
  const res = await ctx.db.execute<{ slug: string }>(sql`select plan_slug as slug from subscriptions where tenant_id = ${ctx.tenantId}`);
  return res.rows.map((r) => r.slug);
}

// Inbound replies of a helpdesk by how they threaded (reply_threading), for its threading share.
export async function replyThreadingCounts(ctx: TenantScope, helpdeskId: string): Promise<{ threading: string; n: number }[]> {
  const res = await ctx.db.execute<{ threading: string; n: string }>(sql`
    select m.reply_threading as threading, count(*) as n
    from request_messages m
    join requests r on r.tenant_id = m.tenant_id and r.id = m.request_id
    where m.tenant_id = ${ctx.tenantId} and r.helpdesk_id = ${helpdeskId} and m.kind = 'inbound' and m.reply_threading is not null
    group by m.reply_threading`);
  return res.rows.map((r) => ({ threading: r.threading, n: Number(r.n) }));
}

export async function topicOf(
  ctx: TenantScope,
  id: string,
): Promise<{ helpdeskId: string | null; defaultAssigneeId: string | null } | undefined> {
  const res = await ctx.db.execute<{ helpdeskId: string | null; defaultAssigneeId: string | null }>(sql`
    select t.helpdesk_id as "helpdeskId", t.default_assignee_id as "defaultAssigneeId" from topics t
    where t.tenant_id = ${ctx.tenantId} and t.id = ${id} and ${LIVE('t')}`);
  return res.rows[0];
}

export async function nextTopicPosition(ctx: TenantScope, helpdeskId: string): Promise<number> {
  const res = await ctx.db.execute<{ n: number }>(sql`
    select coalesce(max(t.position) + 1, 0)::int as n from topics t
    where t.tenant_id = ${ctx.tenantId} and t.helpdesk_id = ${helpdeskId} and ${LIVE('t')}`);
  return res.rows[0]?.n ?? 0;
}

// The live contact with this e-mail (the oldest when several share it).
export async function contactByEmail(ctx: TenantScope, email: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select c.id from contacts c where c.tenant_id = ${ctx.tenantId} and lower(c.email) = lower(${email}) and ${LIVE('c')}
    order by c.created_at limit 1`);
  return res.rows[0]?.id;
}

export async function contactEmail(ctx: TenantScope, id: string): Promise<string | null | undefined> {
  const res = await ctx.db.execute<{ email: string | null }>(sql`
    select c.email from contacts c where c.tenant_id = ${ctx.tenantId} and c.id = ${id} and ${LIVE('c')}`);
  return res.rows[0] ? res.rows[0].email : undefined;
}

export type ArticleStatusChange = { id: string; status: string; version: number };

export async function setArticleStatus(
  ctx: TenantScope,
  id: string,
  status: 'Draft' | 'Published',
  at: Date | null,
  by: string,
): Promise<void> {
  await ctx.db.execute(sql`
    update articles set status = ${status}, published_at = ${at ? at.toISOString() : null}::timestamptz, publish_at = null, version = version + 1,
      updated_at = now(), updated_by = ${by}
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function lockArticle(ctx: TenantScope, id: string): Promise<{ status: string } | undefined> {
  const res = await ctx.db.execute<{ status: string }>(sql`
    select a.status from articles a where a.tenant_id = ${ctx.tenantId} and a.id = ${id} and ${LIVE('a')} for update`);
  return res.rows[0];
}

// Ranked full-text search (websearch syntax: words, "phrases", or, -not) in each article's own
// language, with the matched words marked in a snippet of the text without its HTML. The query is
// parsed once per language (not once per row), and an article must first match any language's
// query — one lookup in the search_vector GIN index — before its own language's query decides
// and ranks (issue 23's bench: a per-row query made every search read the whole table).
const SEARCH_CONFIGS = ['english', 'german', 'french', 'spanish', 'italian', 'dutch', 'simple'] as const;
export async function searchArticles(
  ctx: TenantScope,
  q: string,
  opts: {
    helpdeskId?: string | undefined;
    status?: string | undefined;
    visibilities?: readonly string[];
    // the engine's rule of the articles the caller sees (roles per helpdesk), on the alias t
    visible?: SQL | undefined;
    limit: number;
  },
): Promise<ArticleHit[]> {
  const parsed = sql.join(
    SEARCH_CONFIGS.map((c) => sql`websearch_to_tsquery(${sql.raw(`'${c}'`)}::regconfig, ${q}) as ${sql.raw(c)}`),
    sql`, `,
  );
  const res = await ctx.db.execute<ArticleHit>(sql`
    with q as materialized (select ${parsed}),
    hits as (
      select a.id, a.helpdesk_id, a.title, a.slug, a.status, a.visibility, a.content, a.language,
        ts_rank(a.search_vector, l.query) as rank, l.query
      from articles a
      cross join lateral (select (case a.language when 'de' then q.german when 'fr' then q.french when 'es' then q.spanish
          when 'it' then q.italian when 'nl' then q.dutch when 'en' then q.english else q.simple end) as query from q) l
      where a.tenant_id = ${ctx.tenantId} and ${LIVE('a')} and a.archived_at is null
        and a.search_vector @@ (select ${sql.join(
          SEARCH_CONFIGS.map((c) => sql.raw(`q.${c}`)),
          sql` || `,
        )} from q)
        and a.search_vector @@ l.query
        and (${opts.helpdeskId ?? null}::uuid is null or a.helpdesk_id = ${opts.helpdeskId ?? null}::uuid)
        and (${opts.status ?? null}::text is null or a.status = ${opts.status ?? null}::text)
        ${opts.visibilities ? sql`and a.visibility = any(${sql.param([...opts.visibilities])}::text[])` : sql``}
        ${opts.visible ? sql`and a.id in (select t.id from articles t where t.tenant_id = ${ctx.tenantId} and ${opts.visible})` : sql``}
      order by rank desc, a.title
      limit ${opts.limit}
    )
    select h.id, h.helpdesk_id as "helpdeskId", h.title, coalesce(h.slug, '') as slug, h.status, h.visibility, h.rank::float8 as rank,
      ts_headline((case h.language when 'de' then 'german' when 'fr' then 'french' when 'es' then 'spanish'
          when 'it' then 'italian' when 'nl' then 'dutch' when 'en' then 'english' else 'simple' end)::regconfig,
        atrium_html_text(coalesce(h.title, '') || '. ' || coalesce(h.content, '')), h.query,
        'StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') as snippet
    from hits h order by h.rank desc, h.title`);
  return res.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

type MessageRow = Omit<RequestMessage, 'createdAt'> & { createdAt: Date | string };
const messageColumns = sql`m.id, m.request_id as "requestId", m.kind, m.body, m.author_id as "authorId", m.author_name as "authorName",
  m.from_address as "fromAddress", m.to_address as "toAddress", m.message_id as "messageId", m.in_reply_to as "inReplyTo", m.created_at as "createdAt"`;
const toMessage = (r: MessageRow): RequestMessage => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

export async function listMessages(ctx: TenantScope, requestId: string): Promise<RequestMessage[]> {
  const res = await ctx.db.execute<MessageRow>(sql`
    select ${messageColumns} from request_messages m where m.tenant_id = ${ctx.tenantId} and m.request_id = ${requestId}
    order by m.created_at, m.id`);
  return res.rows.map(toMessage);
}

export type MessageInsert = {
  requestId: string;
  kind: RequestMessageKind;
  body: string;
  authorId: string | null;
  authorName: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string | null;
  // an inbound reply's threading (header, subject, none); null for every other message
  replyThreading?: ReplyThreading | null;
};

export async function insertMessage(ctx: TenantScope, m: MessageInsert): Promise<RequestMessage> {
  const res = await ctx.db.execute<MessageRow>(sql`
    insert into request_messages as m (tenant_id, request_id, kind, body, author_id, author_name, from_address, to_address, message_id, in_reply_to, "references", reply_threading)
    values (${ctx.tenantId}, ${m.requestId}, ${m.kind}, ${m.body}, ${m.authorId}, ${m.authorName}, ${m.fromAddress}, ${m.toAddress},
      ${m.messageId}, ${m.inReplyTo}, ${m.references}, ${m.replyThreading ?? null})
    returning ${messageColumns}`);
  return toMessage(res.rows[0] as MessageRow);
}

// The last mailed message of a request's thread (in or out): a reply answers it.
export async function lastMailedMessage(
  ctx: TenantScope,
  requestId: string,
): Promise<{ messageId: string; references: string | null } | undefined> {
  const res = await ctx.db.execute<{ messageId: string; references: string | null }>(sql`
    select m.message_id as "messageId", m."references" from request_messages m
    where m.tenant_id = ${ctx.tenantId} and m.request_id = ${requestId} and m.message_id is not null
    order by m.created_at desc, m.id desc limit 1`);
  return res.rows[0];
}

export async function setRequestTask(ctx: TenantScope, requestId: string, taskId: string, by: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    update requests set task_id = ${taskId}, version = version + 1, updated_at = now(), updated_by = ${by}
    where tenant_id = ${ctx.tenantId} and id = ${requestId} and task_id is null`);
  return (res.rowCount ?? 0) > 0;
}

export async function memberName(ctx: TenantScope, tenantUserId: string): Promise<string | null> {
  const res = await ctx.db.execute<{ name: string | null }>(sql`
    select coalesce(nullif(u.name, ''), tu.email) as name from tenant_users tu left join users u on u.id = tu.user_id
    where tu.tenant_id = ${ctx.tenantId} and tu.id = ${tenantUserId}`);
  return res.rows[0]?.name ?? null;
}

export type TaskRequest = {
  id: string;
  stageId: string | null;
  stageType: string | null;
  target: string | null;
  flow: string;
};

// The requests of a task, each with the stage it would move to and its helpdesk's rule: the
// stage named by the helpdesk's requestStageOnTaskDone (when closing and set), else the first
// stage of the given types in its own workflow (the one its current stage belongs to).
export async function requestsOfTask(
  ctx: TenantScope,
  taskId: string,
  targetTypes: readonly string[],
  closing: boolean,
): Promise<TaskRequest[]> {
  const res = await ctx.db.execute<TaskRequest>(sql`
    select r.id, r.workflow_stage_id as "stageId", s.stage_type as "stageType", h.task_stage_flow as flow,
      coalesce(
        case when ${closing} and h.request_stage_on_task_done is not null then
          (select n.id from workflow_stages n where n.tenant_id = r.tenant_id and n.workflow_id = s.workflow_id
            and n.name = h.request_stage_on_task_done limit 1) end,
        (select t.id from workflow_stages t where t.tenant_id = r.tenant_id and t.workflow_id = s.workflow_id
          and t.stage_type = any(${sql.param([...targetTypes])}::text[]) order by t.sort_order collate "C", t.id limit 1)) as target
    from requests r
    join helpdesks h on h.tenant_id = r.tenant_id and h.id = r.helpdesk_id
    left join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id
    where r.tenant_id = ${ctx.tenantId} and r.task_id = ${taskId} and r.deleted_at is null
    for update of r`);
  return res.rows;
}

// A helpdesk's request ↔ task rule.
export async function taskStageFlow(ctx: TenantScope, helpdeskId: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ flow: string }>(sql`
    select task_stage_flow as flow from helpdesks where tenant_id = ${ctx.tenantId} and id = ${helpdeskId}`);
  return res.rows[0]?.flow;
}

// Whether a stage name is one of a helpdesk's request stages (null: the workspace's, which a new
// helpdesk copies).
export async function isRequestStageName(ctx: TenantScope, name: string, helpdeskId: string | null): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from workflow_stages s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
    where s.tenant_id = ${ctx.tenantId} and w.entity_kind = 'Request' and w.scope_id is not distinct from ${helpdeskId}::uuid
      and s.name = ${name} limit 1`);
  return res.rows.length > 0;
}

// The first Closed stage of the workflow a stage belongs to.
export async function firstClosedStageBeside(ctx: TenantScope, stageId: string): Promise<string | undefined> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    select t.id from workflow_stages s join workflow_stages t on t.tenant_id = s.tenant_id and t.workflow_id = s.workflow_id
    where s.tenant_id = ${ctx.tenantId} and s.id = ${stageId} and t.stage_type = 'Closed'
    order by t.sort_order collate "C", t.id limit 1`);
  return res.rows[0]?.id;
}

export type TimeRow = { id: string; date: string; minutes: number; note: string | null; userName: string | null };

// The time logged on a task (the projects module's time logs), newest first.
export async function taskTime(ctx: TenantScope, taskId: string): Promise<TimeRow[]> {
  const res = await ctx.db.execute<TimeRow>(sql`
    select l.id, l.date::text as date, l.minutes, l.note,
      (select coalesce(nullif(u.name, ''), tu.email) from tenant_users tu left join users u on u.id = tu.user_id
        where tu.tenant_id = l.tenant_id and tu.id = l.tenant_user_id) as "userName"
    from time_logs l where l.tenant_id = ${ctx.tenantId} and l.task_id = ${taskId}
    order by l.date desc, l.created_at desc limit 500`);
  return res.rows;
}

export async function setRequestStage(ctx: TenantScope, requestId: string, stageId: string): Promise<number> {
  const res = await ctx.db.execute<{ version: number }>(sql`
    update requests set workflow_stage_id = ${stageId}, version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${requestId} returning version`);
  return Number(res.rows[0]?.version ?? 0);
}

export async function setRequestChannel(ctx: TenantScope, requestId: string, channel: string): Promise<void> {
  await ctx.db.execute(sql`update requests set channel = ${channel} where tenant_id = ${ctx.tenantId} and id = ${requestId}`);
}

// Drafts whose publishing time has come become Published (then, not at the job's minute), once:
// the UPDATE's WHERE decides between two runs.
export async function publishDue(ctx: TenantScope, now: Date): Promise<{ id: string; version: number; title: string }[]> {
  const res = await ctx.db.execute<{ id: string; version: number; title: string }>(sql`
    update articles set status = 'Published', published_at = publish_at, publish_at = null, version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and status = 'Draft' and publish_at is not null and publish_at <= ${now.toISOString()}::timestamptz
      and deleted_at is null
    returning id, version, title`);
  return res.rows;
}
