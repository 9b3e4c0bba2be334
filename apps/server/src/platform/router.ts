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
import { enterTenant, resolveUser } from './tenancy';

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
  // path values for routes whose parameters are not record ids (e.g. a product type)
  paramsExample?: Record<string, string>;
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
};

export type RouterDeps = {
  database: Database;
  verifier: () => TokenVerifier;
  embeddedIssuer: string | undefined;
  rateLimits: { auth: number; public: number };
};

const PROBLEM_RESPONSES = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  412: problemSchema,
  422: problemSchema,
  428: problemSchema,
  429: problemSchema,
};

// The one way to declare an API route: schemas, access rule, handler. Tenant routes run in
// one transaction with app.tenant_id set, after the membership and permission checks.
export class Router {
  readonly routes: RegisteredRoute[] = [];
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
      const user = await this.authenticate(request);
      const tenantId = tenantIdOf(request);
      return this.deps.database.db.transaction(async (tx) => {
        const membership = await enterTenant(tx, tenantId, user.id);
        if (!membership) throw accessDenied('You are not a member of this workspace');
        if (permission.length > 0 && !permission.some((p) => membership.permissions.has(p))) {
          throw accessDenied(`Requires permission ${permission.join(' or ')}`);
        }
        const ctx: TenantContext = { tenantId, user, db: tx, ...membership };
        if (def.record) await requireRecord(ctx, entityRegistry(this), def.record.of(input), def.record.feature, def.record.capability);
        return def.handler(ctx, input);
      });
    });
  }

  user<S extends Schemas>(def: UserRouteDef<S>): void {
    this.register(def, { kind: 'user' }, async (request, input) => {
      const user = await this.authenticate(request);
      return def.handler({ user, db: this.deps.database.db }, input);
    });
  }

  public<S extends Schemas>(def: PublicRouteDef<S>): void {
    this.register(def, { kind: 'public' }, (_request, input) => def.handler({ db: this.deps.database.db }, input));
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
    this.routes.push({
      method: def.method,
      url: def.url,
      access,
      schemas: def.schemas,
      status,
      ...(def.example !== undefined ? { example: def.example } : {}),
      ...(def.paramsExample ? { paramsExample: def.paramsExample } : {}),
    });
    const security = access.kind === 'public' ? [] : [{ bearer: [] }];
    const headers =
      access.kind === 'tenant'
        ? z.looseObject({ 'x-tenant-id': z.uuid({ error: 'tenantRequired' }).describe('Workspace id') })
        : def.schemas.headers;
    this.app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url: def.url,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      config: {
        access,
        ...(def.rateLimit ? { rateLimit: { max: this.deps.rateLimits[def.rateLimit], timeWindow: 60_000 } } : {}),
      },
      schema: {
        summary: def.summary,
        tags: def.tags,
        security,
        ...(def.consumes ? { consumes: def.consumes } : {}),
        ...(def.schemas.params ? { params: def.schemas.params } : {}),
        ...(def.schemas.query ? { querystring: def.schemas.query } : {}),
        ...(def.schemas.body ? { body: def.schemas.body } : {}),
        ...(headers ? { headers } : {}),
        response: {
          [status]: status === 204 ? z.null().describe('No content') : (def.schemas.response ?? z.unknown()),
          ...PROBLEM_RESPONSES,
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
