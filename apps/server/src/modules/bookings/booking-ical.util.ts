import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from '@atrium/domain';

// iCalendar (RFC 5545) of bookings (decision 096): a feed (METHOD:PUBLISH) a calendar app
// subscribes to, and the invitation of one booking (METHOD:REQUEST, then CANCEL with the same
// UID and a higher SEQUENCE) mailed to its booker. Times are written in UTC, exact in every zone.
export type IcalBooking = {
  id: string;
  version: number;
  start: string;
  end: string;
  status: BookingStatus;
  title: string | null;
  notes: string | null;
  resourceTitle: string;
  locationTitle: string | null;
  bookerName: string;
  createdAt: string;
};

const PROD_ID = { company: 'Atrium', product: 'Bookings', language: 'EN' };
const LIVE: readonly BookingStatus[] = ['Booked', 'CheckedIn', 'CheckedOut'];

// a booking's UID stays the same for its whole life, so calendar apps update one event
export const bookingUid = (id: string, host: string): string => `booking-${id}@${host}`;

function event(b: IcalBooking, host: string, url: string, who: boolean) {
  const what = b.title?.trim() || b.resourceTitle;
  return {
    id: bookingUid(b.id, host),
    sequence: b.version,
    start: new Date(b.start),
    end: new Date(b.end),
    created: new Date(b.createdAt),
    summary: who ? `${what} (${b.bookerName})` : what,
    location: [b.resourceTitle, b.locationTitle].filter(Boolean).join(', '),
    description: b.notes ?? '',
    status: LIVE.includes(b.status) ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    url,
  };
}

// A subscribed calendar: a member's bookings (whoBooked false) or a resource's (each event
// names its booker).
export function bookingsFeed(o: { name: string; host: string; url: string; bookings: readonly IcalBooking[]; whoBooked: boolean }): string {
  const cal = ical({ name: o.name, prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
  for (const b of o.bookings) cal.createEvent(event(b, o.host, o.url, o.whoBooked));
  return cal.toString();
}

// The invitation of one booking to its booker; the organizer is the workspace's sender.
export function bookingInvitation(o: {
  method: 'REQUEST' | 'CANCEL';
  host: string;
  url: string;
  booking: IcalBooking;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}): string {
  const cal = ical({ prodId: PROD_ID, method: o.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL });
  const e = cal.createEvent({
    ...event(o.booking, o.host, o.url, false),
    ...(o.method === 'CANCEL' ? { status: ICalEventStatus.CANCELLED } : {}),
    organizer: o.organizer,
  });
  e.createAttendee({ name: o.attendee.name, email: o.attendee.email, rsvp: false, status: ICalAttendeeStatus.ACCEPTED });
  return cal.toString();
}
