import {
  BOOKING_HOLD_MINUTES,
  bookingCancelPath,
  bookingPageItemsSchema,
  bookingPagePortalAccessSchema,
  bookingPolicyOverridesSchema,
  CAPTCHA_DIFFICULTY_BITS,
  CAPTCHA_TTL_MS,
  mapShapeSchema,
  mergeBookingPolicies,
  planBySlug,
  type BookingPageItems,
  type BookingPolicyOverrides,
  type BookingPortalBooking,
  type BookingPortalConfirm,
  type BookingPortalHold,
  type BookingPortalHoldCreate,
  type BookingPortalMaps,
  type BookingPortalPage,
  type BookingPortalParams,
  type BookingPortalRedeem,
  type BookingPortalSignIn,
  type BookingPortalSlots,
  type BookingPortalSlotsQuery,
  type BookingPortalUser,
  type BookingTimeSlot,
  type PortalCaptcha,
} from '@atrium/domain';
import type { Config } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { createEntity, type RegisteredEntity } from '../../platform/entity';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { enterWorkspaceBySlug, systemContext } from '../../platform/jobs/workspace-walk';
import { spendChallenge } from '../../platform/portal-captcha.repository';
import { newChallenge, solves } from '../../platform/portal-captcha.util';
import { signToken, verifyToken } from '../../platform/signed-token.util';
import { captionIn } from '../../platform/captions';
import {
  redeemWorkspaceLink,
  sendWorkspaceSignInLink,
  signOutOfWorkspace,
  workspacePortalUser,
  type WorkspacePortalUser,
} from '../helpdesk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mailInvitation, type InvitationDeps } from './booking-invitations.service';
import { pageItemFilter, timeSlotsForPage } from './booking-page-settings.service';
import { localDay } from './booking-policy.util';
import * as portalRepo from './booking-portal.repository';
import * as repo from './bookings.repository';
import { allowed, assertBookable, freeSlots, policyOf, refused, write, type BookingDeps } from './bookings.service';

// The public booking portal (issue 22; decision 093 round four), no sign-in:
// /portal/<workspace>/book/<slug>. A visitor sees the page's items and their free times (the
// same find-times the app uses, under the page's policy laid over each type's), holds a time
// for BOOKING_HOLD_MINUTES while filling in the form, and confirms it with a name, an e-mail and
// a solved captcha: the hold becomes a booking of a contact (found by e-mail or made), mailed
// with an .ics and a signed cancel link.
export type PortalDeps = BookingDeps & {
  page: RegisteredEntity;
  secret: string;
  publicUrl: string;
  invitations: InvitationDeps;
  portalConfig: Pick<Config, 'publicUrl' | 'mailFrom' | 'cookieSecure'>;
};

type Page = portalRepo.PortalPage & {
  itemsOf: BookingPageItems;
  overrides: BookingPolicyOverrides;
  timeSlots: BookingTimeSlot[];
  // the signed-in portal user of the workspace, if any (decision 093 round seven)
  user: WorkspacePortalUser | undefined;
};
const MINUTE = 60_000;
const CANCEL = 'booking-cancel';

