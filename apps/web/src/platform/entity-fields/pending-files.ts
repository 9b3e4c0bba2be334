import type { EntityField, FileRef } from '@atrium/domain';
import { registerUploads } from '../documents/documents.api';
import type { RecordRef } from '../notes/notes.api';

// A file put in a file field before the form is saved (decision 064): it sits in an upload slot
// and is not one of the record's documents yet. Saving the form registers it; leaving the form
// unsaved leaves only the slot, which the housekeeping job removes when its address expires.
export type PendingFile = FileRef & { uploadId: string };
export const isPendingFile = (v: unknown): v is PendingFile => typeof v === 'object' && v !== null && 'uploadId' in v;

// The custom values of a save with every pending file registered as a document of the record and
// replaced by its reference; `registered` lists what changed per field, for the form to show.
export async function registerPendingFiles(
  ref: RecordRef,
  fields: readonly EntityField[],
  custom: Record<string, unknown>,
): Promise<{ custom: Record<string, unknown>; registered: Record<string, FileRef[]> }> {
  const fileKeys = fields.filter((f) => f.dataType === 'file').map((f) => f.key);
  const pending = fileKeys.flatMap((k) => (Array.isArray(custom[k]) ? (custom[k] as unknown[]).filter(isPendingFile) : []));
  if (pending.length === 0) return { custom, registered: {} };
  const docs = await registerUploads(ref, null, pending);
  const byUpload = new Map(pending.map((p, i) => [p.uploadId, docs[i]]));
  const next = { ...custom };
  const registered: Record<string, FileRef[]> = {};
  for (const key of fileKeys) {
    const list = custom[key];
    if (!Array.isArray(list) || !list.some(isPendingFile)) continue;
    registered[key] = (list as unknown[]).flatMap((item): FileRef[] => {
      if (!isPendingFile(item)) return [item as FileRef];
      const doc = byUpload.get(item.uploadId);
      return doc ? [{ id: doc.id, name: doc.name, size: doc.size, ...(doc.contentType ? { contentType: doc.contentType } : {}) }] : [];
    });
    next[key] = registered[key];
  }
  return { custom: next, registered };
}
