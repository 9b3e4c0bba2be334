import type { Collaborator, EntityKind, EntityRef } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { accessDenied, fieldError, notFound } from '../../platform/errors';
import { collaboratorsRepository, type CollaboratorRecord } from './collaborators.repository';
import { notificationsRepository } from './notifications.repository';
import { notificationsService } from './notifications.service';
import { requireShared, type SharedRecordDeps } from './shared-records.access';

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

export const collaboratorsService = {
  async list(ctx: TenantContext, deps: SharedRecordDeps, q: EntityRef & { page: number; pageSize: number }) {
    requireShared(ctx, deps, q.entityKind, 'view', 'collaborators');
    const [rows, total] = await Promise.all([
      collaboratorsRepository.list(ctx, q.entityKind, q.entityId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      collaboratorsRepository.count(ctx, q.entityKind, q.entityId),
    ]);
    return { data: rows.map((r) => toItem(r, deps.config.publicUrl)), total };
  },

  async byEntity(ctx: TenantContext, deps: SharedRecordDeps, ref: EntityRef): Promise<Collaborator[]> {
    requireShared(ctx, deps, ref.entityKind, 'view', 'collaborators');
    return (await collaboratorsRepository.list(ctx, ref.entityKind, ref.entityId)).map((r) => toItem(r, deps.config.publicUrl));
  },

  // Without tenantUserIds the caller follows the record.
  async add(
    ctx: TenantContext,
    deps: SharedRecordDeps,
    body: EntityRef & { tenantUserIds?: string[] | undefined },
  ): Promise<Collaborator[]> {
    requireShared(ctx, deps, body.entityKind, 'view', 'collaborators');
    const ids = [...new Set(body.tenantUserIds ?? [ctx.tenantUserId])];
    const members = await notificationsRepository.members(ctx, { ids });
    if (members.length !== ids.length)
      throw fieldError('tenantUserIds', 'notFound', 'Every collaborator must be an active member of this workspace', 404);
    await collaboratorsRepository.insert(ctx, body.entityKind, body.entityId, ids);
    await notificationsService.notify(ctx, {
      recipients: ids,
      kind: 'Followed',
      entityKind: body.entityKind,
      entityId: body.entityId,
      title: `${ctx.user.name} added you as a collaborator on a ${body.entityKind}`,
      body: '',
    });
    return collaboratorsService.byEntity(ctx, deps, body);
  },

  // A member may always stop following; removing someone else needs view access to the record.
  async remove(ctx: TenantContext, deps: SharedRecordDeps, id: string): Promise<void> {
    const row = await collaboratorsRepository.get(ctx, id);
    if (!row) throw notFound('Collaborator');
    if (row.tenantUserId !== ctx.tenantUserId) {
      try {
        requireShared(ctx, deps, row.entityKind, 'view', 'collaborators');
      } catch {
        throw accessDenied();
      }
    }
    await collaboratorsRepository.delete(ctx, id);
  },

  // Other modules call this when a followed record changes (ARCHITECTURE §3 shared features).
  async notifyFollowers(ctx: TenantContext, entityKind: EntityKind, entityId: string, title: string, body = ''): Promise<void> {
    const followers = await collaboratorsRepository.followers(ctx, entityKind, entityId);
    await notificationsService.notify(ctx, { recipients: followers, kind: 'Followed', entityKind, entityId, title, body });
  },
};
