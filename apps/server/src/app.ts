import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { FILE_SIZE_LIMITS, RECYCLE_BIN_DAYS } from '@atrium/domain';
import type { Config } from './platform/config';
import type { Database } from './platform/database';
import { migrationsApplied } from './platform/database';
import { serveAssetsFromMemory } from './platform/assets-in-memory';
import { registerCompression } from './platform/compression';
import { registerConditionalGet } from './platform/conditional-get';
import { securityHeaders } from './platform/security-headers';
import { frameAncestorsOf, isEmbeddedPortalPage, isWidgetScript, registerWidgets } from './platform/widgets';
import { registerErrorHandling, sendProblem } from './platform/errors';
import { completeOpenApi } from './platform/openapi';
import { inboundMailRegistry, startInboundListener, type InboundListener } from './platform/mail/inbound-listener';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { Router, type RegisteredRoute } from './platform/router';
import { createTokenVerifier, remoteKeySet, type TokenVerifier } from './platform/auth';
import { registerBlobHttp } from './platform/blobs/blob-http';
import { blobStoreFor } from './platform/blobs/blob-store';
import { registerImportExport } from './platform/import-export/import-export.routes';
import { entityRegistry } from './platform/entity/entity-registry';
import { recordEventAudience } from './platform/entity/record-events';
import { purgeExpired } from './platform/entity/entity.service';
import { createEventHub, type EventHub } from './platform/events/event-hub';
import { registerEventRoutes } from './platform/events/events.routes';
import { registerHousekeeping } from './platform/jobs/housekeeping';
import { createJobRuntime, type JobRuntime } from './platform/jobs/job-runtime';
import { registerJobRoutes } from './platform/jobs/jobs.routes';
import { registerIdentity } from './identity';
import { registerModules } from './modules';

export type App = FastifyInstance & {
  atrium: {
    router: Router;
    routes: RegisteredRoute[];
    mailer: Mailer;
    config: Config;
    database: Database;
    jobs: JobRuntime;
    hub: EventHub;
  };
};

// Tests add modules of their own (e.g. an entity kind with a row-visibility rule).
export type BuildOptions = { extraModules?: ((router: Router) => void)[] };

// A hop count trusts that many proxies in front of the server; Fastify takes it as a function.
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

// One line per request instead of Fastify's two ("incoming request", then "request
// completed"): written when the answer is sent, with what the first one carried. Logging is a
// visible share of a short request's cost. Errors keep Fastify's own line.
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

// The log goes to standard output in writes of about 4 KB, off the event loop, instead of one
// synchronous write per line: a line per request was a tenth of a short request's time (issue
// 28). A line waits at most half a second; pino writes what is left when the process exits
// (a SIGKILL can lose up to the last half second of lines).
const logDestination = () => pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 });

// A GET of one of the SPA's pages: not the API, the sign-in flow, the identity provider or the
// mailbox, and not a file (/assets/x.js): a missing file is a real 404.
function isSpaPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const isFile =
    pathname.startsWith('/assets/') || /\.(m?js|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|json|txt|webmanifest)$/i.test(pathname);
  return request.method === 'GET' && !/^\/(api|auth|idp|mailbox)(\/|$)/.test(pathname) && !isFile;
}

