import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed URLs of the local store: an HMAC over the permission, the full key (which starts with
// the tenant id), the expiry and the response headers, so changing any of them voids the URL.
export type BlobGrant = {
  permission: 'r' | 'w';
  key: string;
  expiresAt: number;
  disposition?: string;
  contentType?: string;
  // uploads: the exact size and media type the PUT must carry
  size?: number;
  uploadType?: string;
};

export function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('atrium-blob-url-v1').digest();
}

function canonical(g: BlobGrant): string {
  return [
    g.permission,
    g.key,
    String(g.expiresAt),
    g.disposition ?? '',
    g.contentType ?? '',
    String(g.size ?? ''),
    g.uploadType ?? '',
  ].join('\n');
}

export function signGrant(key: Buffer, grant: BlobGrant): string {
  return createHmac('sha256', key).update(canonical(grant)).digest('base64url');
}

export function verifyGrant(key: Buffer, grant: BlobGrant, signature: string, now = Date.now()): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(signGrant(key, grant));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return grant.expiresAt * 1000 < now ? 'expired' : 'ok';
}

// RFC 6266 with an ASCII fallback, so any file name survives the header.
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
