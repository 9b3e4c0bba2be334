import { Outlet } from 'react-router';
import type { AccessRule } from '../../platform/permissions/access';
import { useAccess } from '../../platform/permissions/use-access';
import { AccessDeniedPage } from '../../platform/errors/access-denied.page';

// The SPA hides what the user may not do; the server refuses it anyway (ARCHITECTURE §4).
export function RequireAccess({ rule }: { rule: AccessRule }) {
  const { ready, can } = useAccess();
  if (!ready) return null;
  return can(rule) ? <Outlet /> : <AccessDeniedPage />;
}
