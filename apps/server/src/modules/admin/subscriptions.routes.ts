import {
  planBySlug,
  productTypeSchema,
  subscriptionChangeSchema,
  subscriptionSchema,
  effectiveLimit,
  type PlanLimit,
} from '@atrium/domain';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import type { Router } from '../../platform/router';
import { subscriptions } from './admin.table';

const toDto = (r: typeof subscriptions.$inferSelect) => ({
  productType: r.productType,
  planSlug: r.planSlug,
  startedAt: r.startedAt.toISOString(),
});

// Modules call this before creating something a plan limits (Free Workplace: 1 location,
// 1 booking page; Free Helpdesk: 1 helpdesk). `current` is the count before the new one.
export function assertWithinPlanLimit(ctx: Pick<TenantContext, 'plans'>, limit: PlanLimit, current: number): void {
  const max = effectiveLimit(ctx.plans, limit);
  if (max !== null && current >= max) {
    throw new AppError(403, 'planLimitReached', `Your plan allows ${max} ${limit}; upgrade to add more`, undefined, { limit });
  }
}

export function registerSubscriptionRoutes(router: Router) {
  const tags = ['plans and subscriptions'];
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/subscriptions',
    summary: "The workspace's plan per product",
    tags,
    permission: null,
    schemas: { response: z.array(subscriptionSchema) },
    handler: async (ctx) => (await ctx.db.select().from(subscriptions).orderBy(asc(subscriptions.productType))).map(toDto),
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
    handler: async (ctx, { params, body }) => {
      const plan = planBySlug(body.planSlug);
      if (!plan || plan.product.type !== params.productType || !plan.product.isActive) {
        throw fieldError('planSlug', 'validation', `planSlug must name an active ${params.productType} plan`);
      }
      const [row] = await ctx.db
        .insert(subscriptions)
        .values({ tenantId: ctx.tenantId, productType: params.productType, planSlug: plan.slug })
        .onConflictDoUpdate({
          target: [subscriptions.tenantId, subscriptions.productType],
          set: { planSlug: plan.slug, startedAt: new Date(), updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('subscription upsert returned nothing');
      return toDto(row);
    },
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/subscriptions/limits',
    summary: 'Limits in force for this workspace',
    tags,
    permission: null,
    schemas: { response: z.record(z.string(), z.number().nullable()) },
    handler: async (ctx) => ({
      users: effectiveLimit(ctx.plans, 'users'),
      locations: effectiveLimit(ctx.plans, 'locations'),
      bookingPages: effectiveLimit(ctx.plans, 'bookingPages'),
      helpdesks: effectiveLimit(ctx.plans, 'helpdesks'),
    }),
  });
}
