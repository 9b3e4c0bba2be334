import { FILE_SIZE_LIMITS, profileSchema, profileUpdateSchema } from '@atrium/domain';
import { z } from 'zod';
import type { UserContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import * as profileService from './profile.service';

export function registerProfileRoutes(router: Router, deps: { publicUrl: string }) {
  const tags = ['profile'];
  router.user({
    method: 'GET',
    url: '/api/v1/core/profile',
    summary: 'My profile',
    tags,
    schemas: { response: profileSchema },
    handler: (ctx: UserContext) => profileService.profileOf(ctx, deps),
  });
  router.user({
    method: 'PUT',
    url: '/api/v1/core/profile',
    summary: 'Update my profile',
    tags,
    example: { name: 'Jane Doe', timeZone: 'Europe/Berlin', culture: 'de-DE' },
    schemas: { body: profileUpdateSchema, response: profileSchema },
    handler: (ctx, { body }) => profileService.updateProfile(ctx, deps, body),
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
      return profileService.replacePicture(ctx, deps, data);
    },
  });
  router.public({
    method: 'GET',
    url: '/api/v1/core/profile/pictures/:id',
    summary: 'A profile picture',
    tags,
    schemas: { params: z.strictObject({ id: z.uuid() }) },
    handler: async (ctx, { params, reply }) => {
      const pic = await profileService.picture(ctx.db, params.id);
      reply.header('cache-control', 'private, max-age=86400').type(pic.contentType).send(pic.data);
    },
  });
}
