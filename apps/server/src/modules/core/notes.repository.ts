import type { EntityKind } from '@atrium/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context';
import { notes, type NoteRow } from './notes.table';

export type NoteValues = { body: string; mentions: string[] };

const byId = (ctx: TenantContext, id: string) => and(eq(notes.tenantId, ctx.tenantId), eq(notes.id, id));
const byEntity = (ctx: TenantContext, kind: EntityKind, entityId: string) =>
  and(eq(notes.tenantId, ctx.tenantId), eq(notes.entityKind, kind), eq(notes.entityId, entityId));

export async function list(
  ctx: TenantContext,
  kind: EntityKind,
  entityId: string,
  limit: number,
  offset: number,
): Promise<{ rows: NoteRow[]; total: number }> {
  const rows = await ctx.db
    .select()
    .from(notes)
    .where(byEntity(ctx, kind, entityId))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(notes)
    .where(byEntity(ctx, kind, entityId));
  return { rows, total: total?.n ?? 0 };
}

export async function get(ctx: TenantContext, id: string, forUpdate = false): Promise<NoteRow | undefined> {
  const q = ctx.db.select().from(notes).where(byId(ctx, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

// Notes of one kind's records in one statement (an import's note column).
export async function insertMany(
  ctx: TenantContext,
  kind: EntityKind,
  rows: readonly { entityId: string; body: string }[],
): Promise<{ id: string; entityId: string }[]> {
  if (rows.length === 0) return [];
  return ctx.db
    .insert(notes)
    .values(
      rows.map((r) => ({
        tenantId: ctx.tenantId,
        entityKind: kind,
        entityId: r.entityId,
        body: r.body,
        mentions: [],
        createdBy: ctx.tenantUserId,
        createdByName: ctx.user.name,
        createdByEmail: ctx.user.email,
      })),
    )
    .returning({ id: notes.id, entityId: notes.entityId });
}

export async function insert(ctx: TenantContext, kind: EntityKind, entityId: string, values: NoteValues): Promise<NoteRow> {
  const [row] = await ctx.db
    .insert(notes)
    .values({
      tenantId: ctx.tenantId,
      entityKind: kind,
      entityId,
      ...values,
      createdBy: ctx.tenantUserId,
      createdByName: ctx.user.name,
      createdByEmail: ctx.user.email,
    })
    .returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
}

export async function update(ctx: TenantContext, id: string, values: NoteValues): Promise<NoteRow | undefined> {
  const [row] = await ctx.db
    .update(notes)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(ctx, id))
    .returning();
  return row;
}

export async function remove(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db.delete(notes).where(byId(ctx, id)).returning({ id: notes.id });
  return rows.length > 0;
}
