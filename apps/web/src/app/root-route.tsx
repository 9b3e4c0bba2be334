import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { queryClient } from '../platform/api/query-client';
import { listenToOtherTabs } from '../platform/auth/session-store';
import { LeavePageGuardProvider } from '../platform/leave-guard/leave-page-guard';
import { listenToWorkspaceSwitches } from '../platform/workspace/workspace-store';

// Everything that needs the router but sits above every page.
export function RootRoute() {
  const navigate = useNavigate();
  useEffect(() => listenToOtherTabs(), []);
  useEffect(
    () =>
      listenToWorkspaceSwitches((tenantId) => {
        // Another tab switched workspace: follow it, dropping what belonged to the old one.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'ws' });
        if (tenantId !== null && window.location.pathname !== '/' && !window.location.pathname.startsWith('/workspaces'))
          navigate('/dashboard');
      }),
    [navigate],
  );
  return (
    <LeavePageGuardProvider>
      <Outlet />
      <ScrollRestoration />
    </LeavePageGuardProvider>
  );
}
