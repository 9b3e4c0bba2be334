import { checkOutSchema, DASHBOARD_WIDGETS, myResourcesSchema, resourceEntity } from '@atrium/domain';
import { z } from 'zod';
import { etagOf } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { checkIn, checkOut, myResources, type ResourceDeps } from './resources.service';

// The asset catalogue's calls beyond the engine's: check-out and check-in of assignable items
// (spec §4), and the "my resources" dashboard widget (Dashboard.ViewMyResources).
export function registerResourceRoutes(router: Router, deps: ResourceDeps): void {
  const params = z.object({ id: z.uuid() });
  const row = resourceEntity.schemas.row;
  router.tenant({
    method: 'POST',
    url: `${resourceEntity.basePath}/:id/check-out`,
    summary:
      'Check an assignable item out to a workspace member (the caller when holderId is left out), from now on; 409 notAssignable when its type is None or Bookable, 409 alreadyCheckedOut when someone holds it',
    tags: ['Resource'],
    permission: resourceEntity.permissions.manage,
    table: deps.kinds.resource.tableName,
    schemas: { params, body: checkOutSchema, response: row },
    example: {},
    etag: true,
    handler: async (ctx, { params: p, body, reply }) => {
      const result = await checkOut(ctx, deps, p.id, body);
      reply.header('etag', etagOf(Number(result.version)));
      return result;
    },
  });
  router.tenant({
    method: 'POST',
    url: `${resourceEntity.basePath}/:id/check-in`,
    summary: 'Check an item in: nobody holds it any more; 409 notCheckedOut when nobody did',
    tags: ['Resource'],
    permission: resourceEntity.permissions.manage,
    table: deps.kinds.resource.tableName,
    schemas: { params, response: row },
    etag: true,
    handler: async (ctx, { params: p, reply }) => {
      const result = await checkIn(ctx, deps, p.id);
      reply.header('etag', etagOf(Number(result.version)));
      return result;
    },
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-resources',
    summary: 'The items checked out to me, held longest first',
    tags: ['Dashboard'],
    permission: DASHBOARD_WIDGETS.myResources,
    readOnly: true,
    schemas: { response: myResourcesSchema },
    handler: (ctx) => myResources(ctx),
  });
}