const sendPage = (reply: FastifyReply, html: string) => reply.type('text/html').header('cache-control', 'no-cache').send(html);

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<App> {
  // index.html of the SPA, once its build is found below (read when asked: a new build replaces it)
  let spaIndex: (() => Promise<string>) | undefined;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], stream: logDestination() },
    logController: new OneLineRequestLog(),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // forwarding headers count only from the proxies TRUST_PROXY names (off by default)
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    maxParamLength: 500,
    ajv: { customOptions: { allErrors: false } },
    // an address the router cannot read (a %-escape cut short or not UTF-8, a parameter over
    // maxParamLength): a page's is handed to the SPA like any address it may not know, which
    // shows its own "not found"; any other answers 400 (414) problem+json like every refusal
    // (Fastify's own answer was plain JSON)
    frameworkErrors: async (error, request, reply) => {
      // no hook runs for these answers: the security headers and the request id are set here
      for (const [name, value] of security) reply.raw.setHeader(name, value);
      reply.header('x-request-id', request.id);
      const index = isSpaPage(request) ? await spaIndex?.().catch(() => undefined) : undefined;
      if (index) return sendPage(reply, index);
      return sendProblem(reply, request, error.statusCode ?? 400, 'validation', error.message);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerConditionalGet(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // helmet's headers, once for every answer and once for a portal page in the widgets' embedded
  // mode: that one any site may frame (decision 098), every other answer no site
  // signed blob URLs on another origin (Azure): images shown from there, uploads PUT there
  const blobOrigin = blobStoreFor(config).origin;
  const blobSources = blobOrigin ? [blobOrigin] : [];
  const headersFor = (frameAncestors: string[]) =>
    Object.entries(
      securityHeaders({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...blobSources],
            styleSrc: ["'self'", "'unsafe-inline'"],
            scriptSrc: ["'self'"],
            connectSrc: ["'self'", ...blobSources],
            fontSrc: ["'self'", 'data:'],
            formAction: ["'self'", ...(config.oidc.embedded ? [] : [new URL(config.oidc.issuer).origin])],
            frameAncestors,
            upgradeInsecureRequests: null,
          },
        },
        crossOriginEmbedderPolicy: false,
        // X-Frame-Options names no site but the app's own; the embedded page leaves it to
        // frame-ancestors (any site, or the workspace's allowed ones)
        ...(frameAncestors.includes("'none'") ? {} : { xFrameOptions: false }),
      }),
    ).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
  const security = headersFor(["'none'"]);
  const embeddable = headersFor(['*']);
  // a workspace's allowed sites (decision 098): the headers of each list, built once
  const embeddableBy = new Map<string, ReturnType<typeof headersFor>>();
  const embeddableFor = (origins: string[]) => {
    if (origins.includes('*')) return embeddable;
    const key = origins.join(' ');
    let headers = embeddableBy.get(key);
    if (!headers) {
      if (embeddableBy.size >= 1_000) embeddableBy.clear();
      embeddableBy.set(key, (headers = headersFor(origins)));
    }
    return headers;
  };
  // on the raw response, as helmet does: routes that take the response over (the identity
  // provider's pages, event streams) keep them
  app.addHook('onRequest', async (request, reply) => {
    let headers = security;
    if (isEmbeddedPortalPage(request.method, request.url)) {
      try {
        headers = embeddableFor(await frameAncestorsOf(database.db, request.url));
      } catch (error) {
        // without the workspace's list no site may frame the page
        request.log.error({ err: error }, 'widget settings unreadable');
      }
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // the embed script is loaded by other sites' pages
    if (isWidgetScript(request.url)) reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await registerCompression(app);
  await app.register(formbody);
  // Registered once for the whole app; routes read files with request.file() and apply their own limits.
  await app.register(multipart, { limits: { fileSize: FILE_SIZE_LIMITS.largeFile, files: 20 } });
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.public,
    timeWindow: 60_000,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium API',
        version: '1',
        description: 'Multi-tenant workspace API. Errors are RFC 9457 problem details with a stable code.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Atrium' },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // read at request time, when every route is registered
    transformObject: (documents) =>
      'openapiObject' in documents
        ? completeOpenApi(documents.openapiObject as Record<string, unknown>, router.routes, config.publicUrl)
        : documents.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // the same parser as JSON bodies, with its refusal of __proto__ and constructor.prototype keys
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  const mailer = createMailer(config, database, app.log);
  // one LISTEN connection per process carries live events and job wake-ups between nodes
  const hub = createEventHub(database.url, app.log);
  const jobs = createJobRuntime({ database, hub, log: app.log, role: config.role, leaseSeconds: config.jobsLeaseSeconds });
  registerHousekeeping(jobs, database);
  jobs.schedule({
    name: 'mail.outbox',
    cron: '* * * * *',
    idempotency:
      'A batch of messages per transaction (locked FOR UPDATE SKIP LOCKED), each marked sent in the transaction that locked it; a crash between SMTP and commit sends them again (at least once, same Message-ID).',
    run: async () => {
      const r = await mailer.deliverDue();
      return `${r.sent} sent, ${r.retried} to retry, ${r.failed} given up`;
    },
  });
  let verifier: TokenVerifier | undefined;
  const router = new Router(app, {
    database,
    verifier: () => {
      if (!verifier) throw new Error('token verifier not ready');
      return verifier;
    },
    embeddedIssuer: config.oidc.embedded ? config.oidc.issuer : undefined,
    rateLimits: config.rateLimit,
  });

  // A worker runs jobs and answers only health and readiness (ATRIUM_ROLE=worker).
  if (config.role === 'worker') {
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (pathname !== '/api/health' && pathname !== '/api/ready') {
        return sendProblem(reply, request, 404, 'notFound', 'This node runs background jobs only (ATRIUM_ROLE=worker)');
      }
    });
  }

  app.get('/api/health', { schema: { hide: true }, config: { access: { kind: 'public' } } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { hide: true }, config: { access: { kind: 'public' } } }, async (request, reply) => {
    try {
      const ok = await migrationsApplied(database.admin, config.migrationsDir);
      if (!ok) return sendProblem(reply, request, 503, 'internalServerError', 'Migrations are not applied');
      // mail waiting for another try and mail given up on: visible to whoever watches the nodes
      return { status: 'ready', mailOutbox: await mailer.outboxCounts() };
    } catch {
      return sendProblem(reply, request, 503, 'internalServerError', 'Database unreachable');
    }
  });

  const identity = await registerIdentity(app, { config, database, mailer, router, jobs });
  verifier = identity.verifier ?? createTokenVerifier({ issuer: config.oidc.issuer, keys: await remoteKeySet(config.oidc.issuer) });

  // signed PUT/GET of the local blob store (raw bodies up to 50 MB, parsed in its own scope)
  await registerBlobHttp(app, { config, database });
  const inboundMail = inboundMailRegistry();
  await registerModules(router, { config, database, mailer, jobs, inboundMail });
  for (const extra of options.extraModules ?? []) extra(router);
  registerImportExport(router, { jobs, blobs: blobStoreFor(config), maxRows: config.imports.maxRows, log: app.log });
  registerJobRoutes(router, jobs);
  registerWidgets();
  const entities = entityRegistry(router);
  jobs.cleanup({
    name: 'recycle-bin',
    description: `Records in the recycle bin for ${RECYCLE_BIN_DAYS} days`,
    run: (ctx, now) => purgeExpired(ctx, entities, now),
  });
  const events = registerEventRoutes(app, router, {
    hub,
    database,
    mayReceiveRecord: recordEventAudience(entities, database),
    sessionSecret: config.sessionSecret,
    accessTokenTtl: config.accessTokenTtl,
  });
  // the inbound SMTP listener: only with SMTP_INBOUND_PORT, on nodes that answer requests
  let inbound: InboundListener | undefined;
  app.addHook('onReady', async () => {
    await hub.start();
    await jobs.start();
    const handler = inboundMail.handler();
    if (config.smtpInboundPort !== undefined && config.role !== 'worker' && handler)
      inbound = await startInboundListener({
        port: config.smtpInboundPort,
        host: config.host,
        maxSize: FILE_SIZE_LIMITS.largeFile,
        handler,
        log: app.log,
      });
  });
  // open event streams would keep the HTTP server from closing
  app.addHook('preClose', async () => events.closeAll());
  app.addHook('onClose', async () => {
    await inbound?.close();
    await jobs.stop();
    await hub.stop();
    mailer.close();
  });

  // The SPA: every non-API GET that is not a file falls back to index.html.
  const webDist = config.webDist;
  if (existsSync(path.join(webDist, 'index.html'))) {
    serveAssetsFromMemory(app, webDist);
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // the build writes .br and .gz copies; the one the browser accepts is sent (decision 060)
      preCompressed: true,
      // Vite names assets by content hash, so they never change under the same name
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        // the embed script keeps its name on other sites' pages: they see a new one within minutes
        else if (path.basename(filePath).startsWith('widget.js')) res.setHeader('cache-control', 'public, max-age=300');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // An embedded portal page (the widget's iframe, GET /portal/…?embed=1) is loaded by other sites'
    // pages, so it is limited per address like the public API its page then calls (RATE_LIMIT_PUBLIC a
    // minute, 429 problem+json); the app's own pages are not (decision 098).
    const embeddedPageLimit = app.rateLimit({
      max: config.rateLimit.public,
      timeWindow: 60_000,
      allowList: (request) => !isEmbeddedPortalPage(request.method, request.url),
    });
    spaIndex = () => readFile(path.join(webDist, 'index.html'), 'utf8');
    app.setNotFoundHandler({ preHandler: embeddedPageLimit }, (request, reply) => {
      // SPA routes get index.html; API paths and missing files (/assets/x.js) get a real 404
      if (isSpaPage(request)) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      return sendProblem(reply, request, 404, 'notFound', `No route ${request.method} ${request.url.split('?')[0]}`);
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      sendProblem(reply, request, 404, 'notFound', `No route ${request.method} ${request.url.split('?')[0]}`),
    );
  }

  const decorated = app as unknown as App;
  decorated.atrium = { router, routes: router.routes, mailer, config, database, jobs, hub };
  return decorated;
}
