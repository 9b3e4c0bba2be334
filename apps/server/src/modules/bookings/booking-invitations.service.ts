import type { TenantContext } from '../../platform/context';
import type { Mailer } from '../../platform/mail/mailer';
import { bookingInvitation, bookingUid } from './booking-ical.util';
import * as repo from './bookings.repository';

// Invitations (decision 096): a booking made or cancelled is mailed to its booker with an .ics
// (METHOD:REQUEST, then CANCEL with the same UID), so it lands in their own calendar app. The
// mail is written to the outbox in the booking's transaction: no booking, no mail.
export type InvitationDeps = { mailer: Mailer; publicUrl: string; sender: string };

const address = (from: string): { name: string; email: string } => {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || m[2]!, email: m[2]! } : { name: from, email: from };
};

// a booking's time in words, in its location's zone
export function when(start: string, end: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const s = new Date(start);
  const e = new Date(end);
  const sameDay = day.format(s) === day.format(e);
  return `${day.format(s)}, ${time.format(s)}–${sameDay ? '' : `${day.format(e)}, `}${time.format(e)} (${timeZone})`;
}

// A portal booker (a contact) has no Atrium to open it in: `portal.url` is their booking's
// public page, `portal.cancelUrl` the signed link that cancels it. `reason`: why a CANCEL came
// without the booker asking (the auto-release).
export async function mailInvitation(
  ctx: TenantContext,
  deps: InvitationDeps,
  bookingId: string,
  method: 'REQUEST' | 'CANCEL',
  portal?: { url: string },
  reason?: string,
): Promise<void> {
  const row = (await repo.bookingRows(ctx, { id: bookingId, limit: 1 })).rows[0];
  if (!row) return;
  const to = row.bookerId
    ? await repo.memberMailbox(ctx, row.bookerId)
    : row.contactId
      ? await repo.contactMailbox(ctx, row.contactId)
      : undefined;
  if (!to?.email) return;
  const host = new URL(deps.publicUrl).hostname || 'atrium.local';
  const url = portal?.url ?? `${deps.publicUrl}/bookings?booking=${row.id}`;
  const what = row.title?.trim() || row.resourceTitle;
  const place = [row.resourceTitle, row.locationTitle].filter(Boolean).join(', ');
  const time = when(row.start, row.end, row.timeZone ?? 'UTC');
  const ics = bookingInvitation({
    method,
    host,
    url,
    booking: { ...row, version: Number(row.version) },
    organizer: address(deps.sender),
    attendee: to,
  });
  const cancelled = method === 'CANCEL';
  await deps.mailer.enqueue(ctx.db, {
    to: to.email,
    subject: `${cancelled ? 'Cancelled' : 'Booked'}: ${what}, ${time}`,
    text: [
      cancelled ? (reason ?? `Your booking was cancelled:`) : `You booked:`,
      '',
      `${what}`,
      `${place}`,
      `${time}`,
      '',
      `The attached invitation ${cancelled ? 'removes it from' : 'adds it to'} your calendar.`,
      portal ? (cancelled ? '' : `To cancel it, open: ${url}`) : `Open it in Atrium: ${url}`,
    ].join('\n'),
    messageId: `<${cancelled ? 'cancel' : 'request'}-${row.id}-${row.version}@${host}>`,
    headers: { References: `<${bookingUid(row.id, host)}>` },
    attachments: [
      {
        filename: cancelled ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: ics,
      },
    ],
  });
  deps.mailer.nudge();
}
