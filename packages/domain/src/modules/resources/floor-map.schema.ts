import { z } from 'zod';
import { FLOOR_MAP_IMAGE_TYPES, RESOURCE_MAP_STATES } from './resources.enumerations';

// A floor map (issue 21, decision 092): one document per floor of a location — its level, the plan
// image and the resources placed on it, each as a shape in the image's pixel coordinates.
const coordinate = z.number({ error: 'validation' }).finite({ error: 'validation' });
export const mapPointSchema = z.strictObject({ x: coordinate, y: coordinate });
export type MapPoint = z.infer<typeof mapPointSchema>;

export const MAX_POLYGON_POINTS = 100;
export const MAX_PLACEMENTS = 2000;

export const mapShapeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('point'), x: coordinate, y: coordinate }),
  z.strictObject({
    kind: z.literal('rect'),
    x: coordinate,
    y: coordinate,
    width: z.number({ error: 'validation' }).positive({ error: 'validation' }).finite({ error: 'validation' }),
    height: z.number({ error: 'validation' }).positive({ error: 'validation' }).finite({ error: 'validation' }),
  }),
  z.strictObject({
    kind: z.literal('polygon'),
    points: z.array(mapPointSchema).min(3, { error: 'minimumItems' }).max(MAX_POLYGON_POINTS, { error: 'maxItems' }),
  }),
]);
export type MapShape = z.infer<typeof mapShapeSchema>;

// A resource on the map: its shape, turned by `rotation` degrees clockwise about the shape's
// centre, and an optional label drawn instead of the resource's title.
export const floorMapPlacementSchema = z.strictObject({
  resourceId: z.uuid({ error: 'validation' }),
  shape: mapShapeSchema,
  rotation: z.number({ error: 'validation' }).min(-360, { error: 'validation' }).max(360, { error: 'validation' }).default(0),
  label: z.string({ error: 'validation' }).trim().max(60, { error: 'maxLength' }).nullable().default(null),
});
export type FloorMapPlacement = z.infer<typeof floorMapPlacementSchema>;

const name = z.string({ error: 'validation' }).trim().min(1, { error: 'required' }).max(100, { error: 'maxLength' });
const level = z.string({ error: 'validation' }).trim().min(1, { error: 'required' }).max(60, { error: 'maxLength' });
// the order of the floors in the picker (0 ground floor, -1 basement, 1 first floor…)
const levelOrder = z
  .number({ error: 'validation' })
  .int({ error: 'validation' })
  .min(-50, { error: 'validation' })
  .max(300, { error: 'validation' });

export const floorMapCreateSchema = z.strictObject({
  locationId: z.uuid({ error: 'validation' }),
  name,
  level,
  levelOrder: levelOrder.default(0),
});
export type FloorMapCreate = z.input<typeof floorMapCreateSchema>;

// The whole document, saved at once (If-Match); the image is uploaded on its own call.
export const floorMapWriteSchema = z.strictObject({
  name,
  level,
  levelOrder,
  placements: z.array(floorMapPlacementSchema).max(MAX_PLACEMENTS, { error: 'maxItems' }).meta({
    description:
      'Rules: `notFound` on placements.N.resourceId for a resource this workspace does not hold, `otherLocation` for one of another location, `duplicateKey` for a resource placed twice, `outsideImage` on placements.N.shape for a shape reaching past the plan image (or any shape before a plan is uploaded).',
  }),
});
export type FloorMapWrite = z.input<typeof floorMapWriteSchema>;

export const floorMapImageSchema = z.object({
  contentType: z.enum(FLOOR_MAP_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type FloorMapImage = z.infer<typeof floorMapImageSchema>;

export const floorMapSummarySchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  name: z.string(),
  level: z.string(),
  levelOrder: z.number().int(),
  image: floorMapImageSchema.nullable(),
  placementCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type FloorMapSummary = z.infer<typeof floorMapSummarySchema>;

export const floorMapSchema = floorMapSummarySchema.extend({
  placements: z.array(
    z.object({
      resourceId: z.uuid(),
      shape: mapShapeSchema,
      rotation: z.number(),
      label: z.string().nullable(),
    }),
  ),
});
export type FloorMap = z.infer<typeof floorMapSchema>;

export const floorMapListSchema = z.object({ data: z.array(floorMapSummarySchema) });
export type FloorMapList = z.infer<typeof floorMapListSchema>;

// The live map's states of the resources placed on a floor (not part of the document: a
// check-out changes them without a new version of the map).
export const resourceMapStateSchema = z.object({
  resourceId: z.uuid(),
  title: z.string(),
  resourceTypeTitle: z.string().nullable(),
  state: z.enum(RESOURCE_MAP_STATES),
  holderName: z.string().nullable(),
  // booked or checked in: who booked it, and until when
  bookerName: z.string().nullable(),
  bookedUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type ResourceMapState = z.infer<typeof resourceMapStateSchema>;
export const floorMapStatesSchema = z.object({ data: z.array(resourceMapStateSchema) });
export type FloorMapStates = z.infer<typeof floorMapStatesSchema>;

// A shape's centre (a turn about it leaves it in place): where "near" measures from.
export function shapeCentre(shape: MapShape): MapPoint {
  if (shape.kind === 'point') return { x: shape.x, y: shape.y };
  if (shape.kind === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  const n = shape.points.length;
  return { x: shape.points.reduce((s, p) => s + p.x, 0) / n, y: shape.points.reduce((s, p) => s + p.y, 0) / n };
}

// Whether a shape lies within an image of this size, once turned about its centre.
export function shapeCorners(shape: MapShape, rotation: number): MapPoint[] {
  const pts: MapPoint[] =
    shape.kind === 'point'
      ? [{ x: shape.x, y: shape.y }]
      : shape.kind === 'rect'
        ? [
            { x: shape.x, y: shape.y },
            { x: shape.x + shape.width, y: shape.y },
            { x: shape.x + shape.width, y: shape.y + shape.height },
            { x: shape.x, y: shape.y + shape.height },
          ]
        : shape.points;
  if (rotation % 360 === 0 || pts.length === 1) return pts;
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  const a = (rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return pts.map((p) => ({ x: cx + (p.x - cx) * cos - (p.y - cy) * sin, y: cy + (p.x - cx) * sin + (p.y - cy) * cos }));
}

// half a pixel of slack for rounding after a rotation
export const shapeInsideImage = (shape: MapShape, rotation: number, width: number, height: number): boolean =>
  shapeCorners(shape, rotation).every((p) => p.x >= -0.5 && p.y >= -0.5 && p.x <= width + 0.5 && p.y <= height + 0.5);

// The floors a resource is placed on (its record page links to them).
export const resourceFloorMapsSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), name: z.string(), level: z.string(), locationId: z.uuid() })),
});
export type ResourceFloorMaps = z.infer<typeof resourceFloorMapsSchema>;
