import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { redirectToSignIn } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';

// Every path outside /, /auth, /workspaces/invite and /teams/join renders nothing until signed in (spec §2).
export function RequireSession() {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'unauthenticated') redirectToSignIn();
  }, [status]);
  return status === 'authenticated' ? <Outlet /> : null;
}
