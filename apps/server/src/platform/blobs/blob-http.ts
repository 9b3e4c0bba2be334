import { createReadStream } from 'node:fs';
import { FILE_SIZE_LIMITS } from '@atrium/domain';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteAccess } from '../router';
import type { Config } from '../config';
import { AppError } from '../errors';
import { blobStoreFor, isBlobKey } from './blob-store';
import { verifyGrant, type BlobGrant } from './blob-signing';
import { createLocalBlobStore, LOCAL_BLOB_ROUTE } from './local-blob-store';
import { normaliseContentType, useUploadSlot } from './upload-slots';
import type { Database } from '../database';

// Largest body a signed PUT accepts; the document service applies the per-type limits.
export const BLOB_PUT_LIMIT = FILE_SIZE_LIMITS.largeFile;

const registered = new WeakSet<FastifyInstance>();

type Query = Record<string, string | undefined>;

function grantFrom(request: FastifyRequest, permission: 'r' | 'w'): { grant: BlobGrant; sig: string } {
  const key = (request.params as { '*': string })['*'];
  const q = request.query as Query;
  const expiresAt = Number(q.se);
  if (!isBlobKey(key) || q.sp !== permission || !Number.isInteger(expiresAt) || !q.sig) {
    throw new AppError(403, 'accessDenied', 'Invalid or missing signature');
  }
  const size = q.sz !== undefined && /^\d+$/.test(q.sz) ? Number(q.sz) : undefined;
  return {
    grant: {
      permission,
      key,
      expiresAt,
      ...(q.rscd ? { disposition: q.rscd } : {}),
      ...(q.rsct ? { contentType: q.rsct } : {}),
      ...(size !== undefined ? { size } : {}),
      ...(q.ct ? { uploadType: q.ct } : {}),
    },
    sig: q.sig,
  };
}

// The HTTP side of the local blob store (signed PUT and GET). Needs the Fastify instance because raw bodies up to 50 MB of any
// content type are parsed only inside this plugin's scope. Safe to call more than once.
export async function registerBlobHttp(app: FastifyInstance, deps: { config: Config; database: Database }): Promise<void> {
  if (registered.has(app)) return;
  registered.add(app);
  const store = blobStoreFor(deps.config);
  if (store.kind !== 'local') return;
  const local = createLocalBlobStore({
    dir: (store as ReturnType<typeof createLocalBlobStore>).dir,
    publicUrl: deps.config.publicUrl,
    secret: deps.config.sessionSecret,
  });

  const check = (grant: BlobGrant, sig: string) => {
    const result = verifyGrant(local.key, grant, sig);
    if (result === 'expired') throw new AppError(403, 'accessDenied', 'This link has expired');
    if (result !== 'ok') throw new AppError(403, 'accessDenied', 'Invalid signature');
  };

  // a variable, not a literal: `access` is read by the platform's route walkers, not by Fastify
  const access: FastifyContextConfig & { access: RouteAccess } = { access: { kind: 'public' } };
  const publicRoute = { schema: { hide: true }, config: access };
  await app.register(async (scope) => {
    // the browser sends the file's own content type; every one arrives here as raw bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BLOB_PUT_LIMIT }, (_req, body, done) => done(null, body));

    scope.put(
      `${LOCAL_BLOB_ROUTE}/*`,
      { ...publicRoute, bodyLimit: BLOB_PUT_LIMIT },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { grant, sig } = grantFrom(request, 'w');
        check(grant, sig);
        // the same contract as Azure's Put Blob, so one client works against both stores
        if (request.headers['x-ms-blob-type'] !== 'BlockBlob') {
          throw new AppError(400, 'validation', 'x-ms-blob-type: BlockBlob is required', [
            { field: 'x-ms-blob-type', code: 'required', message: 'x-ms-blob-type must be BlockBlob' },
          ]);
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // the URL was issued for one file: its declared size and type, once
        if (grant.size === undefined || !grant.uploadType) throw new AppError(403, 'accessDenied', 'Invalid or missing signature');
        if (body.length !== grant.size) {
          throw new AppError(400, 'fileSize', `The upload has ${body.length} bytes; the URL was issued for ${grant.size}`, [
            { field: 'body', code: 'fileSize', message: 'The file does not have the declared size' },
          ]);
        }
        const type = normaliseContentType(request.headers['content-type']);
        if (type !== grant.uploadType) {
          throw new AppError(415, 'unsupportedMediaType', `The upload is ${type}; the URL was issued for ${grant.uploadType}`);
        }
        if (!(await useUploadSlot(deps.database, grant.key))) {
          throw new AppError(409, 'conflict', 'This upload URL has been used already or has expired; ask for a new one');
        }
        await local.write(grant.key, body, grant.uploadType);
        return reply.status(201).send();
      },
    );

    scope.get(`${LOCAL_BLOB_ROUTE}/*`, publicRoute, async (request: FastifyRequest, reply: FastifyReply) => {
      const { grant, sig } = grantFrom(request, 'r');
      check(grant, sig);
      const info = await local.stat(grant.key);
      if (!info) throw new AppError(404, 'notFound', 'File not found');
      return (
        reply
          .header('content-type', grant.contentType ?? 'application/octet-stream')
          .header('content-disposition', grant.disposition ?? 'attachment')
          .header('content-length', String(info.size))
          .header('x-content-type-options', 'nosniff')
          // a stored file never runs script in our origin, even when opened inline
          .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'private, max-age=300')
          .send(createReadStream(local.pathOf(grant.key)))
      );
    });
  });
}
