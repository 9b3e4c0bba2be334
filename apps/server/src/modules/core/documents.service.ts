import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_MAX_FILES,
  DOCUMENT_MAX_TOTAL_SIZE,
  documentSizeLimit,
  extensionOf,
  FILE_SIZE_LIMITS,
  IMAGE_EXTENSIONS,
  type DocumentAdd,
  type DocumentCreate,
  type DocumentItem,
  type DocumentList,
  type DocumentMove,
  type DocumentUpdate,
  type EntityRef,
  type ErrorCode,
  type ProblemField,
  type UploadInfo,
  type UploadInfoRequest,
} from '@atrium/domain';
import { UPLOAD_URL_TTL_SECONDS, type BlobStore } from '../../platform/blobs/blob-store';
import { isAcceptedExtension, servedInline, sniffDocument } from '../../platform/blobs/content-type.util';
import { makeThumbnail } from '../../platform/blobs/image.util';
import { claimUploadSlots, openUploadSlot, uploadKeyOf } from '../../platform/blobs/upload-slots';
import type { TenantContext, TenantScope } from '../../platform/context';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import * as collaboratorsService from './collaborators.service';
import * as documentsRepository from './documents.repository';
import { type DocumentInsert } from './documents.repository';
import type { DocumentRow } from './documents.table';
import { mayManageOthers, recordActivity, requireShared, type SharedRecordDeps } from './shared-records.access';

const uploadKey = (ctx: TenantContext, uploadId: string) => uploadKeyOf(ctx.tenantId, uploadId);
const documentKey = (ctx: TenantContext, id: string, variant?: 'thumb') => `${ctx.tenantId}/documents/${id}${variant ? `-${variant}` : ''}`;

const OFFICE = /^application\/(pdf|msword|vnd\.)/;
const typeFor = (contentType: string, isImage: boolean): DocumentRow['type'] =>
  isImage ? 'Image' : OFFICE.test(contentType) ? 'Document' : 'File';

function invalid(errors: ProblemField[]): AppError {
  const first = errors[0];
  return new AppError(400, (first?.code ?? 'validation') as ErrorCode, errors.map((e) => e.message).join('; '), errors);
}

// Creator or ManageDocuments of the module may change a document (same rule as notes).
function mayChange(ctx: TenantContext, deps: SharedRecordDeps, r: DocumentRow): boolean {
  return r.createdBy === ctx.tenantUserId || mayManageOthers(ctx, deps, r.entityKind, 'manageDocuments');
}

