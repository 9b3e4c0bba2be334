import { myTenantSchema, slugSchema, tenantRegisterSchema, tenantSchema } from '@atrium/domain';
import { z } from 'zod';
import { entityRegistry } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as tenantsService from './tenants.service';

export function registerTenantRoutes(router: Router) {
  router.user({
    method: 'POST',
    url: '/api/v1/admin/tenants',
    summary: 'Register a workspace; the caller becomes its admin',
    tags: ['admin'],
    status: 201,
    example: { name: 'Acme', slug: 'acme-example', domainSignUp: false },
    schemas: { body: tenantRegisterSchema, response: myTenantSchema },
    handler: (ctx, { body }) => tenantsService.register(ctx, body, { kinds: entityRegistry(router) }),
  });
  router.user({
    method: 'GET',
    url: '/api/v1/admin/tenants',
    summary: 'My workspaces',
    tags: ['admin'],
    schemas: { response: z.array(myTenantSchema) },
    handler: (ctx) => tenantsService.listMine(ctx),
  });
  router.user({
    method: 'GET',
    url: '/api/v1/admin/tenants/slug-available',
    summary: 'Whether a workspace slug is free',
    tags: ['admin'],
    schemas: { query: z.strictObject({ slug: slugSchema }), response: z.object({ available: z.boolean() }) },
    handler: async (ctx, { query }) => ({ available: await tenantsService.slugAvailable(ctx, query.slug) }),
  });
  router.user({
    method: 'GET',
    url: '/api/v1/admin/tenants/recommended',
    summary: 'Workspaces open to my e-mail domain',
    tags: ['admin'],
    schemas: { response: z.array(tenantSchema) },
    handler: (ctx) => tenantsService.recommended(ctx),
  });
  router.user({
    method: 'POST',
    url: '/api/v1/admin/tenants/:id/join',
    summary: 'Join a recommended workspace',
    tags: ['admin'],
    status: 201,
    schemas: { params: z.strictObject({ id: z.uuid() }), response: myTenantSchema },
    handler: (ctx, { params }) => tenantsService.join(ctx, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/tenants/:id',
    summary: 'The current workspace',
    tags: ['admin'],
    permission: null,
    table: 'tenants',
    schemas: { params: z.strictObject({ id: z.uuid() }), response: tenantSchema },
    handler: (ctx, { params }) => tenantsService.get(ctx, params.id),
  });
}
