import { DOCUMENT_EXTENSIONS, extensionOf, IMAGE_EXTENSIONS, type DocumentExtension } from '@atrium/domain';
import { fileTypeFromBuffer } from 'file-type';

type Rule = { sniffed: readonly string[]; contentType: string } | { text: true; contentType: string; allowSniffed?: readonly string[] };

const CFB = 'application/x-cfb';
// What the magic bytes must say for each accepted extension (spec §5), and the content type we
// store and serve. Plain-text formats have no magic bytes: they must be valid UTF-8 without NULs.
const RULES: Record<DocumentExtension, Rule> = {
  png: { sniffed: ['image/png'], contentType: 'image/png' },
  jpg: { sniffed: ['image/jpeg'], contentType: 'image/jpeg' },
  jpeg: { sniffed: ['image/jpeg'], contentType: 'image/jpeg' },
  gif: { sniffed: ['image/gif'], contentType: 'image/gif' },
  bmp: { sniffed: ['image/bmp'], contentType: 'image/bmp' },
  webp: { sniffed: ['image/webp'], contentType: 'image/webp' },
  pdf: { sniffed: ['application/pdf'], contentType: 'application/pdf' },
  doc: { sniffed: [CFB], contentType: 'application/msword' },
  xls: { sniffed: [CFB], contentType: 'application/vnd.ms-excel' },
  ppt: { sniffed: [CFB], contentType: 'application/vnd.ms-powerpoint' },
  docx: {
    sniffed: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    sniffed: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    sniffed: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  odt: { sniffed: ['application/vnd.oasis.opendocument.text'], contentType: 'application/vnd.oasis.opendocument.text' },
  mp4: { sniffed: ['video/mp4', 'video/x-m4v'], contentType: 'video/mp4' },
  zip: { sniffed: ['application/zip'], contentType: 'application/zip' },
  txt: { text: true, contentType: 'text/plain; charset=utf-8' },
  csv: { text: true, contentType: 'text/csv; charset=utf-8' },
  html: { text: true, contentType: 'text/html; charset=utf-8', allowSniffed: ['application/xml'] },
  htm: { text: true, contentType: 'text/html; charset=utf-8', allowSniffed: ['application/xml'] },
};

export type Sniffed = { ext: DocumentExtension; contentType: string; isImage: boolean };

export function isAcceptedExtension(ext: string): ext is DocumentExtension {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

// The type of a file decided by its content: the name only says which type it claims to be.
// Undefined when the content is not what the name claims or the type is not accepted.
export async function sniffDocument(name: string, data: Buffer): Promise<Sniffed | undefined> {
  const ext = extensionOf(name);
  if (!isAcceptedExtension(ext)) return undefined;
  const rule = RULES[ext];
  const detected = (await fileTypeFromBuffer(data))?.mime;
  const isImage = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if ('sniffed' in rule) {
    return detected && rule.sniffed.includes(detected) ? { ext, contentType: rule.contentType, isImage } : undefined;
  }
  if (detected && !(rule.allowSniffed ?? []).includes(detected)) return undefined;
  return isUtf8Text(data) ? { ext, contentType: rule.contentType, isImage } : undefined;
}

// Only images are safe to show inline; everything else (HTML above all) downloads.
export function servedInline(contentType: string): boolean {
  return /^image\/(png|jpeg|gif|bmp|webp)$/.test(contentType);
}
