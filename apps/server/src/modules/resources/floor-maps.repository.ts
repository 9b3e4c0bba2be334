import type { FloorMap, FloorMapImage, FloorMapPlacement, FloorMapSummary, ResourceFloorMaps, ResourceMapState } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { TenantContext, TenantScope } from '../../platform/context';

// A map counts while its location is live (not in the recycle bin); a placement while its resource is.
const SUMMARY = sql`
  m.id, m.location_id as "locationId", m.name, m.level, m.level_order as "levelOrder", m.version,
  to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
  m.image_content_type as "imageContentType", m.image_width as "imageWidth", m.image_height as "imageHeight",
  m.image_size as "imageSize",
  (select count(*)::int from floor_map_placements p join resources r on r.tenant_id = p.tenant_id and r.id = p.resource_id
    and r.deleted_at is null where p.tenant_id = m.tenant_id and p.floor_map_id = m.id) as "placementCount"`;

type SummaryRow = Omit<FloorMapSummary, 'image'> & {
  imageContentType: FloorMapImage['contentType'] | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageSize: number | null;
};

const summaryOf = ({ imageContentType, imageWidth, imageHeight, imageSize, ...r }: SummaryRow): FloorMapSummary => ({
  ...r,
  image:
    imageContentType && imageWidth && imageHeight
      ? { contentType: imageContentType, width: imageWidth, height: imageHeight, size: imageSize ?? 0 }
      : null,
});

export async function liveLocation(ctx: TenantScope, locationId: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`
    select 1 from locations where tenant_id = ${ctx.tenantId} and id = ${locationId} and deleted_at is null`);
  return res.rows.length > 0;
}

export async function listFloorMaps(ctx: TenantScope, locationId: string): Promise<FloorMapSummary[]> {
  const res = await ctx.db.execute<SummaryRow>(sql`
    select ${SUMMARY} from floor_maps m
    where m.tenant_id = ${ctx.tenantId} and m.location_id = ${locationId}
    order by m.level_order, lower(m.name), m.id`);
  return res.rows.map(summaryOf);
}

export async function floorMapSummary(ctx: TenantScope, id: string): Promise<FloorMapSummary | undefined> {
  const res = await ctx.db.execute<SummaryRow>(sql`
    select ${SUMMARY} from floor_maps m
    join locations l on l.tenant_id = m.tenant_id and l.id = m.location_id and l.deleted_at is null
    where m.tenant_id = ${ctx.tenantId} and m.id = ${id}`);
  const row = res.rows[0];
  return row ? summaryOf(row) : undefined;
}

export async function placementsOf(ctx: TenantScope, id: string): Promise<FloorMap['placements']> {
  const res = await ctx.db.execute<FloorMap['placements'][number]>(sql`
    select p.resource_id as "resourceId", p.shape, p.rotation, p.label
    from floor_map_placements p
    join resources r on r.tenant_id = p.tenant_id and r.id = p.resource_id and r.deleted_at is null
    where p.tenant_id = ${ctx.tenantId} and p.floor_map_id = ${id}
    order by p.position`);
  return res.rows;
}

export type LockedFloorMap = { version: number; locationId: string; imageWidth: number | null; imageHeight: number | null };

// The map locked for a write: two saves of one floor run one after the other, the second sees
// the first's version.
export async function lockFloorMap(ctx: TenantScope, id: string): Promise<LockedFloorMap | undefined> {
  const res = await ctx.db.execute<LockedFloorMap>(sql`
    select m.version, m.location_id as "locationId", m.image_width as "imageWidth", m.image_height as "imageHeight"
    from floor_maps m
    join locations l on l.tenant_id = m.tenant_id and l.id = m.location_id and l.deleted_at is null
    where m.tenant_id = ${ctx.tenantId} and m.id = ${id}
    for update of m`);
  return res.rows[0];
}

export async function insertFloorMap(
  ctx: TenantScope,
  values: { locationId: string; name: string; level: string; levelOrder: number },
): Promise<string> {
  const res = await ctx.db.execute<{ id: string }>(sql`
    insert into floor_maps (tenant_id, location_id, name, level, level_order)
    values (${ctx.tenantId}, ${values.locationId}, ${values.name}, ${values.level}, ${values.levelOrder})
    returning id`);
  return res.rows[0]!.id;
}

