import type { EmailTemplateWrite, EntityKind } from '@atrium/domain';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { emailTemplates, type EmailTemplateRow } from './email-templates.table';
import { containsPattern } from '../../platform/sql.util';

const scoped = (ctx: TenantContext) => eq(emailTemplates.tenantId, ctx.tenantId);

export async function list(
  ctx: TenantContext,
  q: { entityKind?: EntityKind | undefined; search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: EmailTemplateRow[]; total: number }> {
  const where = and(
    scoped(ctx),
    q.entityKind ? eq(emailTemplates.entityKind, q.entityKind) : undefined,
    q.search ? ilike(emailTemplates.name, containsPattern(q.search)) : undefined,
  );
  const rows = await ctx.db.select().from(emailTemplates).where(where).orderBy(asc(emailTemplates.name)).limit(q.limit).offset(q.offset);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTemplates)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function get(ctx: TenantContext, id: string): Promise<EmailTemplateRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(emailTemplates)
    .where(and(scoped(ctx), eq(emailTemplates.id, id)));
  return row;
}

// undefined: another template of the kind has the name
export async function insert(ctx: TenantContext, values: EmailTemplateWrite): Promise<EmailTemplateRow | undefined> {
  const [row] = await ctx.db
    .insert(emailTemplates)
    .values({ tenantId: ctx.tenantId, ...values })
    .onConflictDoNothing({ target: [emailTemplates.tenantId, emailTemplates.entityKind, emailTemplates.name] })
    .returning();
  return row;
}

export async function nameTaken(ctx: TenantContext, kind: EntityKind, name: string, exceptId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(and(scoped(ctx), eq(emailTemplates.entityKind, kind), eq(emailTemplates.name, name), sql`${emailTemplates.id} <> ${exceptId}`));
  return row !== undefined;
}

export async function update(ctx: TenantContext, id: string, values: EmailTemplateWrite): Promise<EmailTemplateRow | undefined> {
  const [row] = await ctx.db
    .update(emailTemplates)
    .set({ ...values, version: sql`${emailTemplates.version} + 1`, updatedAt: new Date() })
    .where(and(scoped(ctx), eq(emailTemplates.id, id)))
    .returning();
  return row;
}

export async function remove(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(emailTemplates)
    .where(and(scoped(ctx), eq(emailTemplates.id, id)))
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

// The workspace's name, for the {{workspace.name}} merge field and the mail layout.
export async function workspaceName(ctx: TenantContext): Promise<string> {
  const res = await ctx.db.execute<{ name: string }>(sql`select name from tenants where id = ${ctx.tenantId}`);
  return res.rows[0]?.name ?? '';
}
