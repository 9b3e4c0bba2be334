import { TAG_COLORS, type EntityKind, type Tag, type TagCreate } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { recordsWritten } from '../../platform/entity';
import { fieldError } from '../../platform/errors';
import * as collaboratorsService from './collaborators.service';
import { recordActivity, type SharedRecordDeps } from './shared-records.access';
import * as tagsRepository from './tags.repository';
import type { TagRow } from './tags.table';

const toTag = (r: TagRow): Tag => ({ id: r.id, name: r.name, color: r.color });

export async function list(
  ctx: TenantContext,
  q: { page: number; pageSize: number; search?: string | undefined; ids?: string[] | undefined },
) {
  const { rows, total } = await tagsRepository.list(ctx, {
    search: q.search,
    ids: q.ids,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { data: rows.map(toTag), total };
}

// Any member may create tags; without a colour the next colour of the palette is used.
export async function create(ctx: TenantContext, body: TagCreate): Promise<Tag> {
  if (await tagsRepository.findByName(ctx, body.name))
    throw fieldError('name', 'duplicateTitle', `A tag named ${body.name} already exists`, 409);
  const color = body.color ?? TAG_COLORS[(await tagsRepository.count(ctx)) % TAG_COLORS.length] ?? TAG_COLORS[0];
  const row = await tagsRepository.insert(ctx, body.name, color);
  if (!row) throw fieldError('name', 'duplicateTitle', `A tag named ${body.name} already exists`, 409);
  return toTag(row);
}

export async function ofEntity(ctx: TenantContext, kind: EntityKind, entityId: string): Promise<Tag[]> {
  return (await tagsRepository.ofEntity(ctx, kind, entityId)).map(toTag);
}

// Replaces the tags of one record with tagIds; each tag added or taken off is an activity entry.
export async function setOnEntity(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  kind: EntityKind,
  entityId: string,
  tagIds: readonly string[],
): Promise<Tag[]> {
  const unique = [...new Set(tagIds)];
  const found = await tagsRepository.existing(ctx, unique);
  if (found.length !== unique.length) throw fieldError('tagIds', 'notFound', 'Every tag must exist in this workspace', 404);
  const before = (await tagsRepository.ofEntity(ctx, kind, entityId)).map(toTag);
  await tagsRepository.replace(ctx, kind, entityId, unique);
  const result = (await tagsRepository.ofEntity(ctx, kind, entityId)).map(toTag);
  const had = new Set(before.map((t) => t.id));
  const has = new Set(result.map((t) => t.id));
  for (const t of result.filter((x) => !had.has(x.id)))
    await recordActivity(ctx, { entityKind: kind, entityId, type: 'Change', action: 'tagged', after: { id: t.id, title: t.name } });
  for (const t of before.filter((x) => !has.has(x.id)))
    await recordActivity(ctx, { entityKind: kind, entityId, type: 'Change', action: 'untagged', before: { id: t.id, title: t.name } });
  if (had.size === has.size && [...had].every((id) => has.has(id))) return result;
  // the record's tags are part of what filters select (a campaign segment's members, decision 095)
  await recordsWritten(ctx, kind, [entityId]);
  await collaboratorsService.notifyFollowers(
    ctx,
    deps,
    { entityKind: kind, entityId },
    'tagsChanged',
    result.map((t) => t.name).join(', '),
  );
  return result;
}

export function entitiesWithAnyTag(ctx: TenantContext, kind: EntityKind, tagIds: readonly string[]) {
  return tagsRepository.entitiesWithAnyTag(ctx, kind, tagIds);
}
