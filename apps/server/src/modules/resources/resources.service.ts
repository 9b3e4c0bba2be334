import {
  ASSIGNABLE_MODES,
  openingPeriodsClosingTooEarly,
  type CheckOut,
  type EntityRecord,
  type MyResources,
  type OpeningHours,
} from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { getEntity, recordActivities, type EntityHooks, type EntityRow, type RegisteredEntity } from '../../platform/entity';
import { assertWithinPlanLimit } from '../admin';
import { resourceLeftMaps, resourceMoved } from './floor-maps.service';
import * as repo from './resources.repository';

// Where the time of a check-out comes from: the system clock, or a test's.
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
export type ResourceKinds = { location: RegisteredEntity; resourceType: RegisteredEntity; resource: RegisteredEntity };
// what another module checks before an item is checked out (bookings: not booked by someone else)
export type CheckOutGuard = (ctx: TenantContext, resourceId: string, holderId: string) => Promise<void>;
export type ResourceDeps = { now: Clock; kinds: ResourceKinds; beforeCheckOut?: CheckOutGuard };

// Free Workplace allows one location (spec §1): the second answers the plan's limit error.
export const locationHooks: EntityHooks = {
  beforeCreate: async (ctx, values) => {
    checkOpeningHours(values);
    assertWithinPlanLimit(ctx, 'locations', await repo.countLocationsLocked(ctx));
  },
  beforeUpdate: async (_ctx, values) => checkOpeningHours(values),
};

// Each opening period closes after it opens (a rule across two values, so not in the schema).
function checkOpeningHours(values: EntityRow): void {
  const hours = Array.isArray(values.openingHours) ? (values.openingHours as OpeningHours) : [];
  const wrong = openingPeriodsClosingTooEarly(hours);
  if (wrong.length === 0) return;
  const message = 'must be after the opening time';
  throw new AppError(
    400,
    'validation',
    `openingHours: a period closes before it opens`,
    wrong.map((i) => ({ field: `openingHours.${i}.close`, code: 'invalidStartEndTime' as const, message })),
  );
}

// A resource left without a capacity takes its type's default.
async function capacityFromType(ctx: TenantContext, values: EntityRow): Promise<EntityRow> {
  if (values.capacity !== null && values.capacity !== undefined) return values;
  if (typeof values.resourceTypeId !== 'string') return values;
  return { ...values, capacity: await repo.typeCapacity(ctx, values.resourceTypeId) };
}

// A resource deleted, or moved to another location, leaves the floor maps it was on.
export const resourceHooks: EntityHooks = {
  beforeCreate: capacityFromType,
  beforeUpdate: (ctx, values) => capacityFromType(ctx, values),
  afterUpdate: (ctx, row, before) => resourceMoved(ctx, row, before),
  afterDelete: (ctx, row) => resourceLeftMaps(ctx, row),
};

async function lockAssignable(ctx: TenantContext, id: string): Promise<repo.LockedResource> {
  const locked = await repo.lockResource(ctx, id);
  if (!locked) throw notFound('Resource');
  return locked;
}

// Check an assignable item (a laptop, a locker) out to a member, the caller unless named, from
// now on. An item whose type is neither Assignable nor Both is refused (409 notAssignable), one
// already held too (409 alreadyCheckedOut); both write nothing.
export async function checkOut(ctx: TenantContext, deps: ResourceDeps, id: string, body: CheckOut): Promise<EntityRecord> {
  const locked = await lockAssignable(ctx, id);
  if (!(ASSIGNABLE_MODES as readonly (string | null)[]).includes(locked.bookableMode))
    throw new AppError(
      409,
      'notAssignable',
      `Items of the type ${locked.typeTitle ?? '(none)'} are ${locked.bookableMode ?? 'None'}, not assignable: they cannot be checked out`,
    );
  if (locked.holderId)
    throw new AppError(409, 'alreadyCheckedOut', `This item has been checked out since ${locked.checkedOutAt}; check it in first`);
  const holderId = body.holderId ?? ctx.tenantUserId;
  const holderName = await repo.memberName(ctx, holderId);
  if (holderName === undefined) throw fieldError('holderId', 'notFound', 'holderId names no member of this workspace');
  await deps.beforeCheckOut?.(ctx, id, holderId);
  await repo.setHolder(ctx, id, holderId, deps.now());
  await recordActivities(ctx, [
    { entityKind: 'Resource', entityId: id, type: 'Check-Out', action: 'checkedOut', after: { id: holderId, title: holderName } },
  ]);
  return published(ctx, deps, id);
}

// Check an item in: nobody holds it any more. One nobody holds answers 409 notCheckedOut.
export async function checkIn(ctx: TenantContext, deps: ResourceDeps, id: string): Promise<EntityRecord> {
  const locked = await lockAssignable(ctx, id);
  if (!locked.holderId) throw new AppError(409, 'notCheckedOut', 'This item is not checked out');
  const holderName = (await repo.memberName(ctx, locked.holderId)) ?? '';
  await repo.setHolder(ctx, id, null, null);
  await recordActivities(ctx, [
    { entityKind: 'Resource', entityId: id, type: 'Check-In', action: 'checkedIn', before: { id: locked.holderId, title: holderName } },
  ]);
  return published(ctx, deps, id);
}

async function published(ctx: TenantContext, deps: ResourceDeps, id: string): Promise<EntityRecord> {
  const after = await getEntity(ctx, deps.kinds.resource, id);
  await publishRecordEvent(ctx, { kind: 'Resource', id, version: Number(after.version), action: 'updated' });
  return after as EntityRecord;
}

// A change elsewhere (a booking) that alters the resource's live state without a new version of
// it: the record event carries its current version, so open live maps and pages read it again.
export async function announceResourceChanged(ctx: TenantContext, resourceId: string): Promise<void> {
  const version = await repo.resourceVersion(ctx, resourceId);
  if (version === undefined) return;
  await publishRecordEvent(ctx, { kind: 'Resource', id: resourceId, version, action: 'updated' });
}

export const myResources = (ctx: TenantContext): Promise<MyResources> => repo.myResources(ctx);