async function toItem(deps: SharedRecordDeps, r: DocumentRow): Promise<DocumentItem> {
  const file = r.type !== 'Folder' && r.type !== 'Link' && r.blobKey;
  const contentType = r.contentType ?? 'application/octet-stream';
  // HTML and every other non-image is served as an attachment, never rendered in our origin
  const inline = servedInline(contentType);
  const url = file && r.blobKey ? (await deps.blobs.downloadUrl(r.blobKey, { fileName: r.name, contentType, inline })).url : null;
  const thumbUrl = r.thumbBlobKey
    ? (
        await deps.blobs.downloadUrl(r.thumbBlobKey, {
          fileName: r.name,
          contentType: r.thumbBlobKey === r.blobKey ? contentType : thumbType(r),
          inline: true,
        })
      ).url
    : null;
  return {
    id: r.id,
    entityKind: r.entityKind,
    entityId: r.entityId,
    parentId: r.parentId,
    type: r.type,
    name: r.name,
    description: r.description,
    contentType: r.contentType,
    size: r.size,
    url,
    thumbUrl,
    linkUrl: r.linkUrl,
    createdBy: { tenantUserId: r.createdBy, name: r.createdByName, email: r.createdByEmail },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
const thumbType = (r: DocumentRow) => (r.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png');

async function folderOf(ctx: TenantContext, ref: EntityRef, parentId: string | null): Promise<void> {
  if (!parentId) return;
  const parent = await documentsRepository.get(ctx, parentId);
  if (!parent || parent.type !== 'Folder' || parent.entityKind !== ref.entityKind || parent.entityId !== ref.entityId) {
    throw fieldError('parentId', 'notFound', 'parentId must be a folder of the same record', 404);
  }
}

// Checks the batch rules of spec §5 on names and sizes: type, empty, size, count, total, duplicates.
function checkBatch(files: readonly { name: string; size: number }[], existing: Map<string, string>, path: string): ProblemField[] {
  const errors: ProblemField[] = [];
  const seen = new Set<string>();
  files.forEach((f, i) => {
    const field = `${path}.${i}`;
    const ext = extensionOf(f.name);
    const lower = f.name.toLowerCase();
    if (!isAcceptedExtension(ext))
      errors.push({ field: `${field}.name`, code: 'fileType', message: `${f.name}: this file type is not accepted` });
    else if (f.size === 0) errors.push({ field: `${field}.size`, code: 'emptyFile', message: `${f.name} is empty` });
    else if (f.size > documentSizeLimit(ext))
      errors.push({ field: `${field}.size`, code: 'fileSize', message: `${f.name} is larger than ${documentSizeLimit(ext)} bytes` });
    if (seen.has(lower) || existing.has(lower))
      errors.push({ field: `${field}.name`, code: 'duplicateFile', message: `${f.name} already exists in this folder` });
    seen.add(lower);
  });
  // batch rules after the per-file ones, so the first error names the file at fault
  if (files.length > DOCUMENT_MAX_FILES)
    errors.push({ field: path, code: 'maxFiles', message: `At most ${DOCUMENT_MAX_FILES} files at once` });
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > DOCUMENT_MAX_TOTAL_SIZE)
    errors.push({ field: path, code: 'totalSize', message: `The files together may not exceed ${DOCUMENT_MAX_TOTAL_SIZE} bytes` });
  return errors;
}

function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 1; ; i += 1) {
    const candidate = `${base} (${i})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

// A record's images by document id, each with a short-lived signed URL (inline): a reader of
// the record's rich text (the portal's article) shows them without a workspace sign-in.
export async function imageUrls(scope: TenantScope, blobs: BlobStore, ref: EntityRef): Promise<Map<string, string>> {
  const rows = await documentsRepository.imagesOf(scope, ref.entityKind, ref.entityId);
  const urls = new Map<string, string>();
  for (const r of rows) {
    if (!r.blobKey) continue;
    const contentType = r.contentType ?? 'application/octet-stream';
    urls.set(r.id, (await blobs.downloadUrl(r.blobKey, { fileName: r.name, contentType, inline: true })).url);
  }
  return urls;
}

// Bytes PUT through a signed upload URL whose step 3 (add) never came: removed once they have
// lain unregistered for longer than the URL's lifetime.
export async function removeUnregisteredUploads(ctx: TenantContext, blobs: BlobStore, now: Date): Promise<number> {
  const keys = await blobs.listOlderThan(`${ctx.tenantId}/uploads/`, new Date(now.getTime() - UPLOAD_URL_TTL_SECONDS * 1000), 1000);
  await blobs.delete(keys);
  return keys.length;
}

export async function list(ctx: TenantContext, deps: SharedRecordDeps, q: DocumentList) {
  const { rows, total } = await documentsRepository.list(
    ctx,
    { kind: q.entityKind, entityId: q.entityId, parentId: q.parentId, type: q.type, search: q.search },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { data: await Promise.all(rows.map((r) => toItem(deps, r))), total };
}

export async function get(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<DocumentItem> {
  const row = await documentsRepository.get(ctx, id);
  if (!row) throw notFound('Document');
  await requireShared(ctx, deps, row, 'view', 'documents');
  return toItem(deps, row);
}

// Folders and links (no file behind them).
export async function create(ctx: TenantContext, deps: SharedRecordDeps, body: DocumentCreate): Promise<DocumentItem> {
  await folderOf(ctx, body, body.parentId);
  if (body.type === 'Link' && !body.url) throw fieldError('url', 'required', 'url is required for a link');
  const names = await documentsRepository.namesIn(ctx, body.entityKind, body.entityId, body.parentId);
  if (names.has(body.name.toLowerCase())) throw fieldError('name', 'duplicateFile', `${body.name} already exists in this folder`, 409);
  const [row] = await documentsRepository.insert(ctx, [
    {
      entityKind: body.entityKind,
      entityId: body.entityId,
      parentId: body.parentId,
      type: body.type,
      name: body.name,
      description: body.description ?? null,
      linkUrl: body.type === 'Link' ? (body.url ?? null) : null,
    },
  ]);
  if (!row) throw new Error('insert returned nothing');
  return toItem(deps, row);
}

// Step 1 of an upload: check names and declared sizes, hand out one signed PUT URL per file.
export async function uploadInfo(ctx: TenantContext, deps: SharedRecordDeps, body: UploadInfoRequest): Promise<UploadInfo[]> {
  await folderOf(ctx, body, body.parentId);
  const existing = await documentsRepository.namesIn(ctx, body.entityKind, body.entityId, body.parentId);
  const errors = checkBatch(body.files, existing, 'files');
  if (errors.length) throw invalid(errors);
  return Promise.all(
    body.files.map(async (f) => {
      // bound to the declared size and type, usable once (platform/blobs/upload-slots.ts)
      const slot = await openUploadSlot(ctx, f);
      const signed = await deps.blobs.uploadUrl(slot.key, slot);
      return {
        uploadId: slot.uploadId,
        name: f.name,
        url: signed.url,
        method: 'PUT' as const,
        headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': slot.contentType },
        expiresAt: signed.expiresAt.toISOString(),
      };
    }),
  );
}

// Step 3: the browser has PUT the bytes; check them by content and register the documents.
export async function add(ctx: TenantContext, deps: SharedRecordDeps, body: DocumentAdd): Promise<DocumentItem[]> {
  await folderOf(ctx, body, body.parentId);
  const existing = await documentsRepository.namesIn(ctx, body.entityKind, body.entityId, body.parentId);
  // each upload registers once: its slot is taken here, whatever happens next
  const slots = await claimUploadSlots(
    ctx,
    body.files.map((f) => f.uploadId),
  );
  const loaded = await Promise.all(
    body.files.map(async (f) => ({ ...f, data: slots.has(f.uploadId) ? await deps.blobs.read(uploadKey(ctx, f.uploadId)) : undefined })),
  );
  const errors: ProblemField[] = [];
  loaded.forEach((f, i) => {
    if (!f.data)
      errors.push({ field: `files.${i}.uploadId`, code: 'notFound', message: `${f.name}: nothing was uploaded for this upload id` });
    else if (f.data.length !== slots.get(f.uploadId)?.size)
      errors.push({ field: `files.${i}.uploadId`, code: 'fileSize', message: `${f.name} does not have the size it was declared with` });
  });
  if (errors.length) throw invalid(errors);
  const sized = loaded.map((f) => ({ ...f, data: f.data ?? Buffer.alloc(0), size: f.data?.length ?? 0 }));
  errors.push(...checkBatch(sized, existing, 'files'));
  const sniffed = await Promise.all(sized.map((f) => (f.size > 0 ? sniffDocument(f.name, f.data) : Promise.resolve(undefined))));
  sized.forEach((f, i) => {
    if (f.size > 0 && isAcceptedExtension(extensionOf(f.name)) && !sniffed[i]) {
      errors.push({ field: `files.${i}.name`, code: 'fileType', message: `${f.name}: the content is not a ${extensionOf(f.name)} file` });
    }
  });
  if (errors.length) throw invalid(errors);

  const values: DocumentInsert[] = [];
  for (const [i, f] of sized.entries()) {
    const kind = sniffed[i];
    if (!kind) continue;
    const id = randomUUID();
    // the bytes move to a key the signed upload URL cannot reach, so they cannot be swapped after the check
    const key = documentKey(ctx, id);
    await deps.blobs.write(key, f.data, kind.contentType);
    let thumbKey: string | null = null;
    if (kind.isImage) {
      const thumb = await makeThumbnail(f.data, kind.contentType);
      thumbKey = thumb ? documentKey(ctx, id, 'thumb') : key;
      if (thumb) await deps.blobs.write(thumbKey, thumb.data, thumb.contentType);
    }
    values.push({
      id,
      entityKind: body.entityKind,
      entityId: body.entityId,
      parentId: body.parentId,
      type: typeFor(kind.contentType, kind.isImage),
      name: f.name,
      description: f.description ?? null,
      contentType: kind.contentType,
      size: f.size,
      blobKey: key,
      thumbBlobKey: thumbKey,
    });
  }
  const rows = await documentsRepository.insert(ctx, values);
  await deps.blobs.delete(body.files.map((f) => uploadKey(ctx, f.uploadId)));
  for (const r of rows) {
    await recordActivity(ctx, {
      entityKind: r.entityKind,
      entityId: r.entityId,
      type: 'Attachment',
      action: 'added',
      after: { documentId: r.id, name: r.name, size: r.size },
    });
  }
  await collaboratorsService.notifyFollowers(ctx, deps, body, 'filesAdded', rows.map((r) => r.name).join(', '));
  return Promise.all(rows.map((r) => toItem(deps, r)));
}

// Files a module received itself (a mail's attachments) become documents of a record at its top
// level, by the same rules as an upload (spec §5: accepted type by name and content, not empty,
// within the size limit); a name already there gets " (1)". What breaks a rule is not stored and
// is answered with its rule's code, so the module can tell the sender. No permission is asked:
// the module decides (its caller may be the system).
export type ReceivedFile = { name: string; data: Buffer };
export async function attachReceivedFiles(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  ref: EntityRef,
  files: readonly ReceivedFile[],
): Promise<{ added: string[]; refused: { name: string; code: ErrorCode }[] }> {
  const taken = new Set((await documentsRepository.namesIn(ctx, ref.entityKind, ref.entityId, null)).keys());
  const added: string[] = [];
  const refused: { name: string; code: ErrorCode }[] = [];
  for (const f of files.slice(0, DOCUMENT_MAX_FILES)) {
    const name = uniqueName(f.name.slice(0, 255), taken);
    const problem = checkBatch([{ name, size: f.data.length }], new Map(), 'files')[0];
    const kind = problem ? undefined : await sniffDocument(name, f.data);
    if (!kind) {
      refused.push({ name: f.name, code: (problem?.code ?? 'fileType') as ErrorCode });
      continue;
    }
    const id = randomUUID();
    const key = documentKey(ctx, id);
    await deps.blobs.write(key, f.data, kind.contentType);
    let thumbKey: string | null = null;
    if (kind.isImage) {
      const thumb = await makeThumbnail(f.data, kind.contentType);
      thumbKey = thumb ? documentKey(ctx, id, 'thumb') : key;
      if (thumb) await deps.blobs.write(thumbKey, thumb.data, thumb.contentType);
    }
    const [row] = await documentsRepository.insert(ctx, [
      {
        id,
        entityKind: ref.entityKind,
        entityId: ref.entityId,
        parentId: null,
        type: typeFor(kind.contentType, kind.isImage),
        name,
        description: null,
        contentType: kind.contentType,
        size: f.data.length,
        blobKey: key,
        thumbBlobKey: thumbKey,
      },
    ]);
    taken.add(name.toLowerCase());
    added.push(name);
    if (row)
      await recordActivity(ctx, {
        entityKind: row.entityKind,
        entityId: row.entityId,
        type: 'Attachment',
        action: 'added',
        after: { documentId: row.id, name: row.name, size: row.size },
      });
  }
  for (const f of files.slice(DOCUMENT_MAX_FILES)) refused.push({ name: f.name, code: 'maxFiles' });
  return { added, refused };
}

// Multipart image upload (profile-style pictures, inline images): Thumb and Full.
export async function uploadImage(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  ref: EntityRef & { parentId: string | null },
  upload: { fileName: string; data: Buffer; truncated: boolean },
): Promise<DocumentItem> {
  await requireShared(ctx, deps, ref, 'addDocument', 'documents');
  await folderOf(ctx, ref, ref.parentId);
  const ext = extensionOf(upload.fileName);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    throw fieldError('file', 'imageType', `${upload.fileName} is not an accepted image type`);
  if (upload.truncated || upload.data.length > FILE_SIZE_LIMITS.image)
    throw fieldError('file', 'imageSize', `Images may not exceed ${FILE_SIZE_LIMITS.image} bytes`);
  if (upload.data.length === 0) throw fieldError('file', 'emptyFile', `${upload.fileName} is empty`);
  const kind = await sniffDocument(upload.fileName, upload.data);
  if (!kind?.isImage) throw fieldError('file', 'imageType', `${upload.fileName}: the content is not a ${ext} image`);
  const names = await documentsRepository.namesIn(ctx, ref.entityKind, ref.entityId, ref.parentId);
  const name = uniqueName(upload.fileName, new Set(names.keys()));
  const id = randomUUID();
  const key = documentKey(ctx, id);
  await deps.blobs.write(key, upload.data, kind.contentType);
  const thumb = await makeThumbnail(upload.data, kind.contentType);
  const thumbKey = thumb ? documentKey(ctx, id, 'thumb') : key;
  if (thumb) await deps.blobs.write(thumbKey, thumb.data, thumb.contentType);
  const [row] = await documentsRepository.insert(ctx, [
    {
      id,
      entityKind: ref.entityKind,
      entityId: ref.entityId,
      parentId: ref.parentId,
      type: 'Image',
      name,
      contentType: kind.contentType,
      size: upload.data.length,
      blobKey: key,
      thumbBlobKey: thumbKey,
    },
  ]);
  if (!row) throw new Error('insert returned nothing');
  await recordActivity(ctx, {
    entityKind: row.entityKind,
    entityId: row.entityId,
    type: 'Attachment',
    action: 'added',
    after: { documentId: row.id, name: row.name, size: row.size },
  });
  return toItem(deps, row);
}

export async function update(ctx: TenantContext, deps: SharedRecordDeps, id: string, body: DocumentUpdate): Promise<DocumentItem> {
  const row = await documentsRepository.get(ctx, id);
  if (!row) throw notFound('Document');
  await requireShared(ctx, deps, row, 'view', 'documents');
  if (!mayChange(ctx, deps, row)) throw accessDenied('Only the uploader or someone who manages documents may change this document');
  if (body.url !== undefined && row.type !== 'Link') throw fieldError('url', 'validation', 'Only a link has a url');
  if (body.name !== undefined && body.name.toLowerCase() !== row.name.toLowerCase()) {
    const names = await documentsRepository.namesIn(ctx, row.entityKind, row.entityId, row.parentId);
    if (names.has(body.name.toLowerCase())) throw fieldError('name', 'duplicateFile', `${body.name} already exists in this folder`, 409);
  }
  const updated = await documentsRepository.update(ctx, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.url !== undefined ? { linkUrl: body.url } : {}),
  });
  if (!updated) throw notFound('Document');
  return toItem(deps, updated);
}

export function rename(ctx: TenantContext, deps: SharedRecordDeps, id: string, name: string) {
  return update(ctx, deps, id, { name });
}

export async function move(ctx: TenantContext, deps: SharedRecordDeps, body: DocumentMove): Promise<DocumentItem[]> {
  const rows = await documentsRepository.getMany(ctx, [...new Set(body.ids)]);
  if (rows.length !== new Set(body.ids).size) throw notFound('Document');
  const first = rows[0];
  if (!first) return [];
  if (rows.some((r) => r.entityKind !== first.entityKind || r.entityId !== first.entityId))
    throw fieldError('ids', 'validation', 'Documents of different records cannot be moved together');
  await requireShared(ctx, deps, first, 'view', 'documents');
  if (rows.some((r) => !mayChange(ctx, deps, r)))
    throw accessDenied('Only the uploader or someone who manages documents may move these documents');
  await folderOf(ctx, first, body.parentId);
  if (body.parentId) {
    // a folder cannot move into itself or below itself
    const inside = await documentsRepository.subtree(
      ctx,
      rows.filter((r) => r.type === 'Folder').map((r) => r.id),
    );
    if (inside.some((r) => r.id === body.parentId)) throw fieldError('parentId', 'validation', 'A folder cannot be moved into itself');
  }
  const moving = rows.filter((r) => r.parentId !== body.parentId);
  const names = await documentsRepository.namesIn(ctx, first.entityKind, first.entityId, body.parentId);
  const seen = new Set<string>();
  for (const r of moving) {
    const lower = r.name.toLowerCase();
    if (names.has(lower) || seen.has(lower)) throw fieldError('ids', 'duplicateFile', `${r.name} already exists in the target folder`, 409);
    seen.add(lower);
  }
  const out: DocumentItem[] = [];
  for (const r of rows) {
    const updated = r.parentId === body.parentId ? r : await documentsRepository.update(ctx, r.id, { parentId: body.parentId });
    if (updated) out.push(await toItem(deps, updated));
  }
  return out;
}

// Copies files and whole folders (with their blobs); a name taken in the target gets " (n)".
export async function copy(ctx: TenantContext, deps: SharedRecordDeps, body: DocumentMove): Promise<DocumentItem[]> {
  const roots = await documentsRepository.getMany(ctx, [...new Set(body.ids)]);
  if (roots.length !== new Set(body.ids).size) throw notFound('Document');
  const first = roots[0];
  if (!first) return [];
  if (roots.some((r) => r.entityKind !== first.entityKind || r.entityId !== first.entityId))
    throw fieldError('ids', 'validation', 'Documents of different records cannot be copied together');
  await requireShared(ctx, deps, first, 'addDocument', 'documents');
  await folderOf(ctx, first, body.parentId);
  const tree = await documentsRepository.subtree(
    ctx,
    roots.map((r) => r.id),
  );
  if (body.parentId && roots.some((r) => r.type === 'Folder') && tree.some((r) => r.id === body.parentId)) {
    throw fieldError('parentId', 'validation', 'A folder cannot be copied into itself');
  }
  const children = new Map<string, DocumentRow[]>();
  for (const r of tree) if (r.parentId) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const taken = new Set((await documentsRepository.namesIn(ctx, first.entityKind, first.entityId, body.parentId)).keys());
  const values: DocumentInsert[] = [];
  const copies: { from: string; to: string }[] = [];
  const visit = (r: DocumentRow, parentId: string | null, name: string) => {
    const id = randomUUID();
    const blobKey = r.blobKey ? documentKey(ctx, id) : null;
    const thumbKey = r.thumbBlobKey ? (r.thumbBlobKey === r.blobKey ? blobKey : documentKey(ctx, id, 'thumb')) : null;
    if (r.blobKey && blobKey) copies.push({ from: r.blobKey, to: blobKey });
    if (r.thumbBlobKey && thumbKey && r.thumbBlobKey !== r.blobKey) copies.push({ from: r.thumbBlobKey, to: thumbKey });
    values.push({
      id,
      entityKind: r.entityKind,
      entityId: r.entityId,
      parentId,
      type: r.type,
      name,
      description: r.description,
      contentType: r.contentType,
      size: r.size,
      blobKey,
      thumbBlobKey: thumbKey,
      linkUrl: r.linkUrl,
    });
    for (const c of children.get(r.id) ?? []) visit(c, id, c.name);
  };
  for (const r of roots) {
    const name = uniqueName(r.name, taken);
    taken.add(name.toLowerCase());
    visit(r, body.parentId, name);
  }
  for (const c of copies) await deps.blobs.copy(c.from, c.to);
  // parents before children: visit() pushes in that order
  const rows = await documentsRepository.insert(ctx, values);
  const rootIds = new Set(values.filter((v) => v.parentId === body.parentId).map((v) => v.id));
  return Promise.all(rows.filter((r) => rootIds.has(r.id)).map((r) => toItem(deps, r)));
}

// Spec §5: an invalid list is skipped without error.
export async function remove(ctx: TenantContext, deps: SharedRecordDeps, ids: unknown): Promise<{ deleted: number }> {
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > 500 ||
    !ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
  )
    return { deleted: 0 };
  const roots = await documentsRepository.getMany(ctx, [...new Set(ids as string[])]);
  if (roots.length === 0) return { deleted: 0 };
  for (const r of roots) {
    await requireShared(ctx, deps, r, 'view', 'documents');
    if (!mayChange(ctx, deps, r)) throw accessDenied('Only the uploader or someone who manages documents may delete this document');
  }
  const tree = await documentsRepository.subtree(
    ctx,
    roots.map((r) => r.id),
  );
  const deleted = await documentsRepository.deleteMany(
    ctx,
    tree.map((r) => r.id),
  );
  for (const r of roots) {
    await recordActivity(ctx, {
      entityKind: r.entityKind,
      entityId: r.entityId,
      type: 'Attachment',
      action: 'removed',
      before: { documentId: r.id, name: r.name },
    });
  }
  const keys = [...new Set(tree.flatMap((r) => [r.blobKey, r.thumbBlobKey]).filter((k): k is string => !!k))];
  // after the rows: a failed blob delete leaves an orphan file, never a document without its file
  await deps.blobs.delete(keys);
  return { deleted };
}

export async function breadcrumb(ctx: TenantContext, deps: SharedRecordDeps, id: string | null): Promise<{ id: string; name: string }[]> {
  if (!id) return [];
  const row = await documentsRepository.get(ctx, id);
  if (!row) throw notFound('Document');
  await requireShared(ctx, deps, row, 'view', 'documents');
  return documentsRepository.ancestors(ctx, id);
}