// Enters the workspace the address names and finds the page: a page off the portal, with
// external visibility None, of another workspace, or of a workspace whose plans lack portal
// bookings (Plan.PortalBookings, spec §6) is 404 like an unknown address. A Registered page is
// for any signed-in portal user of the workspace, a Restricted one for those whose contact (or
// its organization) the page lists: nobody signed in is 403 loginRequired (spec §8 "login
// required"), someone not listed 403 portalAccessDenied ("portal access denied"). A session of
// another workspace is nobody here. `open` skips that check (the page's own sign-in form).
async function withPage<T>(
  db: Db,
  address: BookingPortalParams,
  request: FastifyRequest | undefined,
  then: (ctx: TenantContext, page: Page) => Promise<T>,
  open = false,
): Promise<T> {
  return db.transaction(async (tx) => {
    const tenantId = await enterWorkspaceBySlug(tx, address.workspace);
    if (!tenantId) throw notFound('BookingPage');
    const ctx = systemContext(tenantId, tx, { name: 'Portal' });
    const row = await portalRepo.pageBySlug(ctx, address.slug);
    if (!row || !row.portalEnabled || row.externalVisibility === 'None') throw notFound('BookingPage');
    const plans = await portalRepo.planSlugs(ctx);
    if (!plans.some((slug) => planBySlug(slug)?.permissions.includes('Plan.PortalBookings'))) throw notFound('BookingPage');
    const user = request ? await workspacePortalUser(ctx, request, new Date()) : undefined;
    if (row.externalVisibility !== 'Anon' && !open) {
      if (!user) throw new AppError(403, 'loginRequired', 'Login required: this booking page is for signed-in portal users');
      if (row.externalVisibility === 'Restricted') {
        const access = bookingPagePortalAccessSchema.safeParse(row.portalAccess ?? {});
        const listed = access.success ? access.data : { contactIds: [], organizationIds: [] };
        const organization = listed.organizationIds.length > 0 ? await portalRepo.contactOrganization(ctx, user.contactId) : null;
        if (!listed.contactIds.includes(user.contactId) && !(organization && listed.organizationIds.includes(organization)))
          throw new AppError(403, 'portalAccessDenied', 'Portal access denied: this booking page is not open to you');
      }
    }
    const items = bookingPageItemsSchema.safeParse(row.items ?? {});
    const policy = bookingPolicyOverridesSchema.safeParse(row.policy ?? {});
    return then(ctx, {
      ...row,
      itemsOf: items.success ? items.data : { resourceIds: [], resourceTypeIds: [] },
      overrides: policy.success ? policy.data : {},
      timeSlots: await timeSlotsForPage(ctx, row.id),
      user,
    });
  });
}

// A sign-in link for the page's visitor: the workspace's own (no helpdesk portal needed, decision 093
// round eight), leading back to this page, the mail in the visitor's language and naming the page;
// the same answer for an unknown address.
export async function portalSignIn(
  db: Db,
  deps: PortalDeps,
  address: BookingPortalParams,
  body: BookingPortalSignIn,
  acceptLanguage: string | undefined,
): Promise<{ sent: true }> {
  return withPage(
    db,
    address,
    undefined,
    async (ctx, page) => {
      const language = body.language ?? acceptLanguage;
      const pageUrl = `${deps.portalConfig.publicUrl}/portal/${encodeURIComponent(address.workspace)}/book/${encodeURIComponent(page.slug)}`;
      await sendWorkspaceSignInLink(ctx, { mailer: deps.invitations.mailer, config: deps.portalConfig, now: deps.now }, body.email, {
        link: (token) => `${pageUrl}?token=${token}`,
        subject: captionIn(language, 'bookings.portal.signInMail.subject', { page: page.name }),
        text: (link) => captionIn(language, 'bookings.portal.signInMail.text', { page: page.name, link }),
      });
      return { sent: true as const };
    },
    true,
  );
}

// The mailed link's token, redeemed by the page it leads to: a session of the workspace's portal,
// its cookie set for the booking pages (403 portalAccessDenied for a used, expired or made-up link).
export async function portalRedeem(
  db: Db,
  deps: PortalDeps,
  address: BookingPortalParams,
  body: BookingPortalRedeem,
  reply: FastifyReply,
): Promise<BookingPortalUser> {
  return withPage(
    db,
    address,
    undefined,
    (ctx) =>
      redeemWorkspaceLink(
        ctx,
        { mailer: deps.invitations.mailer, config: deps.portalConfig, now: deps.now },
        address.workspace,
        body.token,
        reply,
      ),
    true,
  );
}

// The portal user signs out from the page: the workspace's session ends (any page, even one they may not see).
export async function portalSignOut(db: Db, address: BookingPortalParams, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await withPage(db, address, undefined, (ctx) => signOutOfWorkspace(ctx, address.workspace, request, reply), true);
}

