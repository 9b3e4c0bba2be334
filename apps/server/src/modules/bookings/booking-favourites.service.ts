import { BOOKING_FAVOURITES_MAX, type BookingFavourites } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import * as repo from './booking-favourites.repository';
import * as bookingsRepo from './bookings.repository';

// A member's favourite resources (issue 22; spec §7 Bookings "favourites"): their own list,
// starred and unstarred on a resource's page, and find-times' favouritesOnly.
export async function myFavourites(ctx: TenantContext): Promise<BookingFavourites> {
  return { data: await repo.favouritesOf(ctx, ctx.tenantUserId) };
}

export async function addFavourite(ctx: TenantContext, resourceId: string): Promise<void> {
  const place = await bookingsRepo.resourcePlace(ctx, resourceId);
  if (!place || place.archived) throw notFound('Resource');
  if ((await repo.countOf(ctx, ctx.tenantUserId)) >= BOOKING_FAVOURITES_MAX) {
    // starring one already starred is no new favourite
    if (!(await repo.favouritesOf(ctx, ctx.tenantUserId)).some((f) => f.resource.id === resourceId))
      throw new AppError(409, 'maxItems', `You have ${BOOKING_FAVOURITES_MAX} favourites, the most there may be: remove one first`);
  }
  await repo.addFavourite(ctx, ctx.tenantUserId, resourceId);
}

export async function removeFavourite(ctx: TenantContext, resourceId: string): Promise<void> {
  if (!(await bookingsRepo.resourcePlace(ctx, resourceId))) throw notFound('Resource');
  await repo.removeFavourite(ctx, ctx.tenantUserId, resourceId);
}
