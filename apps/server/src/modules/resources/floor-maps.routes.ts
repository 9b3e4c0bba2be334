import {
  FILE_SIZE_LIMITS,
  FLOOR_MAP_IMAGE_TYPES,
  floorMapCreateSchema,
  floorMapListSchema,
  floorMapSchema,
  floorMapStatesSchema,
  floorMapWriteSchema,
  locationEntity,
  resourceEntity,
  resourceFloorMapsSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { etagOf } from '../../platform/entity';
import { fieldError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import * as floorMaps from './floor-maps.service';

export const FLOOR_MAPS_PATH = '/api/v1/floor-maps';
export const FLOOR_MAPS_TABLE = 'floor_maps';

const params = z.object({ id: z.uuid() });
const tags = ['Floor map'];
const view = resourceEntity.permissions.view;
// editing a floor needs the location permission here and the plan's location map in the service
const manage = locationEntity.permissions.manage;

// Floor maps (issue 21, decision 092): per location and level, one document saved whole with
// If-Match, its plan image uploaded on its own call, and the placed resources' live states.
export function registerFloorMapRoutes(router: Router, deps: floorMaps.FloorMapDeps = {}): void {
  router.tenant({
    method: 'GET',
    url: `${locationEntity.basePath}/:id/floor-maps`,
    summary: "A location's floor maps, lowest level first",
    tags,
    permission: view,
    table: 'locations',
    readOnly: true,
    schemas: { params, response: floorMapListSchema },
    handler: (ctx, { params: p }) => floorMaps.listFloorMaps(ctx, p.id),
  });
  router.tenant({
    method: 'POST',
    url: FLOOR_MAPS_PATH,
    summary: 'Add a floor map to a location (Plan.LocationMap)',
    tags,
    permission: manage,
    status: 201,
    schemas: { body: floorMapCreateSchema, response: floorMapSchema },
    example: { locationId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11', name: 'Ground floor', level: 'Ground floor', levelOrder: 0 },
    etag: true,
    handler: async (ctx, { body, reply }) => {
      const map = await floorMaps.createFloorMap(ctx, body);
      reply.header('etag', etagOf(map.version));
      return map;
    },
  });
  router.tenant({
    method: 'GET',
    url: `${FLOOR_MAPS_PATH}/:id`,
    summary: 'A floor map: its level, plan image and placed resources',
    tags,
    permission: view,
    table: FLOOR_MAPS_TABLE,
    readOnly: true,
    etag: true,
    schemas: { params, response: floorMapSchema },
    handler: async (ctx, { params: p, reply }) => {
      const map = await floorMaps.getFloorMap(ctx, p.id);
      reply.header('etag', etagOf(map.version));
      return map;
    },
  });
  router.tenant({
    method: 'PUT',
    url: `${FLOOR_MAPS_PATH}/:id`,
    summary:
      'Save a floor map whole: name, level and every placed resource (If-Match required; 412 when someone saved it meanwhile). Plan.LocationMap',
    tags,
    permission: manage,
    table: FLOOR_MAPS_TABLE,
    schemas: { params, body: floorMapWriteSchema, response: floorMapSchema },
    example: { name: 'Ground floor', level: 'Ground floor', levelOrder: 0, placements: [] },
    etag: true,
    ifMatch: 'required',
    handler: async (ctx, { params: p, body, request, reply }) => {
      const map = await floorMaps.saveFloorMap(ctx, p.id, body, request.headers['if-match']);
      reply.header('etag', etagOf(map.version));
      return map;
    },
  });
  router.tenant({
    method: 'DELETE',
    url: `${FLOOR_MAPS_PATH}/:id`,
    summary: 'Delete a floor map with its plan and placements (If-Match honoured). Plan.LocationMap',
    tags,
    permission: manage,
    table: FLOOR_MAPS_TABLE,
    status: 204,
    ifMatch: 'optional',
    schemas: { params },
    handler: (ctx, { params: p, request }) => floorMaps.deleteFloorMap(ctx, p.id, request.headers['if-match']),
  });
  router.tenant({
    method: 'PUT',
    url: `${FLOOR_MAPS_PATH}/:id/image`,
    summary:
      'Upload the plan image (multipart field "file": PNG, JPEG or SVG by its content, at most 5 MB; an SVG without scripts; a PDF is 415 — the web app draws its first page as a PNG and uploads that); placed shapes scale with a new size (If-Match honoured). Plan.LocationMap',
    tags,
    permission: manage,
    table: FLOOR_MAPS_TABLE,
    consumes: ['multipart/form-data'],
    multipartFields: { file: { type: 'file', description: 'PNG, JPEG or SVG, at most 5 MB', required: true } },
    etag: true,
    ifMatch: 'optional',
    schemas: { params, response: floorMapSchema },
    handler: async (ctx, { params: p, request, reply }) => {
      if (!request.isMultipart()) throw fieldError('file', 'required', 'file is required (multipart/form-data)');
      const file = await request.file({ limits: { fileSize: FILE_SIZE_LIMITS.image, files: 1 } });
      if (!file) throw fieldError('file', 'required', 'file is required');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'imageSize', 'The plan image may be at most 5 MB', 413);
        throw err;
      });
      const map = await floorMaps.replacePlanImage(ctx, p.id, data, request.headers['if-match']);
      reply.header('etag', etagOf(map.version));
      return map;
    },
  });
  router.tenant({
    method: 'GET',
    url: `${FLOOR_MAPS_PATH}/:id/image`,
    summary: "The floor map's plan image (an SVG is served sandboxed: it cannot run script)",
    tags,
    permission: view,
    table: FLOOR_MAPS_TABLE,
    readOnly: true,
    etag: true,
    produces: FLOOR_MAP_IMAGE_TYPES,
    schemas: { params },
    handler: async (ctx, { params: p, reply }) => {
      const image = await floorMaps.planImage(ctx, p.id);
      await reply
        .header('etag', etagOf(image.version))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', 'inline; filename="plan"')
        .type(image.contentType)
        .send(image.data);
    },
  });
  router.tenant({
    method: 'GET',
    url: `${resourceEntity.basePath}/:id/floor-maps`,
    summary: 'The floor maps a resource is placed on, lowest level first',
    tags,
    permission: view,
    table: 'resources',
    readOnly: true,
    schemas: { params, response: resourceFloorMapsSchema },
    handler: (ctx, { params: p }) => floorMaps.floorMapsOfResource(ctx, p.id),
  });
  router.tenant({
    method: 'GET',
    url: `${FLOOR_MAPS_PATH}/:id/states`,
    summary: 'The live states of the resources placed on a floor map: free, booked, checked in, checked out or out of service',
    tags,
    permission: view,
    table: FLOOR_MAPS_TABLE,
    readOnly: true,
    schemas: { params, response: floorMapStatesSchema },
    handler: (ctx, { params: p }) => floorMaps.floorMapStates(ctx, deps, p.id),
  });
}
