import dayjs from 'dayjs';
import { dateFormat } from '../../platform/dates/format-date';

// A calendar draws in the browser's zone; bookings are shown in a chosen zone (the location's,
// or the profile's). So an instant becomes a "wall" Date whose local fields are the zone's wall
// time, and a picked wall Date is read back in that zone. Without a zone: the browser's.
const WALL = 'YYYY-MM-DDTHH:mm:ss';

export function toWall(iso: string | Date, zone: string | undefined): Date {
  if (!zone) return new Date(iso);
  return dayjs(dayjs(iso).tz(zone).format(WALL)).toDate();
}

export function fromWall(wall: Date, zone: string | undefined): string {
  if (!zone) return wall.toISOString();
  return dayjs.tz(dayjs(wall).format(WALL), zone).toISOString();
}

// a moment as wall time in the zone, in the culture's pattern
export function zoned(iso: string, zone: string | undefined, pattern: string): string {
  return (zone ? dayjs(iso).tz(zone) : dayjs(iso)).format(pattern);
}

// when a booking is, as wall time of the zone
export function bookingWhen(b: { start: string; end: string }, zone: string | undefined): string {
  return `${zoned(b.start, zone, dateFormat('dateTime'))} – ${zoned(b.end, zone, dateFormat('time'))}`;
}
