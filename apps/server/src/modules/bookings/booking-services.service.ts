import { randomUUID } from 'node:crypto';
import type { BookingServices, BookingServicesAnswer, ErrorCode } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { when, type InvitationDeps } from './booking-invitations.service';
import * as bookingsRepo from './bookings.repository';
import { getBooking, lockOwn, notActive, type BookingDeps } from './bookings.service';
import * as repo from './booking-services.repository';

// Services ordered with a booking (issue 22): catering, a set-up, parking. A service is offered
// for a resource when its location and its type match or are empty; it needs its notice before
// the booking's start. Whoever provides it (its notifyEmail) is mailed each order, change and
// cancellation, in the transaction that makes it.
const MINUTE = 60_000;

export async function bookingServices(ctx: TenantContext, deps: BookingDeps, bookingId: string): Promise<BookingServicesAnswer> {
  const booking = await getBooking(ctx, deps, bookingId);
  const now = deps.now().getTime();
  const start = Date.parse(booking.start);
  const [ordered, offered] = await Promise.all([repo.ordersOf(ctx, bookingId), repo.offeredFor(ctx, booking.resource.id)]);
  return {
    ordered: ordered.map((o) => ({ id: o.serviceId, title: o.title, quantity: o.quantity, note: o.note })),
    offered: offered.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      leadTimeMinutes: s.leadTimeMinutes,
      price: s.price,
      tooLate: start - now < (s.leadTimeMinutes ?? 0) * MINUTE,
    })),
  };
}

// The booking's services as a whole. Each must be offered for its resource; a new or changed
// order must respect the service's notice (an unchanged one stays, and any may be removed).
export async function setBookingServices(
  ctx: TenantContext,
  deps: BookingDeps,
  bookingId: string,
  body: BookingServices,
): Promise<BookingServicesAnswer> {
  const b = await lockOwn(ctx, bookingId);
  const now = deps.now().getTime();
  if (!['Booked', 'CheckedIn'].includes(b.status) || Date.parse(b.end) <= now) throw notActive(b, 'changed');
  const offered = new Map((await repo.offeredFor(ctx, b.resourceId)).map((s) => [s.id, s]));
  const before = new Map((await repo.ordersOf(ctx, bookingId)).map((o) => [o.serviceId, o]));
  const errors: { field: string; code: ErrorCode; message: string }[] = [];
  const next = body.services.map((o, i) => {
    const field = `services.${i}.serviceId`;
    const service = offered.get(o.serviceId);
    const note = o.note || null;
    if (!service) errors.push({ field, code: 'notOffered', message: `${field} is not a service offered for this resource` });
    const was = before.get(o.serviceId);
    const changed = !was || was.quantity !== o.quantity || was.note !== note;
    const lead = service?.leadTimeMinutes ?? 0;
    if (service && changed && Date.parse(b.start) - now < lead * MINUTE)
      errors.push({ field, code: 'serviceTooLate', message: `${field} needs ${lead} minutes' notice before the booking's start` });
    return { serviceId: o.serviceId, quantity: o.quantity, note, title: service?.title ?? '', notifyEmail: service?.notifyEmail ?? null };
  });
  if (errors.length > 0) throw new AppError(400, errors[0]!.code, errors.map((e) => e.message).join('; '), errors);
  await repo.replaceOrders(ctx, bookingId, next);
  if (deps.invitations) {
    const after = new Map(next.map((o) => [o.serviceId, o]));
    for (const o of next) {
      const was = before.get(o.serviceId);
      if (!was) await tellProvider(ctx, deps.invitations, bookingId, o, 'New order');
      else if (was.quantity !== o.quantity || was.note !== o.note) await tellProvider(ctx, deps.invitations, bookingId, o, 'Changed order');
    }
    for (const o of before.values())
      if (!after.has(o.serviceId)) await tellProvider(ctx, deps.invitations, bookingId, o, 'Cancelled order');
  }
  return bookingServices(ctx, deps, bookingId);
}

// A booking cancelled or released: its orders are off, and their providers are told.
export async function cancelOrders(
  ctx: TenantContext,
  deps: { invitations?: InvitationDeps | undefined },
  bookingId: string,
): Promise<void> {
  if (!deps.invitations) return;
  for (const o of await repo.ordersOf(ctx, bookingId)) await tellProvider(ctx, deps.invitations, bookingId, o, 'Cancelled order');
}

async function tellProvider(
  ctx: TenantContext,
  deps: InvitationDeps,
  bookingId: string,
  order: { title: string; quantity: number; note: string | null; notifyEmail: string | null },
  what: 'New order' | 'Changed order' | 'Cancelled order',
): Promise<void> {
  if (!order.notifyEmail) return;
  const row = (await bookingsRepo.bookingRows(ctx, { id: bookingId, limit: 1 })).rows[0];
  if (!row) return;
  const time = when(row.start, row.end, row.timeZone ?? 'UTC');
  const place = [row.resourceTitle, row.locationTitle].filter(Boolean).join(', ');
  const host = new URL(deps.publicUrl).hostname || 'atrium.local';
  await deps.mailer.enqueue(ctx.db, {
    to: order.notifyEmail,
    messageId: `<service-order-${randomUUID()}@${host}>`,
    headers: {},
    attachments: [],
    subject: `${what}: ${order.title} × ${order.quantity} — ${place}, ${time}`,
    text: [
      `${what} for a booking:`,
      '',
      `${order.title} × ${order.quantity}`,
      `${place}`,
      `${time}`,
      `Booked by ${row.bookerName}${row.title ? ` — ${row.title}` : ''}`,
      ...(order.note ? ['', `Note: ${order.note}`] : []),
    ].join('\n'),
  });
  deps.mailer.nudge();
}
