import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from '../../platform/table-helpers';
import { locations, resources } from './resources.table';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
// the keys the maps point at (an engine table's columns are typed loosely)
const locationKey = locations as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };
const resourceKey = resources as unknown as { tenantId: AnyPgColumn; id: AnyPgColumn };

// A floor of a location (decision 092): one document, saved whole under its version. It goes
// with its location (when the location leaves the recycle bin for good).
export const floorMaps = pgTable(
  'floor_maps',
  {
    ...tenantColumns(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    levelOrder: integer('level_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    imageContentType: text('image_content_type'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageSize: integer('image_size'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locationKey.tenantId, locationKey.id],
      name: 'floor_maps_location_fk',
    }).onDelete('cascade'),
    index('floor_maps_location_idx').on(t.tenantId, t.locationId, t.levelOrder),
    check('floor_maps_name_check', sql`length(${t.name}) between 1 and 100`),
  ],
);

// The plan image's bytes, apart from the document so a list never reads them.
export const floorMapImages = pgTable(
  'floor_map_images',
  {
    tenantId: uuid('tenant_id').notNull(),
    floorMapId: uuid('floor_map_id').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.floorMapId] }),
    foreignKey({
      columns: [t.tenantId, t.floorMapId],
      foreignColumns: [floorMaps.tenantId, floorMaps.id],
      name: 'floor_map_images_map_fk',
    }).onDelete('cascade'),
  ],
);

// A resource placed on a floor: once per map (the key); it goes with the resource and the map.
export const floorMapPlacements = pgTable(
  'floor_map_placements',
  {
    tenantId: uuid('tenant_id').notNull(),
    floorMapId: uuid('floor_map_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    position: integer('position').notNull(),
    shape: jsonb('shape').notNull(),
    rotation: real('rotation').notNull().default(0),
    label: text('label'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.floorMapId, t.resourceId] }),
    foreignKey({
      columns: [t.tenantId, t.floorMapId],
      foreignColumns: [floorMaps.tenantId, floorMaps.id],
      name: 'floor_map_placements_map_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.resourceId],
      foreignColumns: [resourceKey.tenantId, resourceKey.id],
      name: 'floor_map_placements_resource_fk',
    }).onDelete('cascade'),
    index('floor_map_placements_resource_idx').on(t.tenantId, t.resourceId),
  ],
);