// the page's items: the resources and types it names, else every bookable one of its location
const itemFilter = (page: Page): repo.PlaceFilter => pageItemFilter(page.itemsOf, page.locationId);

export async function portalPage(db: Db, address: BookingPortalParams, request?: FastifyRequest): Promise<BookingPortalPage> {
  return withPage(db, address, request, async (ctx, page) => {
    const places = (await repo.bookablePlaces(ctx, itemFilter(page))).slice(0, 200);
    return {
      name: page.name,
      slug: page.slug,
      description: page.description,
      location: { name: page.locationName, timeZone: page.timeZone, address: page.address },
      items: places.map((p) => {
        const policy = mergeBookingPolicies(policyOf(p.policy), page.overrides);
        return {
          id: p.id,
          title: p.title,
          type: p.typeTitle,
          capacity: p.capacity,
          policy: {
            minDurationMinutes: policy.minDurationMinutes,
            maxDurationMinutes: policy.maxDurationMinutes,
            fixedDurationMinutes: policy.fixedDurationMinutes,
            incrementMinutes: policy.incrementMinutes,
            minLeadMinutes: policy.minLeadMinutes,
            maxLeadMinutes: policy.maxLeadMinutes,
          },
        };
      }),
      holdMinutes: BOOKING_HOLD_MINUTES,
      timeSlots: page.timeSlots,
      portalUser: page.user ? { name: page.user.name, email: page.user.email } : null,
    };
  });
}

// The floor maps the page shows (decision 093 round six), each with the places of the items the
// page offers: a visitor sees where they would sit, and nothing else of the floor.
export async function portalMaps(db: Db, address: BookingPortalParams, request?: FastifyRequest): Promise<BookingPortalMaps> {
  return withPage(db, address, request, async (ctx, page) => {
    const offered = (await repo.bookablePlaces(ctx, itemFilter(page))).map((p) => p.id);
    const maps = await portalRepo.pageMaps(ctx, page.id, offered);
    return {
      maps: maps.map((m) => ({
        id: m.id,
        name: m.name,
        level: m.level,
        version: m.version,
        image: m.width !== null && m.height !== null ? { width: m.width, height: m.height } : null,
        places: m.places.flatMap((p) => {
          const shape = mapShapeSchema.safeParse(p.shape);
          return shape.success ? [{ resourceId: p.resourceId, shape: shape.data, rotation: p.rotation, label: p.label }] : [];
        }),
      })),
    };
  });
}

// The plan image of a map the page shows (404 for any other map).
export async function portalMapImage(
  db: Db,
  address: BookingPortalParams,
  mapId: string,
  request?: FastifyRequest,
): Promise<{ contentType: string; data: Buffer; version: number }> {
  return withPage(db, address, request, async (ctx, page) => {
    const image = await portalRepo.pageMapImage(ctx, page.id, mapId);
    if (!image) throw notFound('Plan image');
    return image;
  });
}

// Free times of one local day of the page's location, for a duration: find-times' own search
// (freeSlots: evaluateBooking on each candidate start, live bookings and unexpired holds).
export async function portalSlots(
  db: Db,
  deps: BookingDeps,
  address: BookingPortalParams,
  q: BookingPortalSlotsQuery,
  request?: FastifyRequest,
): Promise<BookingPortalSlots> {
  return withPage(db, address, request, async (ctx, page) => {
    const { from, to } = localDay(q.day, page.timeZone);
    const filter = { ...itemFilter(page), ...(q.resourceId ? { resourceId: q.resourceId } : {}) };
    const slots = await freeSlots(ctx, deps.now().getTime(), filter, from, to, q.duration, 200, false, page.overrides, page.timeSlots);
    return {
      timeZone: page.timeZone,
      slots: slots.map((s) => ({ resourceId: s.resource.id, resourceTitle: s.resource.title, start: s.start, end: s.end })),
    };
  });
}

