import type { EntityKind, NotificationRuleWrite } from '@atrium/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { cachedDefinition, definitionsChanged } from '../../platform/entity';
import { notificationPreferences, notificationRules, type NotificationRuleRow } from './notification-rules.table';

const scoped = (ctx: TenantContext) => eq(notificationRules.tenantId, ctx.tenantId);

export async function list(ctx: TenantContext, q: { event?: string | undefined; limit: number; offset: number }) {
  const where = and(scoped(ctx), q.event ? eq(notificationRules.event, q.event) : undefined);
  const rows = await ctx.db
    .select()
    .from(notificationRules)
    .where(where)
    .orderBy(asc(notificationRules.event), desc(notificationRules.createdAt))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationRules)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function get(ctx: TenantContext, id: string): Promise<NotificationRuleRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(notificationRules)
    .where(and(scoped(ctx), eq(notificationRules.id, id)));
  return row;
}

export async function insert(ctx: TenantContext, values: NotificationRuleWrite): Promise<NotificationRuleRow> {
  definitionsChanged(ctx);
  const [row] = await ctx.db
    .insert(notificationRules)
    .values({ tenantId: ctx.tenantId, ...values })
    .returning();
  if (!row) throw new Error('notification rule insert failed');
  return row;
}

export async function update(ctx: TenantContext, id: string, values: NotificationRuleWrite): Promise<NotificationRuleRow | undefined> {
  definitionsChanged(ctx);
  const [row] = await ctx.db
    .update(notificationRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scoped(ctx), eq(notificationRules.id, id)))
    .returning();
  return row;
}

export async function remove(ctx: TenantContext, id: string): Promise<boolean> {
  definitionsChanged(ctx);
  const rows = await ctx.db
    .delete(notificationRules)
    .where(and(scoped(ctx), eq(notificationRules.id, id)))
    .returning({ id: notificationRules.id });
  return rows.length > 0;
}

// the active rules for an event on a record of `kind`: asked by every write that fires an event,
// so kept with the workspace's definitions (decision 050; db/security.sql's version trigger
// covers notification_rules), read again once any of them changed, through any node
export function matching(ctx: TenantContext, event: string, kind: EntityKind): Promise<readonly NotificationRuleRow[]> {
  return cachedDefinition(ctx, `notificationRules:${event}:${kind}`, () =>
    ctx.db
      .select()
      .from(notificationRules)
      .where(
        and(
          scoped(ctx),
          eq(notificationRules.active, true),
          eq(notificationRules.event, event),
          or(isNull(notificationRules.entityKind), eq(notificationRules.entityKind, kind)),
        ),
      ),
  );
}

export async function preferences(ctx: TenantContext, tenantUserId: string): Promise<{ event: string; email: boolean }[]> {
  return ctx.db
    .select({ event: notificationPreferences.event, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.tenantId, ctx.tenantId), eq(notificationPreferences.tenantUserId, tenantUserId)))
    .orderBy(asc(notificationPreferences.event));
}

export async function setPreferences(
  ctx: TenantContext,
  tenantUserId: string,
  prefs: readonly { event: string; email: boolean }[],
): Promise<void> {
  if (prefs.length === 0) return;
  await ctx.db
    .insert(notificationPreferences)
    .values(prefs.map((p) => ({ tenantId: ctx.tenantId, tenantUserId, event: p.event, email: p.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.tenantId, notificationPreferences.tenantUserId, notificationPreferences.event],
      set: { email: sql`excluded.email` },
    });
}

// the members among `ids` who turned e-mail off for `event`
export async function emailOff(ctx: TenantContext, ids: readonly string[], event: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: notificationPreferences.tenantUserId })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.tenantId, ctx.tenantId),
        eq(notificationPreferences.event, event),
        eq(notificationPreferences.email, false),
        inArray(notificationPreferences.tenantUserId, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
