import { bookingPageEntity, bookingServiceEntity } from '@atrium/domain';
import { registerEntity, type RegisteredEntity } from '../../platform/entity';
import type { Router } from '../../platform/router';
import { bookingPageHooks, bookingPageVisibility } from './booking-pages.service';
import { bookingPages, bookingServices } from './bookings.table';

// Booking pages are a declaration; the plan's limit, the slug, the items' check and who sees a
// page inside the workspace sit in the service.
export function registerBookingPageEntity(router: Router): RegisteredEntity {
  return registerEntity(router, bookingPageEntity, {
    table: bookingPages,
    hooks: bookingPageHooks,
    visibility: bookingPageVisibility,
    example: {
      name: 'Meeting rooms',
      slug: 'meeting-rooms',
      locationId: '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11',
      externalVisibility: 'Anon',
      portalEnabled: true,
      items: { resourceIds: [], resourceTypeIds: [] },
      policy: { minLeadMinutes: 60, fixedDurationMinutes: 30 },
    },
    patchExample: [{ op: 'replace', path: '/portalEnabled', value: false }],
  });
}

// Booking services are a declaration too; ordering them with a booking is booking-services.service.
export function registerBookingServiceEntity(router: Router): RegisteredEntity {
  return registerEntity(router, bookingServiceEntity, {
    table: bookingServices,
    example: { name: 'Coffee and pastries', leadTimeMinutes: 120, price: 4.5, notifyEmail: 'kitchen@example.com' },
    patchExample: [{ op: 'replace', path: '/leadTimeMinutes', value: 240 }],
  });
}