// A short hold: the page's policy decides as for a booking (each refusal's code), then the
// database — the exclusion constraint counts the hold — so two visitors cannot hold one time.
export async function holdTime(
  db: Db,
  deps: BookingDeps,
  address: BookingPortalParams,
  body: BookingPortalHoldCreate,
  request?: FastifyRequest,
): Promise<BookingPortalHold> {
  return withPage(db, address, request, async (ctx, page) => {
    const [place] = await repo.bookablePlaces(ctx, { ...itemFilter(page), resourceId: body.resourceId });
    if (!place) throw fieldError('resourceId', 'notFound', 'resourceId names nothing this booking page offers');
    assertBookable(place);
    const now = deps.now().getTime();
    const start = Date.parse(body.start);
    const end = Date.parse(body.end);
    const answer = allowed(place, now, start, end, page.overrides, page.timeSlots);
    if ('refusals' in answer) throw refused(answer.refusals);
    const until = new Date(now + BOOKING_HOLD_MINUTES * MINUTE);
    const holdId = await write(ctx, answer, { bookerId: null, start, end, title: null, notes: null, hold: { until, pageId: page.id } });
    return {
      holdId,
      heldUntil: until.toISOString(),
      resourceId: place.id,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    };
  });
}

// A challenge for the confirmation form (only where there is a page to book on).
export async function portalBookingCaptcha(
  db: Db,
  deps: PortalDeps,
  address: BookingPortalParams,
  request?: FastifyRequest,
): Promise<PortalCaptcha> {
  return withPage(db, address, request, async () => ({
    challenge: newChallenge(deps.secret, deps.now().getTime(), CAPTCHA_TTL_MS),
    difficulty: CAPTCHA_DIFFICULTY_BITS,
  }));
}

const cancelToken = (deps: PortalDeps, tenantId: string, bookingId: string): string =>
  signToken(deps.secret, CANCEL, [tenantId, bookingId]);

function portalView(deps: PortalDeps, workspace: string, tenantId: string, row: portalRepo.PortalBookingRow): BookingPortalBooking {
  return {
    id: row.id,
    page: row.page,
    resource: row.resource,
    location: row.location,
    timeZone: row.timeZone ?? 'UTC',
    start: row.start,
    end: row.end,
    status: row.status,
    cancelPath: bookingCancelPath(workspace, cancelToken(deps, tenantId, row.id)),
    mayCancel: row.status === 'Booked' && Date.parse(row.end) > deps.now().getTime(),
  };
}

// The visitor's name is the contact's first name and the rest its last name.
function nameParts(name: string): { firstName: string; lastName?: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return rest.length > 0 ? { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) } : { firstName: first.slice(0, 100) };
}

const required = (field: string) => fieldError(field, 'required', `${field} is required`);
const captchaMissing = () =>
  fieldError('captcha', 'captchaInvalid', 'captcha not completed: the answer does not solve a current challenge');

