import {
  bookingPortalBookingSchema,
  bookingPortalConfirmSchema,
  bookingPortalHoldCreateSchema,
  bookingPortalHoldParamsSchema,
  bookingPortalHoldSchema,
  bookingPortalMapParamsSchema,
  bookingPortalMapsSchema,
  FLOOR_MAP_IMAGE_TYPES,
  bookingPortalPageSchema,
  bookingPortalParamsSchema,
  bookingPortalRedeemSchema,
  bookingPortalSignInResultSchema,
  bookingPortalSignInSchema,
  bookingPortalSlotsQuerySchema,
  bookingPortalSlotsSchema,
  bookingPortalTokenParamsSchema,
  bookingPortalUserSchema,
  portalCaptchaSchema,
} from '@atrium/domain';
import type { Router } from '../../platform/router';
import {
  cancelByToken,
  confirmHold,
  holdTime,
  portalBookingByToken,
  portalBookingCaptcha,
  portalMapImage,
  portalMaps,
  portalPage,
  portalRedeem,
  portalSignIn,
  portalSignOut,
  portalSlots,
  type PortalDeps,
} from './booking-portal.service';

const BASE = '/api/v1/public/booking-pages/:workspace/:slug';
const EXAMPLE = { workspace: 'northwind-demo', slug: 'meeting-rooms' };
const EXAMPLE_ID = '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11';

