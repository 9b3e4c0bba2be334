import { useMemo } from 'react';
import { allows, type AccessFacts, type AccessRule } from './access';
import { useFeatures, useMyPermissions } from './permissions.api';

export function useAccess(): { ready: boolean; facts: AccessFacts; can: (rule: AccessRule) => boolean } {
  const mine = useMyPermissions();
  const features = useFeatures();
  return useMemo(() => {
    const facts: AccessFacts = { permissions: new Set(mine.data?.permissions ?? []), features: features.data };
    return { ready: mine.isSuccess, facts, can: (rule: AccessRule) => allows(rule, facts) };
  }, [mine.data, mine.isSuccess, features.data]);
}
