import type { EntityCapability, EntityFeature, EntityKind } from '@atrium/domain';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Config } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import { recordActivities, recordTitles, requireRecord, type ActivityInsert, type RegisteredEntity } from '../../platform/entity';
import type { Mailer } from '../../platform/mail/mailer';

// What the shared record services need besides the tenant context.
export type SharedRecordDeps = {
  config: Config;
  mailer: Mailer;
  blobs: BlobStore;
  // entities registered with the entity engine: their definitions decide every permission here
  entities: ReadonlyMap<EntityKind, RegisteredEntity>;
};

// Used by the shared-record routes: their path id, and the record the route examples point at
// (the generic guards put a real record of the kind in its place).
export const idParams = z.object({ id: z.uuid() });
export const EXAMPLE_ENTITY = { entityKind: 'Contact', entityId: '5b0c4c1e-4a4b-4f0e-9a51-3c1d2e3f4a5b' } as const;

// The record a request names in its body or query, for the router's record rule.
type Ref = { entityKind: string; entityId: string };
export const recordIn = (ref: Ref) => ({ kind: ref.entityKind, id: ref.entityId });

// For calls that reach the record through something else (a note, a document, a link): the
// same platform check the router does for the others.
export async function requireShared(
  ctx: TenantContext,
  deps: SharedRecordDeps,
  ref: Ref,
  feature: EntityFeature,
  capability?: EntityCapability,
): Promise<RegisteredEntity> {
  return requireRecord(ctx, deps.entities, recordIn(ref), feature, capability);
}

// Changing someone else's note or document needs the kind's manage permission; a kind whose
// module has none (e.g. Helpdesk has no ManageNotes) leaves them to their authors.
export function mayManageOthers(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind, feature: 'manageNotes' | 'manageDocuments') {
  const permission = deps.entities.get(kind)?.definition.permissions[feature];
  return permission !== null && permission !== undefined && ctx.permissions.has(permission);
}

// A record's title as lists show it; null when the record is gone.
export async function recordTitleOf(ctx: TenantContext, deps: SharedRecordDeps, kind: EntityKind, id: string): Promise<string | null> {
  const ent = deps.entities.get(kind);
  return ent ? ((await recordTitles(ctx, ent, [id])).get(id) ?? null) : null;
}

// The one place notes and documents write to the activity feed (types Note and Attachment).
export async function recordActivity(ctx: TenantContext, row: ActivityInsert): Promise<void> {
  await recordActivities(ctx, [row]);
}