// The public booking portal (issue 22): a booking page's items and free times, a short hold,
// its confirmation with a captcha, and the cancel link. A page off the portal answers 404; a
// Registered or Restricted one is for signed-in portal users (403 loginRequired, 403
// portalAccessDenied), who sign in by a mailed link (…/sign-in) and book without a captcha.
export function registerBookingPortalRoutes(router: Router, deps: PortalDeps): void {
  const day = new Date(Math.floor(deps.now().getTime() / 86_400_000) * 86_400_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  const common = { tags: ['Portal'], rateLimit: 'public' as const };
  // a Registered or Restricted page answers 403 loginRequired / portalAccessDenied
  const gated = { ...common, errors: [403] };
  router.public({
    ...gated,
    method: 'GET',
    url: BASE,
    summary:
      "A booking page on the portal: its items with their duration rules (the page's policy over each type's), its location and zone",
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema, response: bookingPortalPageSchema },
    handler: (ctx, { params, request }) => portalPage(ctx.db, params, request),
  });
  router.public({
    ...gated,
    method: 'GET',
    url: `${BASE}/maps`,
    summary: "The floor maps a booking page shows, each with the places of the page's items (the plan is …/maps/{mapId}/image)",
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema, response: bookingPortalMapsSchema },
    handler: (ctx, { params, request }) => portalMaps(ctx.db, params, request),
  });
  router.public({
    ...gated,
    method: 'GET',
    url: `${BASE}/maps/:mapId/image`,
    summary: 'The plan image of a floor map the booking page shows (an SVG is served sandboxed); 404 for any other map',
    paramsExample: { ...EXAMPLE, mapId: EXAMPLE_ID },
    produces: FLOOR_MAP_IMAGE_TYPES,
    schemas: { params: bookingPortalMapParamsSchema },
    handler: async (ctx, { params, reply, request }) => {
      const { workspace, slug, mapId } = params;
      const image = await portalMapImage(ctx.db, { workspace, slug }, mapId, request);
      await reply
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', 'inline; filename="plan"')
        .type(image.contentType)
        .send(image.data);
    },
  });
  router.public({
    ...gated,
    method: 'GET',
    url: `${BASE}/slots`,
    summary:
      "Free times of a booking page on one day of its location (YYYY-MM-DD, the location's zone) for a duration in minutes, of one item or all: the same find-times the app uses, under the page's policy",
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema, query: bookingPortalSlotsQuerySchema, response: bookingPortalSlotsSchema },
    handler: (ctx, { params, query, request }) => portalSlots(ctx.db, deps, params, query, request),
  });
  router.public({
    ...gated,
    method: 'POST',
    url: `${BASE}/holds`,
    summary:
      "Hold a time for a few minutes while the visitor fills in the form: the page's policy decides (400 with each refusal's code), a time someone holds or booked is 409 unavailableTimeSlot",
    status: 201,
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema, body: bookingPortalHoldCreateSchema, response: bookingPortalHoldSchema },
    example: { resourceId: EXAMPLE_ID, start: `${day}T09:00:00.000Z`, end: `${day}T10:00:00.000Z` },
    handler: (ctx, { params, body, request }) => holdTime(ctx.db, deps, params, body, request),
  });
  router.public({
    ...gated,
    method: 'GET',
    url: `${BASE}/captcha`,
    summary:
      'A proof-of-work challenge for the booking form: find a nonce whose SHA-256 of challenge:nonce starts with difficulty zero bits',
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema, response: portalCaptchaSchema },
    handler: (ctx, { params, request }) => portalBookingCaptcha(ctx.db, deps, params, request),
  });
  router.public({
    ...gated,
    method: 'POST',
    url: `${BASE}/holds/:holdId/confirm`,
    summary:
      "Confirm a hold with a name, an e-mail and a solved captcha (400 captchaInvalid writes nothing; an expired hold 409 holdExpired): a booking of the contact with that e-mail, mailed with an .ics and a cancel link. A signed-in portal user needs none of them: the booking is their contact's",
    paramsExample: { ...EXAMPLE, holdId: EXAMPLE_ID },
    schemas: { params: bookingPortalHoldParamsSchema, body: bookingPortalConfirmSchema, response: bookingPortalBookingSchema },
    example: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      captcha: { challenge: '1795750000000.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', nonce: '0' },
    },
    handler: (ctx, { params, body, request }) => confirmHold(ctx.db, deps, params, params.holdId, body, request),
  });
  router.public({
    ...common,
    method: 'POST',
    url: `${BASE}/sign-in`,
    summary:
      "Mail a one-time sign-in link to a contact of the workspace (the workspace's own, no helpdesk portal needed), leading back to this booking page, in `language` or the request's Accept-Language; the answer is the same for an unknown address; 403 spammer for one marked spam or blocked",
    rateLimit: 'auth',
    status: 202,
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: bookingPortalParamsSchema, body: bookingPortalSignInSchema, response: bookingPortalSignInResultSchema },
    example: { email: 'ada@example.com', language: 'en' },
    handler: (ctx, { params, body, request }) => portalSignIn(ctx.db, deps, params, body, request.headers['accept-language']),
  });
  router.public({
    ...common,
    method: 'POST',
    url: `${BASE}/sign-in/redeem`,
    summary:
      "Redeem a sign-in link mailed from a booking page: the workspace's portal session, its cookie set for the booking pages (403 portalAccessDenied for a used, expired or made-up link)",
    rateLimit: 'auth',
    paramsExample: EXAMPLE,
    errors: [403],
    schemas: { params: bookingPortalParamsSchema, body: bookingPortalRedeemSchema, response: bookingPortalUserSchema },
    example: { token: 'x' },
    handler: (ctx, { params, body, reply }) => portalRedeem(ctx.db, deps, params, body, reply),
  });
  router.public({
    ...common,
    method: 'POST',
    url: `${BASE}/sign-out`,
    summary: "End the portal user's session from a booking page (the workspace's portal session, the helpdesk portal's too)",
    status: 204,
    paramsExample: EXAMPLE,
    schemas: { params: bookingPortalParamsSchema },
    handler: (ctx, { params, request, reply }) => portalSignOut(ctx.db, params, request, reply),
  });
  router.public({
    ...common,
    method: 'GET',
    url: '/api/v1/public/portal-bookings/:workspace/:token',
    summary: "A portal booking by its cancel link's signed token (404 for an altered token or another workspace's)",
    paramsExample: { workspace: EXAMPLE.workspace, token: 'x' },
    schemas: { params: bookingPortalTokenParamsSchema, response: bookingPortalBookingSchema },
    handler: (ctx, { params }) => portalBookingByToken(ctx.db, deps, params),
  });
  router.public({
    ...common,
    method: 'POST',
    url: '/api/v1/public/portal-bookings/:workspace/:token/cancel',
    summary:
      'Cancel a portal booking by its signed token: a booking not yet over is Cancelled and the CANCEL .ics mailed (409 bookingNotActive otherwise)',
    paramsExample: { workspace: EXAMPLE.workspace, token: 'x' },
    schemas: { params: bookingPortalTokenParamsSchema, response: bookingPortalBookingSchema },
    handler: (ctx, { params }) => cancelByToken(ctx.db, deps, params),
  });
}
