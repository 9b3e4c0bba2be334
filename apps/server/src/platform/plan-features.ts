import type { PlanPermission } from '@atrium/domain';
import type { TenantContext } from './context';
import { AppError } from './errors';

// A feature a plan grants (Plan.*, spec §6): without it the call is refused with 403
// `planFeatureRequired`, naming the feature in `limit` so the client can say which plan has it.
export function requirePlanFeature(ctx: TenantContext, feature: PlanPermission, what: string): void {
  if (!ctx.permissions.has(feature))
    throw new AppError(403, 'planFeatureRequired', `${what} needs a plan with ${feature}`, undefined, { limit: feature });
}
