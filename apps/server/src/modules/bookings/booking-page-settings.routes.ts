import { bookingPageEntity, bookingPageMapsSchema, bookingPageMapsUpdateSchema, bookingPageTimeSlotsSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import { pageMaps, pageTimeSlots, savePageMaps, savePageTimeSlots } from './booking-page-settings.service';

const params = z.object({ id: z.uuid() });
// the :id is a booking page's
const PAGES = 'booking_pages';

// A booking page's own time slots and the floor maps it shows (decision 093 round six): seen
// with the page, changed by whoever manages pages.
export function registerBookingPageSettingsRoutes(router: Router): void {
  const base = bookingPageEntity.basePath;
  const tags = ['BookingPage'];
  router.tenant({
    method: 'GET',
    url: `${base}/:id/time-slots`,
    summary: "The booking page's time slots: weekly windows (local time of the location) a booking through the page must lie in",
    tags,
    permission: bookingPageEntity.permissions.view,
    readOnly: true,
    table: PAGES,
    schemas: { params, response: bookingPageTimeSlotsSchema },
    handler: (ctx, { params: p }) => pageTimeSlots(ctx, p.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${base}/:id/time-slots`,
    summary: "Replace the booking page's time slots (empty: the page adds no window of its own)",
    tags,
    permission: bookingPageEntity.permissions.manage,
    table: PAGES,
    schemas: { params, body: bookingPageTimeSlotsSchema, response: bookingPageTimeSlotsSchema },
    example: {
      slots: [
        { day: 'mon', start: '09:00', end: '12:00' },
        { day: 'mon', start: '13:00', end: '17:00' },
      ],
    },
    handler: (ctx, { params: p, body }) => savePageTimeSlots(ctx, p.id, body),
  });
  router.tenant({
    method: 'GET',
    url: `${base}/:id/maps`,
    summary: 'The floor maps the booking page shows on the portal, in order',
    tags,
    permission: bookingPageEntity.permissions.view,
    readOnly: true,
    table: PAGES,
    schemas: { params, response: bookingPageMapsSchema },
    handler: (ctx, { params: p }) => pageMaps(ctx, p.id),
  });
  router.tenant({
    method: 'PUT',
    url: `${base}/:id/maps`,
    summary: 'Replace the floor maps the booking page shows (each a floor map of this workspace)',
    tags,
    permission: bookingPageEntity.permissions.manage,
    table: PAGES,
    schemas: { params, body: bookingPageMapsUpdateSchema, response: bookingPageMapsSchema },
    example: { floorMapIds: ['0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11'] },
    handler: (ctx, { params: p, body }) => savePageMaps(ctx, p.id, body),
  });
}
