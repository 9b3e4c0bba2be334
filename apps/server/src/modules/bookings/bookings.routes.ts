import {
  bookingCreateSchema,
  bookingGroupCreateSchema,
  bookingGroupSchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingMoveSchema,
  bookingPolicySchema,
  bookingSchema,
  bookingFavouritesSchema,
  BOOKING_FAVOURITES_MAX,
  bookingServicesAnswerSchema,
  bookingServicesSchema,
  DASHBOARD_WIDGETS,
  DEFAULT_BOOKING_POLICY,
  findTimesResultSchema,
  findTimesSchema,
  resourceTypeEntity,
  resourceTypePolicySchema,
  type Permission,
} from '@atrium/domain';
import { z } from 'zod';
import { createOnce } from '../../platform/entity';
import type { Router } from '../../platform/router';
import {
  cancelBooking,
  checkInBooking,
  checkOutBooking,
  createBooking,
  createBookingGroup,
  findTimes,
  getBooking,
  getTypePolicy,
  listBookings,
  moveBooking,
  myNextBookings,
  setTypePolicy,
  type BookingDeps,
} from './bookings.service';
import { bookingServices, setBookingServices } from './booking-services.service';
import { addFavourite, myFavourites, removeFavourite } from './booking-favourites.service';

const BASE = '/api/v1/bookings';
// a path of its own: under BASE, /favourites/{resourceId} would read like /{id}/cancel
const FAVOURITES = '/api/v1/booking-favourites';
const VIEW: Permission = 'Resource.ViewResources';
const EXAMPLE_RESOURCE = '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11';
const EXAMPLE_HOST = '5d0f3b2a-7c4e-4f1a-8b6d-9e2c1a0f3b44';

