import type { FeatureFlags, Permission } from '@atrium/domain';

// What a page or navigation entry needs: every listed permission, one of the listed plans'
// features (Plan.* permissions arrive merged) and no feature flag hiding it.
export type AccessRule = {
  permissions?: readonly Permission[];
  anyPermission?: readonly Permission[];
  hiddenBy?: keyof Pick<FeatureFlags, 'hideDevices' | 'hideBookings' | 'hideCampaigns'>;
};

export type AccessFacts = { permissions: ReadonlySet<string>; features: FeatureFlags | undefined };

export function allows(rule: AccessRule, facts: AccessFacts): boolean {
  if (rule.permissions && !rule.permissions.every((p) => facts.permissions.has(p))) return false;
  if (rule.anyPermission && !rule.anyPermission.some((p) => facts.permissions.has(p))) return false;
  if (rule.hiddenBy && facts.features?.[rule.hiddenBy]) return false;
  return true;
}
