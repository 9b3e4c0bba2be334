import type { Profile, ProfileUpdate } from '@atrium/domain';
import type { UserContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { forgetUser } from '../../platform/tenancy';
import * as repo from './profile.repository';

export type ProfileDeps = { publicUrl: string };

const IMAGE_SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

// Trust the bytes, not the name or the declared type.
export function sniffImage(data: Buffer): string | undefined {
  return IMAGE_SIGNATURES.find((s) => s.test(data))?.type;
}

export async function profileOf(ctx: UserContext, deps: ProfileDeps): Promise<Profile> {
  const u = await repo.mine(ctx);
  if (!u) throw notFound('User');
  const pictureId = await repo.myPictureId(ctx);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    timeZone: u.timeZone,
    culture: u.culture,
    pictureUrl: pictureId ? `${deps.publicUrl}/api/v1/core/profile/pictures/${pictureId}` : null,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

export async function updateProfile(ctx: UserContext, deps: ProfileDeps, body: ProfileUpdate): Promise<Profile> {
  await repo.update(ctx, { name: body.name, timeZone: body.timeZone, culture: body.culture });
  // the user is cached per session for a short while: the next request sees the new values
  forgetUser(ctx.user.id);
  return profileOf(ctx, deps);
}

export async function replacePicture(ctx: UserContext, deps: ProfileDeps, data: Buffer): Promise<Profile> {
  if (data.length === 0) throw fieldError('file', 'emptyFile', 'file is empty');
  const type = sniffImage(data);
  if (!type) throw fieldError('file', 'imageType', 'file must be a PNG, JPEG, GIF or WebP image', 415);
  await repo.replacePicture(ctx, type, data);
  return profileOf(ctx, deps);
}

export async function picture(db: Db, id: string): Promise<{ contentType: string; data: Buffer }> {
  const pic = await repo.picture(db, id);
  if (!pic) throw new AppError(404, 'notFound', 'Picture not found');
  return pic;
}
