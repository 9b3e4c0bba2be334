import type { EntityCapability, EntityFeature, Permission } from '@atrium/domain';
import { problemSchema } from '@atrium/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, type TokenVerifier } from './auth';
import type { AuthUser, TenantContext, UserContext } from './context';
import type { Database, Db } from './database';
import { AppError, accessDenied } from './errors';
import { entityRegistry } from './entity/entity-registry';
import { requireRecord } from './entity/record-access';
import { inTenantTransaction, resolveUser } from './tenancy';
import { assertStorableInput } from './text-guard';

type AnyZod = z.ZodType;
type Infer<T> = T extends AnyZod ? z.output<T> : undefined;

type Schemas = {
  params?: AnyZod;
  query?: AnyZod;
  body?: AnyZod;
  headers?: AnyZod;
  response?: AnyZod;
};

export type RouteInput<S extends Schemas> = {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

type Result<S extends Schemas> = S['response'] extends AnyZod ? z.input<S['response']> : void;

type BaseDef<S extends Schemas> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  schemas: S;
  // success status; 204 sends no body
  status?: 200 | 201 | 202 | 204;
  rateLimit?: 'auth' | 'public';
  bodyLimit?: number;
  // a valid body, used by the generic guards and shown in the API docs
  example?: unknown;
  // content types other than JSON this route accepts (JSON Patch, multipart…)
  consumes?: string[];
  // the media types of a success answer that is a file, not JSON (text/csv…): the handler
  // sends the bytes itself and the API document shows a binary string of each type
  produces?: readonly string[];
  // path values for routes whose parameters are not record ids (e.g. a product type)
  paramsExample?: Record<string, string>;
  // conditional writes: If-Match required (428 without it) or honoured when sent
  ifMatch?: 'required' | 'optional';
  // the success answer carries an ETag (and a GET answers 304 to a matching If-None-Match)
  etag?: boolean;
  // accepts an Idempotency-Key header
  idempotencyKey?: boolean;
  // error statuses the handler answers besides the generic ones (a gateway's 502, 503, 504)
  errors?: readonly number[];
  // the form fields of a multipart body, for the API document (a route reads them itself)
  multipartFields?: Record<string, { type: 'string' | 'file'; description: string; required?: boolean }>;
};

// A call about one record of any kind (notes, documents, tags… of a contact): the router
// resolves the kind's definition, checks the feature's permission and that the record exists
// and is visible, before the handler runs (decision 022).
export type RecordRule<S extends Schemas> = {
  feature: EntityFeature;
  capability?: EntityCapability;
  of: (input: RouteInput<S>) => { kind: string; id: string };
};

export type TenantRouteDef<S extends Schemas> = BaseDef<S> & {
  // null: any member may call it
  permission: Permission | readonly Permission[] | null;
  record?: RecordRule<S>;
  // the tenant table whose id the path parameter names; the isolation guard uses it
  table?: string;
  // the handler only reads: a read-only transaction whose COMMIT the answer does not wait for
  readOnly?: boolean;
  handler: (ctx: TenantContext, input: RouteInput<S>) => Promise<Result<S>>;
};
export type UserRouteDef<S extends Schemas> = BaseDef<S> & {
  handler: (ctx: UserContext, input: RouteInput<S>) => Promise<Result<S>>;
};
export type PublicRouteDef<S extends Schemas> = BaseDef<S> & {
  handler: (ctx: { db: Db }, input: RouteInput<S>) => Promise<Result<S>>;
};

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | {
      kind: 'tenant';
      permission: readonly Permission[];
      table?: string;
      record?: { feature: EntityFeature; capability?: EntityCapability };
    };

export type RegisteredRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  schemas: Schemas;
  example?: unknown;
  paramsExample?: Record<string, string>;
  status: number;
  // the media types a request body may have
  consumes: readonly string[];
  // the media types of a file answer (absent: JSON)
  produces?: readonly string[];
  // every status the operation can answer, as declared in the API document
  statuses: readonly number[];
  operationId: string;
  ifMatch?: 'required' | 'optional';
  etag: boolean;
  idempotencyKey: boolean;
  multipartFields?: BaseDef<Schemas>['multipartFields'];
};

export type RouterDeps = {
  database: Database;
  verifier: () => TokenVerifier;
  embeddedIssuer: string | undefined;
  rateLimits: { auth: number; public: number };
};

const JSON_ONLY: readonly string[] = ['application/json'];