// Confirm a hold. An anonymous visitor gives a name, an e-mail and a solved captcha — the proof of
// work first (400 captchaInvalid on `captcha`, nothing written) — and the booking is the contact's
// with that e-mail (made when unknown, like a helpdesk requester). A signed-in portal user (decision
// 093 round seven) needs none of them: the booking is their contact's, whatever the body names.
// The hold, locked — gone, expired or already confirmed is 409 holdExpired — becomes the booking,
// mailed with the .ics (METHOD:REQUEST) and the signed cancel link.
export async function confirmHold(
  db: Db,
  deps: PortalDeps,
  address: BookingPortalParams,
  holdId: string,
  body: BookingPortalConfirm,
  request?: FastifyRequest,
): Promise<BookingPortalBooking> {
  return withPage(db, address, request, async (ctx, page) => {
    const user = page.user;
    if (!user) {
      if (!body.captcha || !solves(deps.secret, body.captcha.challenge, body.captcha.nonce, CAPTCHA_DIFFICULTY_BITS, deps.now().getTime()))
        throw captchaMissing();
      if (!body.name) throw required('name');
      if (!body.email) throw required('email');
    }
    const hold = await portalRepo.lockHold(ctx, holdId, page.id);
    if (!hold) throw notFound('Hold');
    const now = deps.now();
    if (hold.status !== 'Held' || !hold.heldUntil || Date.parse(hold.heldUntil) <= now.getTime())
      throw new AppError(409, 'holdExpired', 'This hold has run out (or was confirmed already): choose a time again');
    let contactId: string;
    if (user) contactId = user.contactId;
    else {
      // a solved challenge counts once (decision 094, round three), in this transaction
      if (!body.captcha || !(await spendChallenge(ctx, body.captcha.challenge, now.getTime())))
        throw fieldError('captcha', 'captchaInvalid', 'captcha not completed: this answer was used already');
      const email = String(body.email);
      const contact = deps.page.registry.get('Contact');
      if (!contact) throw new Error('the Contact kind is not registered');
      contactId =
        (await portalRepo.contactByEmail(ctx, email)) ??
        String((await createEntity(ctx, contact, { ...nameParts(String(body.name)), email })).id);
    }
    await portalRepo.confirmHold(ctx, holdId, { contactId, notes: body.notes?.trim() || null });
    await deps.changed?.(ctx, hold.resourceId);
    const row = await portalRepo.portalBooking(ctx, holdId);
    if (!row) throw notFound('Booking');
    const view = portalView(deps, address.workspace, ctx.tenantId, row);
    await mailInvitation(ctx, deps.invitations, holdId, 'REQUEST', { url: `${deps.publicUrl}${view.cancelPath}` });
    return view;
  });
}

// The cancel link's booking: the token's signature, its workspace the address's, a portal
// booking — anything else is 404.
async function withTokenBooking<T>(
  db: Db,
  deps: PortalDeps,
  address: { workspace: string; token: string },
  lock: boolean,
  then: (ctx: TenantContext, row: portalRepo.PortalBookingRow) => Promise<T>,
): Promise<T> {
  const parts = verifyToken(deps.secret, CANCEL, address.token, 2);
  if (!parts) throw notFound('Booking');
  const [tokenTenant, bookingId] = parts as [string, string];
  return db.transaction(async (tx) => {
    const tenantId = await enterWorkspaceBySlug(tx, address.workspace);
    if (!tenantId || tenantId !== tokenTenant) throw notFound('Booking');
    const ctx = systemContext(tenantId, tx, { name: 'Portal' });
    const row = await portalRepo.portalBooking(ctx, bookingId, lock);
    if (!row) throw notFound('Booking');
    return then(ctx, row);
  });
}

export function portalBookingByToken(
  db: Db,
  deps: PortalDeps,
  address: { workspace: string; token: string },
): Promise<BookingPortalBooking> {
  return withTokenBooking(db, deps, address, false, async (ctx, row) => portalView(deps, address.workspace, ctx.tenantId, row));
}

// The visitor cancels from the link (after a confirmation click on the page): a booking still
// Booked and not over is Cancelled, its time free, and the CANCEL .ics mailed.
export function cancelByToken(db: Db, deps: PortalDeps, address: { workspace: string; token: string }): Promise<BookingPortalBooking> {
  return withTokenBooking(db, deps, address, true, async (ctx, row) => {
    const now = deps.now();
    if (row.status !== 'Booked' || Date.parse(row.end) <= now.getTime())
      throw new AppError(
        409,
        'bookingNotActive',
        `This booking is ${row.status}${row.status === 'Booked' ? ' and over' : ''}: it cannot be cancelled`,
      );
    await repo.cancelBooking(ctx, row.id, now);
    const after = await portalRepo.portalBooking(ctx, row.id);
    if (!after) throw notFound('Booking');
    await deps.changed?.(ctx, row.resourceId);
    const view = portalView(deps, address.workspace, ctx.tenantId, after);
    await mailInvitation(ctx, deps.invitations, row.id, 'CANCEL', { url: `${deps.publicUrl}${view.cancelPath}` });
    return view;
  });
}