export async function updateFloorMap(
  ctx: TenantScope,
  id: string,
  values: { name: string; level: string; levelOrder: number },
): Promise<void> {
  await ctx.db.execute(sql`
    update floor_maps set name = ${values.name}, level = ${values.level}, level_order = ${values.levelOrder},
      version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function replacePlacements(ctx: TenantScope, id: string, placements: readonly FloorMapPlacement[]): Promise<void> {
  await ctx.db.execute(sql`delete from floor_map_placements where tenant_id = ${ctx.tenantId} and floor_map_id = ${id}`);
  if (placements.length === 0) return;
  await ctx.db.execute(sql`
    insert into floor_map_placements (tenant_id, floor_map_id, resource_id, position, shape, rotation, label)
    select ${ctx.tenantId}, ${id}, (p->>'resourceId')::uuid, (ord - 1)::int, p->'shape', (p->>'rotation')::real, p->>'label'
    from jsonb_array_elements(${JSON.stringify(placements)}::jsonb) with ordinality as x(p, ord)`);
}

export async function setImage(
  ctx: TenantScope,
  id: string,
  image: FloorMapImage,
  data: Buffer,
  placements: readonly FloorMapPlacement[],
): Promise<void> {
  await ctx.db.execute(sql`
    insert into floor_map_images (tenant_id, floor_map_id, data) values (${ctx.tenantId}, ${id}, ${data})
    on conflict (tenant_id, floor_map_id) do update set data = excluded.data`);
  await replacePlacements(ctx, id, placements);
  await ctx.db.execute(sql`
    update floor_maps set image_content_type = ${image.contentType}, image_width = ${image.width},
      image_height = ${image.height}, image_size = ${image.size}, version = version + 1, updated_at = now()
    where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

export async function imageOf(ctx: TenantScope, id: string): Promise<{ contentType: string; data: Buffer; version: number } | undefined> {
  const res = await ctx.db.execute<{ contentType: string; data: Buffer; version: number }>(sql`
    select m.image_content_type as "contentType", i.data, m.version
    from floor_maps m
    join locations l on l.tenant_id = m.tenant_id and l.id = m.location_id and l.deleted_at is null
    join floor_map_images i on i.tenant_id = m.tenant_id and i.floor_map_id = m.id
    where m.tenant_id = ${ctx.tenantId} and m.id = ${id}`);
  return res.rows[0];
}

export async function deleteFloorMap(ctx: TenantScope, id: string): Promise<void> {
  await ctx.db.execute(sql`delete from floor_maps where tenant_id = ${ctx.tenantId} and id = ${id}`);
}

// The live resources among these ids and their locations.
export async function resourceLocations(ctx: TenantScope, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const res = await ctx.db.execute<{ id: string; locationId: string | null }>(sql`
    select id, location_id as "locationId" from resources
    where tenant_id = ${ctx.tenantId} and deleted_at is null
      and id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`);
  return new Map(res.rows.map((r) => [r.id, r.locationId]));
}

// A resource that leaves (the recycle bin) leaves every map; one moved to another location
// leaves the maps of the old one.
export async function removePlacements(ctx: TenantScope, resourceIds: readonly string[]): Promise<void> {
  if (resourceIds.length === 0) return;
  await ctx.db.execute(sql`
    delete from floor_map_placements where tenant_id = ${ctx.tenantId}
      and resource_id in (select (jsonb_array_elements_text(${JSON.stringify(resourceIds)}::jsonb))::uuid)`);
}

export async function removePlacementsElsewhere(ctx: TenantScope, resourceId: string, locationId: string | null): Promise<void> {
  await ctx.db.execute(sql`
    delete from floor_map_placements p using floor_maps m
    where p.tenant_id = ${ctx.tenantId} and p.resource_id = ${resourceId}
      and m.tenant_id = p.tenant_id and m.id = p.floor_map_id
      and m.location_id is distinct from ${locationId}::uuid`);
}

// The live map's states: checked out while someone holds it, out of service in a closed stage.
export type StoredMapState = Omit<ResourceMapState, 'bookerName' | 'bookedUntil'>;
export async function statesOf(ctx: TenantContext, id: string): Promise<StoredMapState[]> {
  const res = await ctx.db.execute<StoredMapState>(sql`
    select r.id as "resourceId", r.name as title, t.name as "resourceTypeTitle",
      case when s.stage_type = 'Closed' then 'outOfService' when r.holder_id is not null then 'checkedOut' else 'free' end as state,
      case when r.holder_id is null then null else coalesce(u.name, tu.email) end as "holderName"
    from floor_map_placements p
    join resources r on r.tenant_id = p.tenant_id and r.id = p.resource_id and r.deleted_at is null
    left join resource_types t on t.tenant_id = r.tenant_id and t.id = r.resource_type_id
    left join workflow_stages s on s.tenant_id = r.tenant_id and s.id = r.workflow_stage_id
    left join tenant_users tu on tu.tenant_id = r.tenant_id and tu.id = r.holder_id
    left join users u on u.id = tu.user_id
    where p.tenant_id = ${ctx.tenantId} and p.floor_map_id = ${id}
    order by lower(r.name), r.id`);
  return res.rows;
}

export async function liveResource(ctx: TenantScope, id: string): Promise<boolean> {
  const res = await ctx.db.execute(sql`select 1 from resources where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null`);
  return res.rows.length > 0;
}

export async function floorMapsOfResource(ctx: TenantScope, resourceId: string): Promise<ResourceFloorMaps['data']> {
  const res = await ctx.db.execute<ResourceFloorMaps['data'][number]>(sql`
    select m.id, m.name, m.level, m.location_id as "locationId"
    from floor_map_placements p
    join floor_maps m on m.tenant_id = p.tenant_id and m.id = p.floor_map_id
    join locations l on l.tenant_id = m.tenant_id and l.id = m.location_id and l.deleted_at is null
    where p.tenant_id = ${ctx.tenantId} and p.resource_id = ${resourceId}
    order by m.level_order, lower(m.name), m.id`);
  return res.rows;
}
