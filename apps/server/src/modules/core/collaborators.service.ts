import type { Collaborator, EntityRef, NotificationCause } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors';
import { requireRecord } from '../../platform/entity';
import * as collaboratorsRepository from './collaborators.repository';
import { type CollaboratorRecord } from './collaborators.repository';
import * as notificationsRepository from './notifications.repository';
import * as notificationRulesService from './notification-rules.service';
import * as notificationsService from './notifications.service';
import { recordActivity, requireShared, type SharedRecordDeps } from './shared-records.access';

const pictureUrl = (publicUrl: string, id: string | null) => (id ? `${publicUrl}/api/v1/core/profile/pictures/${id}` : null);

function toItem(r: CollaboratorRecord, publicUrl: string): Collaborator {
  return {
    id: r.id,
    entityKind: r.entity_kind,
    entityId: r.entity_id,
    tenantUserId: r.tenant_user_id,
    name: r.name,
    email: r.email,
    pictureUrl: pictureUrl(publicUrl, r.picture_id),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function list(ctx: TenantContext, deps: SharedRecordDeps, q: EntityRef & { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    collaboratorsRepository.list(ctx, q.entityKind, q.entityId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    collaboratorsRepository.count(ctx, q.entityKind, q.entityId),
  ]);
  return { data: rows.map((r) => toItem(r, deps.config.publicUrl)), total };
}

export async function byEntity(ctx: TenantContext, deps: SharedRecordDeps, ref: EntityRef): Promise<Collaborator[]> {
  return (await collaboratorsRepository.list(ctx, ref.entityKind, ref.entityId)).map((r) => toItem(r, deps.config.publicUrl));
}

// Without tenantUserIds the caller follows the record; adding others needs the record's
// manage permission.
export async function add(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  body: EntityRef & { tenantUserIds?: string[] | undefined },
): Promise<Collaborator[]> {
  const ids = [...new Set(body.tenantUserIds ?? [ctx.tenantUserId])];
  const ent = deps.entities.get(body.entityKind);
  // the record's manage permission, in the workspace or by a role in the record's owner
  if (ent && ids.some((id) => id !== ctx.tenantUserId))
    await requireRecord(ctx, ent.registry, { kind: body.entityKind, id: body.entityId }, 'manage');
  const members = await notificationsRepository.members(ctx, { ids });
  if (members.length !== ids.length)
    throw fieldError('tenantUserIds', 'notFound', 'Every collaborator must be an active member of this workspace', 404);
  const existing = new Set((await collaboratorsRepository.list(ctx, body.entityKind, body.entityId)).map((c) => c.tenant_user_id));
  await collaboratorsRepository.insert(ctx, body.entityKind, body.entityId, ids);
  for (const m of members.filter((x) => !existing.has(x.tenantUserId)))
    await recordActivity(ctx, {
      entityKind: body.entityKind,
      entityId: body.entityId,
      type: 'Change',
      action: 'followed',
      after: { id: m.tenantUserId, title: m.name },
    });
  await notificationsService.notify(ctx, deps, {
    recipients: ids,
    kind: 'Followed',
    cause: 'addedAsCollaborator',
    entityKind: body.entityKind,
    entityId: body.entityId,
    body: '',
  });
  // notification rules: a collaborator added, and — when someone adds others — the record
  // assigned to them (decision 076)
  const added = ids.filter((id) => !existing.has(id));
  const ref = { entityKind: body.entityKind, entityId: body.entityId, notifiedInApp: ids };
  if (added.length > 0) await notificationRulesService.fire(ctx, deps, { ...ref, event: 'collaboratorAdded', assignees: added });
  const assigned = added.filter((id) => id !== ctx.tenantUserId);
  if (assigned.length > 0) await notificationRulesService.fire(ctx, deps, { ...ref, event: 'recordAssigned', assignees: assigned });
  return byEntity(ctx, deps, body);
}

// A member may always stop following; removing someone else needs the record's manage permission.
export async function remove(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<void> {
  const row = await collaboratorsRepository.get(ctx, id);
  if (!row) throw notFound('Collaborator');
  if (row.tenantUserId !== ctx.tenantUserId) await requireShared(ctx, deps, row, 'manage', 'collaborators');
  await collaboratorsRepository.remove(ctx, id);
  await recordActivity(ctx, {
    entityKind: row.entityKind,
    entityId: row.entityId,
    type: 'Change',
    action: 'unfollowed',
    before: { id: row.tenantUserId, title: '' },
  });
}

// Other modules call this when a followed record changes (ARCHITECTURE §3 shared features).
export async function notifyFollowers(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  ref: EntityRef,
  cause: Exclude<NotificationCause, 'mentionedInNote' | 'addedAsCollaborator'>,
  body = '',
): Promise<void> {
  const followers = await collaboratorsRepository.followers(ctx, ref.entityKind, ref.entityId);
  await notificationsService.notify(ctx, deps, { recipients: followers, kind: 'Followed', cause, ...ref, body });
}
