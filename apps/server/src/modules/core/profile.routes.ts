import { FILE_SIZE_LIMITS, profileSchema, profileUpdateSchema, type Profile } from '@atrium/domain';
import { z } from 'zod';
import type { UserContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Router } from '../../platform/router';
import { forgetUser } from '../../platform/tenancy';
import { profileRepository as repo } from './profile.repository';

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

async function loadProfile(ctx: UserContext, publicUrl: string): Promise<Profile> {
  const u = await repo.mine(ctx);
  if (!u) throw notFound('User');
  const pictureId = await repo.myPictureId(ctx);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    timeZone: u.timeZone,
    culture: u.culture,
    pictureUrl: pictureId ? `${publicUrl}/api/v1/core/profile/pictures/${pictureId}` : null,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

export function registerProfileRoutes(router: Router, deps: { publicUrl: string }) {
  const tags = ['profile'];
  router.user({
    method: 'GET',
    url: '/api/v1/core/profile',
    summary: 'My profile',
    tags,
    schemas: { response: profileSchema },
    handler: (ctx: UserContext) => loadProfile(ctx, deps.publicUrl),
  });
  router.user({
    method: 'PUT',
    url: '/api/v1/core/profile',
    summary: 'Update my profile',
    tags,
    example: { name: 'Jane Doe', timeZone: 'Europe/Berlin', culture: 'de-DE' },
    schemas: { body: profileUpdateSchema, response: profileSchema },
    handler: async (ctx, { body }) => {
      await repo.update(ctx, { name: body.name, timeZone: body.timeZone, culture: body.culture });
      forgetUser(ctx.user.id);
      return loadProfile(ctx, deps.publicUrl);
    },
  });
  router.user({
    method: 'POST',
    url: '/api/v1/core/profile/picture',
    summary: 'Upload my picture (multipart field "file": png, jpeg, gif or webp up to 5 MB)',
    tags,
    consumes: ['multipart/form-data'],
    multipartFields: { file: { type: 'file', description: 'png, jpeg, gif or webp, at most 5 MB', required: true } },
    schemas: { response: profileSchema },
    handler: async (ctx, { request }) => {
      if (!request.isMultipart()) throw fieldError('file', 'required', 'file is required (multipart/form-data)');
      const file = await request.file({ limits: { fileSize: FILE_SIZE_LIMITS.image, files: 1 } });
      if (!file) throw fieldError('file', 'required', 'file is required');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'imageSize', 'file is larger than 5 MB', 413);
        throw err;
      });
      if (data.length === 0) throw fieldError('file', 'emptyFile', 'file is empty');
      const type = sniffImage(data);
      if (!type) throw fieldError('file', 'imageType', 'file must be a PNG, JPEG, GIF or WebP image', 415);
      await repo.replacePicture(ctx, type, data);
      return loadProfile(ctx, deps.publicUrl);
    },
  });
  router.public({
    method: 'GET',
    url: '/api/v1/core/profile/pictures/:id',
    summary: 'A profile picture',
    tags,
    schemas: { params: z.strictObject({ id: z.uuid() }) },
    handler: async (ctx, { params, reply }) => {
      const pic = await repo.picture(ctx.db, params.id);
      if (!pic) throw new AppError(404, 'notFound', 'Picture not found');
      reply.header('cache-control', 'private, max-age=86400').type(pic.contentType).send(pic.data);
    },
  });
}