// Workplace booking (issue 22): book a resource, see and change bookings, find free times, and
// each resource type's booking policy. Any member who sees resources may book them for
// themselves; booking for, or changing the bookings of, others needs Resource.ManageResources.
export function registerBookingRoutes(router: Router, deps: BookingDeps): void {
  // the examples book next week at 09:00 UTC: inside the default policy's lead times
  const day = new Date(Math.floor(deps.now().getTime() / 86_400_000) * 86_400_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  const exampleStart = `${day}T09:00:00.000Z`;
  const exampleEnd = `${day}T10:00:00.000Z`;
  const params = z.object({ id: z.uuid() });
  const common: { tags: string[]; permission: Permission } = { tags: ['Booking'], permission: VIEW };
  router.tenant({
    ...common,
    method: 'POST',
    url: BASE,
    summary:
      "Book a resource for [start, end) (Idempotency-Key supported): its type's policy decides (400 with each refusal's code), a time someone holds is 409 unavailableTimeSlot, a resource that is not bookable 409 notBookable",
    status: 201,
    idempotencyKey: true,
    schemas: { body: bookingCreateSchema, response: bookingSchema },
    example: { resourceId: EXAMPLE_RESOURCE, start: exampleStart, end: exampleEnd, title: 'Focus time' },
    handler: (ctx, input) => createOnce(ctx, 'Booking:create', input, async () => ({ body: await createBooking(ctx, deps, input.body) })),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: `${BASE}/groups`,
    summary:
      "Book several resources for one meeting (a room, its hosts, equipment) for the same [start, end), all or none (Idempotency-Key supported): each under its own type's policy (400 with every refusal on resourceIds.N), a time someone holds on any of them 409 unavailableTimeSlot on its resourceIds.N",
    status: 201,
    idempotencyKey: true,
    schemas: { body: bookingGroupCreateSchema, response: bookingGroupSchema },
    example: { resourceIds: [EXAMPLE_RESOURCE, EXAMPLE_HOST], start: exampleStart, end: exampleEnd, title: 'Quarterly review' },
    handler: (ctx, input) =>
      createOnce(ctx, 'Booking:createGroup', input, async () => ({ body: await createBookingGroup(ctx, deps, input.body) })),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: `${BASE}/list`,
    summary:
      "Bookings overlapping a window (from now on by default): mine, a resource's or a location's; live ones unless statuses are named",
    readOnly: true,
    schemas: { body: bookingListQuerySchema, response: bookingListSchema },
    example: { mine: true },
    handler: (ctx, { body }) => listBookings(ctx, deps, body),
  });
  router.tenant({
    ...common,
    method: 'POST',
    url: `${BASE}/find-times`,
    summary:
      'Free slots of a duration (minutes) in a window across the matching bookable resources, earliest first then the smallest sufficient capacity; suggestions when none fits',
    readOnly: true,
    schemas: { body: findTimesSchema, response: findTimesResultSchema },
    example: { duration: 60, window: { from: `${day}T00:00:00.000Z`, to: `${day}T23:59:00.000Z` } },
    handler: (ctx, { body }) => findTimes(ctx, deps, body),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: `${BASE}/:id`,
    summary: 'Get a booking',
    readOnly: true,
    table: 'bookings',
    schemas: { params, response: bookingSchema },
    handler: (ctx, { params: p }) => getBooking(ctx, deps, p.id),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: FAVOURITES,
    summary: 'Your favourite resources, by name (binned or archived ones left out)',
    readOnly: true,
    schemas: { response: bookingFavouritesSchema },
    handler: (ctx) => myFavourites(ctx),
  });
  const favourite = z.object({ resourceId: z.uuid() });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${FAVOURITES}/:resourceId`,
    summary: `Star a resource as one of your favourites (again is no change); at most ${BOOKING_FAVOURITES_MAX} (409 maxItems); another workspace's resource is 404`,
    status: 204,
    table: 'resources',
    schemas: { params: favourite },
    handler: (ctx, { params: p }) => addFavourite(ctx, p.resourceId),
  });
  router.tenant({
    ...common,
    method: 'DELETE',
    url: `${FAVOURITES}/:resourceId`,
    summary: "Unstar a resource (one that is no favourite is no change); another workspace's resource is 404",
    status: 204,
    table: 'resources',
    schemas: { params: favourite },
    handler: (ctx, { params: p }) => removeFavourite(ctx, p.resourceId),
  });
  router.tenant({
    ...common,
    method: 'GET',
    url: `${BASE}/:id/services`,
    summary:
      "The services ordered with a booking and those offered for its resource (its location's or every location's, its type's or every type's), each saying whether its notice has passed",
    readOnly: true,
    table: 'bookings',
    schemas: { params, response: bookingServicesAnswerSchema },
    handler: (ctx, { params: p }) => bookingServices(ctx, deps, p.id),
  });
  router.tenant({
    ...common,
    method: 'PUT',
    url: `${BASE}/:id/services`,
    summary:
      "Order services with your booking (or any, with Resource.ManageResources), as a whole: each must be offered for its resource (400 notOffered on services.N.serviceId), a new or changed order must respect the service's notice (400 serviceTooLate); whoever provides a service is mailed each order, change and cancellation; 409 bookingNotActive once the booking is cancelled, released, checked out or over",
    table: 'bookings',
    schemas: { params, body: bookingServicesSchema, response: bookingServicesAnswerSchema },
    example: { services: [{ serviceId: EXAMPLE_RESOURCE, quantity: 8, note: 'Two of them vegan' }] },
    handler: (ctx, { params: p, body }) => setBookingServices(ctx, deps, p.id, body),
  });
  const change = (path: string, summary: string, act: typeof cancelBooking) =>
    router.tenant({
      ...common,
      method: 'POST',
      url: `${BASE}/:id/${path}`,
      summary,
      table: 'bookings',
      schemas: { params, response: bookingSchema },
      handler: (ctx, { params: p }) => act(ctx, deps, p.id),
    });
  change('cancel', 'Cancel a booking that has not ended: its time is free again; 409 bookingNotActive otherwise', cancelBooking);
  router.tenant({
    ...common,
    method: 'POST',
    url: `${BASE}/:id/move`,
    summary:
      "Move or resize a booking that is Booked and not over to [start, end): its type's policy decides (400 with each refusal's code), a time someone else holds is 409 unavailableTimeSlot; 409 bookingNotActive once checked in, cancelled or over",
    table: 'bookings',
    schemas: { params, body: bookingMoveSchema, response: bookingSchema },
    example: { start: exampleStart, end: exampleEnd },
    handler: (ctx, { params: p, body }) => moveBooking(ctx, deps, p.id, body),
  });
  change(
    'check-in',
    'Check in to a booking, from 15 minutes before its start until its end; 409 checkInNotOpen outside that, bookingNotActive when not booked',
    checkInBooking,
  );
  change(
    'check-out',
    'Check out of a booking: it ends now and its time is free again; 409 notCheckedIn when not checked in',
    checkOutBooking,
  );

  const policyUrl = `${resourceTypeEntity.basePath}/:id/booking-policy`;
  router.tenant({
    method: 'GET',
    url: policyUrl,
    summary: "A resource type's booking policy (the default until one is set)",
    tags: ['ResourceType'],
    permission: VIEW,
    readOnly: true,
    table: 'resource_types',
    schemas: { params, response: resourceTypePolicySchema },
    handler: (ctx, { params: p }) => getTypePolicy(ctx, p.id),
  });
  router.tenant({
    method: 'PUT',
    url: policyUrl,
    summary: "Set a resource type's booking policy: lead times, buffers, durations, increment, opening hours, shared capacity (minutes)",
    tags: ['ResourceType'],
    permission: 'Resource.ManageResourceTypes',
    table: 'resource_types',
    schemas: { params, body: bookingPolicySchema, response: resourceTypePolicySchema },
    example: { ...DEFAULT_BOOKING_POLICY, bufferAfterMinutes: 15 },
    handler: (ctx, { params: p, body }) => setTypePolicy(ctx, p.id, body),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/dashboard/my-bookings',
    summary: 'My next bookings: running now, today and the coming days (a week ahead, at most 10)',
    tags: ['Dashboard'],
    permission: DASHBOARD_WIDGETS.myCalendar,
    readOnly: true,
    schemas: { response: bookingListSchema },
    handler: (ctx) => myNextBookings(ctx, deps),
  });
}
