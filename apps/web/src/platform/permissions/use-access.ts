import { useMemo } from 'react';
import { allows, type AccessFacts, type AccessRule } from './access';
import { useFeatures, useMyPermissions } from './permissions.api';
import { useRoleScopePermissions } from './role-scope';

// The caller's permissions: the workspace's, or on the pages of one owner record (a project and
// its tasks) the workspace's merged with their role there (role-scope.tsx).
export function useAccess(): { ready: boolean; facts: AccessFacts; can: (rule: AccessRule) => boolean } {
  const mine = useMyPermissions();
  const features = useFeatures();
  const scoped = useRoleScopePermissions();
  return useMemo(() => {
    const facts: AccessFacts = {
      permissions: scoped ?? new Set(mine.data?.permissions ?? []),
      throughRoles: new Set(mine.data?.throughRoles ?? []),
      features: features.data,
    };
    return { ready: mine.isSuccess, facts, can: (rule: AccessRule) => allows(rule, facts) };
  }, [mine.data, mine.isSuccess, features.data, scoped]);
}