// The error statuses an operation can answer, from what it declares (ARCHITECTURE §5: the
// document says what the server does, no more).
function errorStatuses(def: BaseDef<Schemas>, access: RouteAccess, consumes: readonly string[]): number[] {
  const out = new Set<number>();
  const hasBody = def.schemas.body !== undefined || consumes.some((c) => c !== 'application/json');
  const hasInput = hasBody || def.schemas.params || def.schemas.query || def.schemas.headers || access.kind === 'tenant';
  const hasParams = def.url.includes(':');
  const writes = def.method !== 'GET';
  if (hasInput) out.add(400);
  if (access.kind !== 'public') out.add(401);
  if (access.kind === 'tenant') out.add(403);
  // a record rule answers 404 when the record it names (in the path, query or body) does not
  // exist or is another workspace's
  const namesRecord = access.kind === 'tenant' && access.record !== undefined;
  if (hasParams || namesRecord || (access.kind === 'tenant' && hasBody)) out.add(404);
  if (writes && access.kind !== 'public') out.add(409);
  if (def.ifMatch) out.add(412);
  if (hasBody) out.add(413).add(415);
  if (def.idempotencyKey) out.add(422);
  if (def.ifMatch === 'required') out.add(428);
  if (def.rateLimit || access.kind === 'public') out.add(429);
  for (const status of def.errors ?? []) out.add(status);
  return [...out].sort((a, b) => a - b);
}

// getV1CoreActivity, putV1CrmContactsById…: unique because method and path are.
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => (seg.startsWith(':') ? ['by', seg.slice(1)] : seg.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

// The media type of a request with a body, or undefined when it has none.
function bodyMediaType(request: FastifyRequest): string | undefined {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === undefined || length === '0')) return undefined;
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

