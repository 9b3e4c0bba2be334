import { effectiveLimit, planBySlug, type PlanLimit, type ModuleKind, type Subscription } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import * as repo from './subscriptions.repository';
import type { SubscriptionRow } from './subscriptions.repository';

const toDto = (r: SubscriptionRow): Subscription => ({
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

export async function list(ctx: TenantContext): Promise<Subscription[]> {
  return (await repo.list(ctx)).map(toDto);
}

// Immediate: every price is 0.
export async function change(ctx: TenantContext, productType: ModuleKind, planSlug: string): Promise<Subscription> {
  const plan = planBySlug(planSlug);
  if (!plan || plan.product.type !== productType || !plan.product.isActive) {
    throw fieldError('planSlug', 'validation', `planSlug must name an active ${productType} plan`);
  }
  return toDto(await repo.upsert(ctx, productType, plan.slug));
}

export function limits(ctx: TenantContext): Record<string, number | null> {
  return {
    users: effectiveLimit(ctx.plans, 'users'),
    locations: effectiveLimit(ctx.plans, 'locations'),
    bookingPages: effectiveLimit(ctx.plans, 'bookingPages'),
    helpdesks: effectiveLimit(ctx.plans, 'helpdesks'),
  };
}
