import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/context';
import { oldSlugOwner } from '../../platform/entity';

export type PortalHelpdesk = { id: string; name: string; description: string | null; slug: string };

// A helpdesk with its portal on, by its portal slug now or one it had.
export async function portalHelpdesk(ctx: TenantScope, slug: string): Promise<PortalHelpdesk | undefined> {
  const res = await ctx.db.execute<PortalHelpdesk>(sql`
    select h.id, h.name, h.description, h.portal_slug as slug from helpdesks h
    where h.tenant_id = ${ctx.tenantId} and h.deleted_at is null and h.archived_at is null and h.portal_enabled
      and (h.portal_slug = ${slug} or h.id = ${oldSlugOwner(ctx.tenantId, 'Helpdesk', ctx.tenantId, slug)})
    order by (h.portal_slug = ${slug}) desc limit 1`);
  return res.rows[0];
}

// Published articles a visitor may read: Public ones, and Portal ones for a signed-in portal user.
const readable = (portalUser: boolean) =>
  sql.raw(
    `a.deleted_at is null and a.archived_at is null and a.status = 'Published' and a.visibility in (${portalUser ? `'Public', 'Portal'` : `'Public'`})`,
  );

export async function portalArticles(
  ctx: TenantScope,
  helpdeskId: string,
  limit: number,
  portalUser: boolean,
): Promise<{ title: string; slug: string; topic: string | null; topicPosition: number | null }[]> {
  const res = await ctx.db.execute<{ title: string; slug: string; topic: string | null; topicPosition: number | null }>(sql`
    select a.title, a.slug, t.name as topic, t.position as "topicPosition" from articles a
    left join topics t on t.tenant_id = a.tenant_id and t.id = a.topic_id and t.deleted_at is null
    where a.tenant_id = ${ctx.tenantId} and a.helpdesk_id = ${helpdeskId} and ${readable(portalUser)}
    order by a.published_at desc nulls last, a.title limit ${limit}`);
  return res.rows;
}

export type PortalArticleRow = {
  title: string;
  slug: string;
  content: string | null;
  topic: string | null;
  publishedAt: Date | string | null;
};

export async function portalArticleBySlug(
  ctx: TenantScope,
  helpdeskId: string,
  slug: string,
  portalUser: boolean,
): Promise<(PortalArticleRow & { id: string; moved: boolean }) | undefined> {
  const res = await ctx.db.execute<PortalArticleRow & { id: string; moved: boolean }>(sql`
    select a.id, a.title, a.slug, a.content, t.name as topic, a.published_at as "publishedAt", a.slug <> ${slug} as moved
    from articles a
    left join topics t on t.tenant_id = a.tenant_id and t.id = a.topic_id and t.deleted_at is null
    where a.tenant_id = ${ctx.tenantId} and a.helpdesk_id = ${helpdeskId} and ${readable(portalUser)}
      and (a.slug = ${slug} or a.id = ${oldSlugOwner(ctx.tenantId, 'Article', helpdeskId, slug)})
    order by (a.slug = ${slug}) desc limit 1`);
  return res.rows[0];
}
