import type { FeatureFlags, Permission } from '@atrium/domain';

// What a page or navigation entry needs: every listed permission, one of the listed plans'
// features (Plan.* permissions arrive merged) and no feature flag hiding it. `viaRoles`: the
// listed permissions also count when held only through a role in some record (a project role),
// for the pages of a kind with a role scope — the server then shows only those records.
export type AccessRule = {
  permissions?: readonly Permission[];
  anyPermission?: readonly Permission[];
  hiddenBy?: keyof Pick<FeatureFlags, 'hideDevices' | 'hideBookings' | 'hideCampaigns'>;
  viaRoles?: boolean;
};

export type AccessFacts = {
  permissions: ReadonlySet<string>;
  // held through a role in at least one record, not in the workspace
  throughRoles: ReadonlySet<string>;
  features: FeatureFlags | undefined;
};

export function allows(rule: AccessRule, facts: AccessFacts): boolean {
  const has = (p: string) => facts.permissions.has(p) || (rule.viaRoles === true && facts.throughRoles.has(p));
  if (rule.permissions && !rule.permissions.every(has)) return false;
  if (rule.anyPermission && !rule.anyPermission.some(has)) return false;
  if (rule.hiddenBy && facts.features?.[rule.hiddenBy]) return false;
  return true;
}
