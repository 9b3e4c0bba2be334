import type { DocumentItem, UploadInfo } from '@atrium/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { Paged, RecordRef } from '../notes/notes.api';

export const DOCUMENT_PATHS = {
  list: '/api/v1/core/documents/list',
  create: '/api/v1/core/documents',
  document: (id: string) => `/api/v1/core/documents/${id}`,
  rename: (id: string) => `/api/v1/core/documents/${id}/rename`,
  uploadInfo: '/api/v1/core/documents/upload-info',
  add: '/api/v1/core/documents/add',
  move: '/api/v1/core/documents/move',
  copy: '/api/v1/core/documents/copy',
  delete: '/api/v1/core/documents/delete',
  breadcrumb: '/api/v1/core/documents/breadcrumb',
  images: '/api/v1/core/documents/images',
} as const;

export const documentKeys = {
  record: (ref: RecordRef) => workspaceKey('documents', ref.entityKind, ref.entityId),
  list: (ref: RecordRef, parentId: string | null, page: number) =>
    workspaceKey('documents', ref.entityKind, ref.entityId, 'list', parentId, page),
  folders: (ref: RecordRef, parentId: string | null) => workspaceKey('documents', ref.entityKind, ref.entityId, 'folders', parentId),
  breadcrumb: (ref: RecordRef, id: string | null) => workspaceKey('documents', ref.entityKind, ref.entityId, 'breadcrumb', id),
};

export const fetchDocuments = (ref: RecordRef, parentId: string | null, page: number, type?: 'Folder') =>
  apiRequest<Paged<DocumentItem>>(DOCUMENT_PATHS.list, {
    method: 'POST',
    body: { ...ref, parentId, page, pageSize: 100, ...(type ? { type } : {}) },
  });

export const documentsQuery = (ref: RecordRef, parentId: string | null, page: number) =>
  queryOptions({
    queryKey: documentKeys.list(ref, parentId, page),
    queryFn: () => fetchDocuments(ref, parentId, page),
    placeholderData: keepPreviousData,
  });
export const useDocuments = (ref: RecordRef, parentId: string | null, page: number) => useQuery(documentsQuery(ref, parentId, page));

export const useBreadcrumb = (ref: RecordRef, id: string | null) =>
  useQuery({
    queryKey: documentKeys.breadcrumb(ref, id),
    queryFn: () => apiRequest<{ id: string; name: string }[]>(DOCUMENT_PATHS.breadcrumb, { method: 'POST', body: { id } }),
  });

export type UploadProgress = { name: string; percent: number; status: 'uploading' | 'done' | 'error' };

// PUT to the signed URL with XMLHttpRequest: fetch cannot report upload progress.
function putBlob(info: UploadInfo, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(info.method, info.url);
    // the URL is bound to the size and media type it was issued for; the headers name the type
    for (const [k, v] of Object.entries(info.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload failed with ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.send(file);
  });
}

// The three steps of the upload protocol (docs/decisions/020): upload info, PUT, register.
// The first two put the files in upload slots; a slot never registered is removed by the
// housekeeping job once its address has expired.
export async function uploadToSlots(
  ref: RecordRef,
  parentId: string | null,
  files: File[],
  onProgress: (index: number, percent: number) => void,
): Promise<UploadInfo[]> {
  const infos = await apiRequest<UploadInfo[]>(DOCUMENT_PATHS.uploadInfo, {
    method: 'POST',
    body: { ...ref, parentId, files: files.map((f) => ({ name: f.name, size: f.size, contentType: f.type || undefined })) },
  });
  await Promise.all(infos.map((info, i) => putBlob(info, files[i] as File, (p) => onProgress(i, p))));
  return infos;
}

export const registerUploads = (ref: RecordRef, parentId: string | null, uploads: readonly { uploadId: string; name: string }[]) =>
  apiRequest<DocumentItem[]>(DOCUMENT_PATHS.add, {
    method: 'POST',
    body: { ...ref, parentId, files: uploads.map((u) => ({ uploadId: u.uploadId, name: u.name })) },
  });

export async function uploadDocuments(
  ref: RecordRef,
  parentId: string | null,
  files: File[],
  onProgress: (index: number, percent: number) => void,
): Promise<DocumentItem[]> {
  return registerUploads(ref, parentId, await uploadToSlots(ref, parentId, files, onProgress));
}

// One image as a document of the record (the server checks its type by content and its size:
// imageType, imageSize), with its Full and Thumb.
export function uploadImage(ref: RecordRef, file: File): Promise<DocumentItem> {
  const form = new FormData();
  form.append('entityKind', ref.entityKind);
  form.append('entityId', ref.entityId);
  form.append('file', file);
  return apiRequest<DocumentItem>(DOCUMENT_PATHS.images, { method: 'POST', body: form });
}

export const fetchDocument = (id: string) => apiRequest<DocumentItem>(DOCUMENT_PATHS.document(id));

export function useDocumentMutation<V, R>(ref: RecordRef, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: documentKeys.record(ref) });
      await qc.invalidateQueries({ queryKey: workspaceKey('activity') });
    },
  });
}

export const createFolder = (ref: RecordRef, parentId: string | null, name: string) =>
  apiRequest<DocumentItem>(DOCUMENT_PATHS.create, { method: 'POST', body: { ...ref, type: 'Folder', name, parentId } });
export const renameDocument = (id: string, name: string) =>
  apiRequest<DocumentItem>(DOCUMENT_PATHS.rename(id), { method: 'PUT', body: { name } });
export const moveDocuments = (ids: string[], parentId: string | null) =>
  apiRequest<DocumentItem[]>(DOCUMENT_PATHS.move, { method: 'POST', body: { ids, parentId } });
export const copyDocuments = (ids: string[], parentId: string | null) =>
  apiRequest<DocumentItem[]>(DOCUMENT_PATHS.copy, { method: 'POST', body: { ids, parentId } });
export const deleteDocuments = (ids: string[]) => apiRequest<{ deleted: number }>(DOCUMENT_PATHS.delete, { method: 'POST', body: { ids } });
