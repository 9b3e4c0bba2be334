import { sharedRecordPermission, type EntityKind, type SharedRecordAction } from '@atrium/domain';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { accessDenied } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { recordActivities } from '../../platform/entity/activity.service';
import type { ActivityInsert } from '../../platform/entity/activity.repository';
import type { RegisteredEntity } from '../../platform/entity/entity-registry';

// What the shared record services need besides the tenant context.
// Used by the shared-record routes: their path id, and the record the route examples point at.
export const idParams = z.object({ id: z.uuid() });
export const EXAMPLE_ENTITY = { entityKind: 'Contact', entityId: '5b0c4c1e-4a4b-4f0e-9a51-3c1d2e3f4a5b' } as const;

export type SharedRecordDeps = {
  config: Config;
  mailer: Mailer;
  blobs: BlobStore;
  // entities registered with the entity engine (their view permission and capabilities)
  entities: ReadonlyMap<EntityKind, RegisteredEntity>;
};

export type Capability = 'notes' | 'documents' | 'tags' | 'collaborators' | 'linkedEntities';

// True when the caller may do `action` on the shared records of an entity kind. A kind
// registered with the entity engine uses its own view permission; the others use the module
// map of packages/domain (sharedRecordPermission).
export function canShared(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind, action: SharedRecordAction): boolean {
  const registered = deps.entities.get(kind)?.definition.permissions.view;
  const permission = action === 'view' && registered ? registered : sharedRecordPermission(kind, action);
  return permission === undefined || ctx.permissions.has(permission);
}

export function requireShared(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  kind: EntityKind,
  action: SharedRecordAction,
  capability?: Capability,
): void {
  const ent = deps.entities.get(kind);
  // an entity registered with the engine gets a shared feature only when it declares it
  if (capability && ent && !ent.definition.capabilities[capability]) throw accessDenied(`${kind} has no ${capability}`);
  if (!canShared(ctx, deps, kind, action)) throw accessDenied();
}

// The one place notes and documents write to the activity feed (types Note and Attachment).
export async function recordActivity(ctx: TenantContext, row: ActivityInsert): Promise<void> {
  await recordActivities(ctx, [row]);
}

// Changing what is attached to a record (tags, links) needs the record's manage permission
// when the entity engine knows it.
export function requireEntityManage(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind): void {
  const manage = deps.entities.get(kind)?.definition.permissions.manage;
  if (manage && !ctx.permissions.has(manage)) throw accessDenied();
}