// The one way to declare an API route: schemas, access rule, handler. Tenant routes run in
// one transaction with app.tenant_id set, after the membership and permission checks.
export class Router {
  readonly routes: RegisteredRoute[] = [];
  // the caller, authenticated in onRequest: before the body is parsed or validated
  private readonly callers = new WeakMap<FastifyRequest, AuthUser>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: RouterDeps,
  ) {}

  get database(): Database {
    return this.deps.database;
  }

  tenant<S extends Schemas>(def: TenantRouteDef<S>): void {
    const permission =
      def.permission === null
        ? []
        : typeof def.permission === 'string'
          ? [def.permission as Permission]
          : [...(def.permission as readonly Permission[])];
    const record = def.record
      ? { feature: def.record.feature, ...(def.record.capability ? { capability: def.record.capability } : {}) }
      : undefined;
    const access: RouteAccess = { kind: 'tenant', permission, ...(def.table ? { table: def.table } : {}), ...(record ? { record } : {}) };
    this.register(def, access, async (request, input) => {
      const user = this.caller(request);
      const tenantId = tenantIdOf(request);
      const headersBefore = new Set(def.readOnly ? Object.keys(input.reply.getHeaders()) : []);
      return inTenantTransaction(
        this.deps.database,
        tenantId,
        user.id,
        async (tx, membership) => {
          if (!membership) throw accessDenied('You are not a member of this workspace');
          if (permission.length > 0 && !permission.some((p) => membership.permissions.has(p))) {
            throw accessDenied(`Requires permission ${permission.join(' or ')}`);
          }
          const ctx: TenantContext = { tenantId, user, db: tx, ...membership };
          if (def.record) await requireRecord(ctx, entityRegistry(this), def.record.of(input), def.record.feature, def.record.capability);
          return def.handler(ctx, input);
        },
        {
          readOnly: def.readOnly ?? false,
          // checked in the tenant entry: a signed-out session is a 401 (decision 002)
          sessionId: user.sessionId,
          // an answer that did not stand (tenancy.ts) leaves no header behind for the next run
          onRetry: () => {
            for (const name of Object.keys(input.reply.getHeaders())) if (!headersBefore.has(name)) input.reply.removeHeader(name);
          },
        },
      );
    });
  }

  user<S extends Schemas>(def: UserRouteDef<S>): void {
    this.register(def, { kind: 'user' }, async (request, input) => {
      return def.handler({ user: this.caller(request), db: this.deps.database.db }, input);
    });
  }

  public<S extends Schemas>(def: PublicRouteDef<S>): void {
    this.register(def, { kind: 'public' }, (_request, input) => def.handler({ db: this.deps.database.db }, input));
  }

  private caller(request: FastifyRequest): AuthUser {
    const user = this.callers.get(request);
    if (!user) throw new AppError(401, 'unauthorized', 'Sign in to continue');
    return user;
  }

  async authenticate(request: FastifyRequest): Promise<AuthUser> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, 'unauthorized', 'Sign in to continue');
    const claims = await this.deps.verifier()(token);
    const user = await resolveUser(this.deps.database.db, claims, this.deps.embeddedIssuer);
    if (!user) throw new AppError(401, 'unauthorized', 'Unknown user');
    return user;
  }

  private register<S extends Schemas>(
    def: BaseDef<S>,
    access: RouteAccess,
    run: (request: FastifyRequest, input: RouteInput<S>) => Promise<unknown>,
  ): void {
    const status = def.status ?? 200;
    const consumes = def.consumes ?? JSON_ONLY;
    // public operations are throttled per address (RATE_LIMIT_PUBLIC) unless they name a stricter limit
    const rateLimit = def.rateLimit ?? (access.kind === 'public' ? 'public' : undefined);
    const errors = errorStatuses(def as BaseDef<Schemas>, access, consumes);
    const operationId = operationIdOf(def.method, def.url);
    this.routes.push({
      method: def.method,
      url: def.url,
      access,
      schemas: def.schemas,
      status,
      consumes,
      statuses: [status, ...(def.etag && def.method === 'GET' ? [304] : []), ...errors],
      operationId,
      etag: def.etag ?? false,
      idempotencyKey: def.idempotencyKey ?? false,
      ...(def.ifMatch ? { ifMatch: def.ifMatch } : {}),
      ...(def.multipartFields ? { multipartFields: def.multipartFields } : {}),
      ...(def.produces ? { produces: def.produces } : {}),
      ...(def.example !== undefined ? { example: def.example } : {}),
      ...(def.paramsExample ? { paramsExample: def.paramsExample } : {}),
    });
    const security = access.kind === 'public' ? [] : [{ bearer: [] }];
    const headers =
      access.kind === 'tenant'
        ? z.looseObject({ 'x-tenant-id': z.uuid({ error: 'tenantRequired' }).describe('Workspace id') })
        : def.schemas.headers;
    const problems = Object.fromEntries(errors.map((code) => [code, problemSchema]));
    this.app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url: def.url,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      config: {
        access,
        ...(rateLimit ? { rateLimit: { max: this.deps.rateLimits[rateLimit], timeWindow: 60_000 } } : {}),
      },
      // who is calling comes first: a bad body from nobody is a 401, not a 400
      onRequest: async (request) => {
        if (access.kind !== 'public') this.callers.set(request, await this.authenticate(request));
        const type = bodyMediaType(request);
        // an upload without a body is a body of the wrong kind too, not a 406 from the parser
        const fileOnly = consumes.length === 1 && consumes[0] === 'multipart/form-data';
        if ((type !== undefined && !consumes.includes(type)) || (type === undefined && fileOnly)) {
          throw new AppError(
            415,
            'unsupportedMediaType',
            `This operation accepts ${consumes.join(' or ')} bodies, not ${type === undefined ? 'an empty one' : type || 'untyped ones'}`,
          );
        }
      },
      // text the database cannot hold is refused naming the field, whatever the route
      preValidation: async (request) => {
        assertStorableInput({ params: request.params, query: request.query, body: request.body });
      },
      schema: {
        summary: def.summary,
        operationId,
        tags: def.tags,
        security,
        ...(def.consumes ? { consumes: def.consumes } : {}),
        ...(def.schemas.params ? { params: def.schemas.params } : {}),
        ...(def.schemas.query ? { querystring: def.schemas.query } : {}),
        ...(def.schemas.body ? { body: def.schemas.body } : {}),
        ...(headers ? { headers } : {}),
        response: {
          [status]: status === 204 ? z.null().describe('No content') : (def.schemas.response ?? z.unknown()),
          ...problems,
        },
      },
      handler: async (request, reply) => {
        const input = {
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
        } as RouteInput<S>;
        const result = await run(request, input);
        const raw = reply as unknown as FastifyReply;
        if (raw.sent) return raw;
        if (status === 204) return raw.status(204).send();
        return raw.status(status).send(result);
      },
    });
  }
}

const UUID = z.uuid();

function tenantIdOf(request: FastifyRequest): string {
  const raw = request.headers['x-tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !UUID.safeParse(value).success) {
    throw new AppError(400, 'tenantRequired', 'The X-Tenant-Id header must name a workspace', [
      { field: 'X-Tenant-Id', code: 'tenantRequired', message: 'X-Tenant-Id must be a workspace id' },
    ]);
  }
  return value;
}
