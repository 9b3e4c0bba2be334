import type { MultipartFile } from '@fastify/multipart';
import {
  breadcrumbSchema,
  documentAddSchema,
  documentBreadcrumbSchema,
  documentCreateSchema,
  documentDeleteSchema,
  documentListSchema,
  documentMoveSchema,
  documentRenameSchema,
  documentSchema,
  documentUpdateSchema,
  entityKindSchema,
  pagedResponse,
  uploadInfoRequestSchema,
  uploadInfoSchema,
} from '@atrium/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, issueToField } from '../../platform/errors';
import type { Router } from '../../platform/router';
import * as documentsService from './documents.service';
import { EXAMPLE_ENTITY, idParams, recordIn, type SharedRecordDeps } from './shared-records.access';

const EXAMPLE_IDS = ['6c1d5d2f-5b5c-4f1f-8b62-4d2e3f4a5b6c'];

const imageFieldsSchema = z.strictObject({
  entityKind: entityKindSchema,
  entityId: z.uuid(),
  parentId: z.uuid().nullable().default(null),
});

// Reads the one file and the form fields of a multipart image upload.
async function readImageUpload(request: FastifyRequest) {
  const part: MultipartFile | undefined = await request.file();
  if (!part) throw new AppError(400, 'required', 'A file is required', [{ field: 'file', code: 'required', message: 'file is required' }]);
  const data = await part.toBuffer().catch((err: unknown) => {
    // the plugin stops reading past its limit; the service turns that into imageSize
    if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
    throw err;
  });
  const fields: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === 'field') fields[name] = v.value === '' || v.value === 'null' ? null : String(v.value);
  }
  const parsed = imageFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.flatMap((i) => issueToField(i));
    throw new AppError(400, (errors[0]?.code ?? 'validation') as 'validation', errors.map((e) => e.message).join('; '), errors);
  }
  return {
    ref: parsed.data,
    upload: { fileName: part.filename, data: data ?? Buffer.alloc(0), truncated: data === undefined || part.file.truncated },
  };
}

export function registerDocumentRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['documents'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/list',
    summary: 'Documents and folders of a record, one folder at a time (folders first)',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'documents', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, parentId: null, page: 1, pageSize: 25 },
    schemas: { body: documentListSchema, response: pagedResponse(documentSchema) },
    handler: (ctx, { body }) => documentsService.list(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents',
    summary: 'Create a folder or a link',
    tags,
    permission: null,
    status: 201,
    record: { feature: 'addDocument', capability: 'documents', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, type: 'Folder', name: 'Contracts', parentId: null },
    schemas: { body: documentCreateSchema, response: documentSchema },
    handler: (ctx, { body }) => documentsService.create(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/upload-info',
    summary: 'Signed URLs to PUT files to (header x-ms-blob-type: BlockBlob), then POST /documents/add',
    tags,
    permission: null,
    record: { feature: 'addDocument', capability: 'documents', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, parentId: null, files: [{ name: 'offer.pdf', size: 1024, contentType: 'application/pdf' }] },
    schemas: { body: uploadInfoRequestSchema, response: z.array(uploadInfoSchema) },
    handler: (ctx, { body }) => documentsService.uploadInfo(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/add',
    summary: 'Register uploaded files (checked by content, size and name)',
    tags,
    permission: null,
    record: { feature: 'addDocument', capability: 'documents', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, parentId: null, files: [{ uploadId: EXAMPLE_IDS[0], name: 'offer.pdf' }] },
    schemas: { body: documentAddSchema, response: z.array(documentSchema) },
    handler: (ctx, { body }) => documentsService.add(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/images',
    summary: 'Upload an image (multipart: file, entityKind, entityId, parentId); Thumb and Full',
    tags,
    permission: null,
    consumes: ['multipart/form-data'],
    multipartFields: {
      file: { type: 'file', description: 'The image (png, jpeg, gif, bmp or webp)', required: true },
      entityKind: { type: 'string', description: 'Kind of the record', required: true },
      entityId: { type: 'string', description: 'Id of the record', required: true },
      parentId: { type: 'string', description: 'Folder id, empty for the root' },
    },
    status: 201,
    schemas: { response: documentSchema },
    handler: async (ctx, { request }) => {
      const { ref, upload } = await readImageUpload(request);
      return documentsService.uploadImage(ctx, deps, ref, upload);
    },
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/documents/:id',
    summary: 'A document with short-lived signed URLs (Full and Thumb)',
    tags,
    permission: null,
    table: 'documents',
    schemas: { params: idParams, response: documentSchema },
    handler: (ctx, { params }) => documentsService.get(ctx, deps, params.id),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/documents/:id',
    summary: 'Update a document (name, description, link url)',
    tags,
    permission: null,
    table: 'documents',
    example: { description: 'Signed copy' },
    schemas: { params: idParams, body: documentUpdateSchema, response: documentSchema },
    handler: (ctx, { params, body }) => documentsService.update(ctx, deps, params.id, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/documents/:id/rename',
    summary: 'Rename a document or folder',
    tags,
    permission: null,
    table: 'documents',
    example: { name: 'Contracts 2025' },
    schemas: { params: idParams, body: documentRenameSchema, response: documentSchema },
    handler: (ctx, { params, body }) => documentsService.rename(ctx, deps, params.id, body.name),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/move',
    summary: 'Move documents and folders into a folder (null: the root)',
    tags,
    permission: null,
    example: { ids: EXAMPLE_IDS, parentId: null },
    schemas: { body: documentMoveSchema, response: z.array(documentSchema) },
    handler: (ctx, { body }) => documentsService.move(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/copy',
    summary: 'Copy documents and folders (with their files) into a folder',
    tags,
    permission: null,
    example: { ids: EXAMPLE_IDS, parentId: null },
    schemas: { body: documentMoveSchema, response: z.array(documentSchema) },
    handler: (ctx, { body }) => documentsService.copy(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/delete',
    summary: 'Delete documents and folders by id; an invalid list is skipped',
    tags,
    permission: null,
    example: { ids: EXAMPLE_IDS },
    schemas: { body: documentDeleteSchema, response: z.object({ deleted: z.number().int() }) },
    handler: (ctx, { body }) => documentsService.remove(ctx, deps, body.ids),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/documents/breadcrumb',
    summary: 'The folder chain from the root to a folder',
    tags,
    permission: null,
    example: { id: null },
    schemas: { body: documentBreadcrumbSchema, response: breadcrumbSchema },
    handler: (ctx, { body }) => documentsService.breadcrumb(ctx, deps, body.id),
  });
}
