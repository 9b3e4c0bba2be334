import { FEATURE_FLAGS, PLANS } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';

const planSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  metaText: z.string(),
  tier: z.string(),
  features: z.array(z.string()),
  permissions: z.array(z.string()),
  limits: z.record(z.string(), z.number().nullable()),
  product: z.object({
    type: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    billingInterval: z.string(),
    billingType: z.string(),
    isActive: z.boolean(),
  }),
});

export function registerPlanRoutes(router: Router) {
  router.public({
    method: 'GET',
    url: '/api/v1/admin/plans',
    summary: 'The plan catalogue',
    tags: ['admin'],
    schemas: { response: z.array(planSchema) },
    handler: async () => PLANS.map((p) => ({ ...p, features: [...p.features], permissions: [...p.permissions] })),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/admin/features',
    summary: 'Feature flags',
    tags: ['admin'],
    schemas: {
      response: z.object({
        hideDevices: z.boolean(),
        hideBookings: z.boolean(),
        hideCampaigns: z.boolean(),
        siteCreationDisabled: z.boolean(),
      }),
    },
    handler: async () => ({ ...FEATURE_FLAGS }),
  });
}
