import {
  floorMapWriteSchema,
  shapeCentre,
  shapeInsideImage,
  type FloorMap,
  type FloorMapCreate,
  type FloorMapList,
  type FloorMapStates,
  type FloorMapWrite,
  type MapPoint,
  type ResourceFloorMaps,
  type ProblemField,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { checkIfMatch, type EntityRow } from '../../platform/entity';
import { requirePlanFeature } from '../../platform/plan-features';
import * as repo from './floor-maps.repository';
import { PLAN_IMAGE_LIMIT, scalePlacements, sniffPlanImage } from './floor-maps.util';

// Floor maps (issue 21, decision 092): one document per floor of a location, read and saved
// whole under its version. Editing needs Resource.ManageResourceLocations (the route) and the
// plan's location map (Plan.LocationMap).
const requireLocationMap = (ctx: TenantContext): void => requirePlanFeature(ctx, 'Plan.LocationMap', 'Floor maps');

export async function listFloorMaps(ctx: TenantContext, locationId: string): Promise<FloorMapList> {
  if (!(await repo.liveLocation(ctx, locationId))) throw notFound('Location');
  return { data: await repo.listFloorMaps(ctx, locationId) };
}

export async function getFloorMap(ctx: TenantContext, id: string): Promise<FloorMap> {
  const summary = await repo.floorMapSummary(ctx, id);
  if (!summary) throw notFound('Floor map');
  return { ...summary, placements: await repo.placementsOf(ctx, id) };
}

export async function createFloorMap(ctx: TenantContext, body: FloorMapCreate): Promise<FloorMap> {
  requireLocationMap(ctx);
  if (!(await repo.liveLocation(ctx, body.locationId)))
    throw fieldError('locationId', 'notFound', 'locationId names no location of this workspace');
  const id = await repo.insertFloorMap(ctx, { ...body, levelOrder: body.levelOrder ?? 0 });
  return getFloorMap(ctx, id);
}

async function lockForWrite(ctx: TenantContext, id: string, ifMatch: string | string[] | undefined, required: boolean) {
  requireLocationMap(ctx);
  const locked = await repo.lockFloorMap(ctx, id);
  if (!locked) throw notFound('Floor map');
  checkIfMatch(ifMatch, locked.version, required);
  return locked;
}

// Save the whole floor: every placement names a live resource of the map's location, once, with
// a shape inside the plan image. Any refusal names each wrong placement and writes nothing.
export async function saveFloorMap(
  ctx: TenantContext,
  id: string,
  input: FloorMapWrite,
  ifMatch: string | string[] | undefined,
): Promise<FloorMap> {
  const locked = await lockForWrite(ctx, id, ifMatch, true);
  const body = floorMapWriteSchema.parse(input);
  const locations = await repo.resourceLocations(
    ctx,
    body.placements.map((p) => p.resourceId),
  );
  const seen = new Set<string>();
  const errors: ProblemField[] = [];
  body.placements.forEach((p, i) => {
    const at = `placements.${i}`;
    if (seen.has(p.resourceId))
      errors.push({ field: `${at}.resourceId`, code: 'duplicateKey', message: 'This resource is already placed on this map' });
    seen.add(p.resourceId);
    if (!locations.has(p.resourceId))
      errors.push({ field: `${at}.resourceId`, code: 'notFound', message: 'names no resource of this workspace' });
    else if (locations.get(p.resourceId) !== locked.locationId)
      errors.push({
        field: `${at}.resourceId`,
        code: 'otherLocation',
        message: "This resource belongs to another location than the map's",
      });
    if (locked.imageWidth === null || locked.imageHeight === null)
      errors.push({ field: `${at}.shape`, code: 'outsideImage', message: 'Upload the plan image before placing resources' });
    else if (!shapeInsideImage(p.shape, p.rotation, locked.imageWidth, locked.imageHeight))
      errors.push({
        field: `${at}.shape`,
        code: 'outsideImage',
        message: `must lie within the plan image (${locked.imageWidth} × ${locked.imageHeight} pixels)`,
      });
  });
  if (errors.length > 0) throw new AppError(400, 'validation', `placements: ${errors[0]!.field} ${errors[0]!.message}`, errors);
  await repo.updateFloorMap(ctx, id, body);
  await repo.replacePlacements(ctx, id, body.placements);
  return getFloorMap(ctx, id);
}

export async function deleteFloorMap(ctx: TenantContext, id: string, ifMatch: string | string[] | undefined): Promise<void> {
  await lockForWrite(ctx, id, ifMatch, false);
  await repo.deleteFloorMap(ctx, id);
}

// A new plan image (PNG, JPEG or SVG by its bytes, at most 5 MB): the placed shapes scale with
// it, so a sharper scan of the same plan keeps every desk where it was.
export async function replacePlanImage(
  ctx: TenantContext,
  id: string,
  data: Buffer,
  ifMatch: string | string[] | undefined,
): Promise<FloorMap> {
  const locked = await lockForWrite(ctx, id, ifMatch, false);
  if (data.length === 0) throw fieldError('file', 'emptyFile', 'file is empty');
  if (data.length > PLAN_IMAGE_LIMIT) throw fieldError('file', 'imageSize', 'The plan image may be at most 5 MB', 413);
  const sniffed = sniffPlanImage(data);
  if (!sniffed.ok) throw fieldError('file', 'imageType', sniffed.message, 415);
  const { image } = sniffed;
  const current = (await repo.placementsOf(ctx, id)).map((p) => ({ ...p, label: p.label ?? null }));
  const placements =
    locked.imageWidth && locked.imageHeight
      ? scalePlacements(current, image.width / locked.imageWidth, image.height / locked.imageHeight)
      : current;
  await repo.setImage(ctx, id, image, data, placements);
  return getFloorMap(ctx, id);
}

export async function planImage(ctx: TenantContext, id: string): Promise<{ contentType: string; data: Buffer; version: number }> {
  const image = await repo.imageOf(ctx, id);
  if (!image) throw notFound('Plan image');
  return image;
}

// What another module knows about the resources on a map right now (bookings: booked, checked
// in). The composition root wires it in; resources never import the module that answers.
export type MapBookingState = { state: 'held' | 'booked' | 'checkedIn'; bookerName: string | null; until: string };
export type MapBookingStates = (ctx: TenantContext, resourceIds: readonly string[]) => Promise<ReadonlyMap<string, MapBookingState>>;
export type FloorMapDeps = { bookingStates?: MapBookingStates };

// Out of service and checked out (an item someone holds) come first; then a booking's state.
export async function floorMapStates(ctx: TenantContext, deps: FloorMapDeps, id: string): Promise<FloorMapStates> {
  if (!(await repo.floorMapSummary(ctx, id))) throw notFound('Floor map');
  const stored = await repo.statesOf(ctx, id);
  const booked = deps.bookingStates
    ? await deps.bookingStates(
        ctx,
        stored.filter((s) => s.state === 'free').map((s) => s.resourceId),
      )
    : new Map<string, MapBookingState>();
  return {
    data: stored.map((s) => {
      const b = booked.get(s.resourceId);
      return b ? { ...s, state: b.state, bookerName: b.bookerName, bookedUntil: b.until } : { ...s, bookerName: null, bookedUntil: null };
    }),
  };
}

export async function floorMapsOfResource(ctx: TenantContext, resourceId: string): Promise<ResourceFloorMaps> {
  if (!(await repo.liveResource(ctx, resourceId))) throw notFound('Resource');
  return { data: await repo.floorMapsOfResource(ctx, resourceId) };
}

// For find-times "near a map point" (bookings ask through the composition root): where each
// resource placed on a floor map sits (its shape's centre); undefined for no such floor map.
export async function placementCentres(ctx: TenantContext, floorMapId: string): Promise<ReadonlyMap<string, MapPoint> | undefined> {
  if (!(await repo.floorMapSummary(ctx, floorMapId))) return undefined;
  return new Map((await repo.placementsOf(ctx, floorMapId)).map((p) => [p.resourceId, shapeCentre(p.shape)]));
}

// No dangling placements: a resource deleted leaves every map, one moved to another location
// (or to none) leaves the maps of the one it left.
export const resourceLeftMaps = (ctx: TenantContext, row: EntityRow): Promise<void> => repo.removePlacements(ctx, [String(row.id)]);

export async function resourceMoved(ctx: TenantContext, row: EntityRow, before: EntityRow): Promise<void> {
  if ((row.locationId ?? null) === (before.locationId ?? null)) return;
  await repo.removePlacementsElsewhere(ctx, String(row.id), typeof row.locationId === 'string' ? row.locationId : null);
}
