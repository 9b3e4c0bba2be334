import { productTypeSchema, subscriptionChangeSchema, subscriptionSchema } from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as subscriptionsService from './subscriptions.service';

export function registerSubscriptionRoutes(router: Router) {
  const tags = ['plans and subscriptions'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/subscriptions',
    summary: "The workspace's plan per product",
    tags,
    permission: null,
    schemas: { response: z.array(subscriptionSchema) },
    handler: (ctx) => subscriptionsService.list(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/admin/subscriptions/:productType',
    summary: 'Switch plan (immediate: every price is 0)',
    tags,
    permission: 'Setting.ManageSubscription',
    example: { planSlug: 'helpdesk-pro' },
    paramsExample: { productType: 'Helpdesk' },
    schemas: { params: z.strictObject({ productType: productTypeSchema }), body: subscriptionChangeSchema, response: subscriptionSchema },
    handler: (ctx, { params, body }) => subscriptionsService.change(ctx, params.productType, body.planSlug),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/subscriptions/limits',
    summary: 'Limits in force for this workspace',
    tags,
    permission: null,
    schemas: { response: z.record(z.string(), z.number().nullable()) },
    handler: async (ctx) => subscriptionsService.limits(ctx),
  });
}
