import { desc, eq } from 'drizzle-orm';
import { userPictures, users } from '../../identity';
import type { UserContext } from '../../platform/context';
import type { Db } from '../../platform/database';

export type ProfileRow = typeof users.$inferSelect;

// The signed-in user's own profile row and picture: every predicate names ctx.user.
export async function mine(ctx: UserContext): Promise<ProfileRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id));
  return row;
}

export async function myPictureId(ctx: UserContext): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ id: userPictures.id })
    .from(userPictures)
    .where(eq(userPictures.userId, ctx.user.id))
    .orderBy(desc(userPictures.createdAt))
    .limit(1);
  return row?.id;
}

export async function update(ctx: UserContext, values: { name: string; timeZone: string; culture: string }): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, ctx.user.id));
}

export async function replacePicture(ctx: UserContext, contentType: string, data: Buffer): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userPictures).where(eq(userPictures.userId, ctx.user.id));
    await tx.insert(userPictures).values({ userId: ctx.user.id, contentType, data });
  });
}

// Pictures are public by their random id (the URL names no user).
export async function picture(db: Db, id: string): Promise<{ contentType: string; data: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: userPictures.contentType, data: userPictures.data })
    .from(userPictures)
    .where(eq(userPictures.id, id));
  return row;
}
