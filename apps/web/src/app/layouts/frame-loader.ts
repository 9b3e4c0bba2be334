import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { myTenantsQuery } from '../../modules/workspaces/workspaces.api';
import { queryClient } from '../../platform/api/query-client';
import { whenSignedIn } from '../../platform/auth/session-store';
import { featuresQuery, myPermissionsQuery } from '../../platform/permissions/permissions.api';
import { profileQuery } from '../../platform/profile/profile.api';
import { workspaceStore } from '../../platform/workspace/workspace-store';

// The workspace frame's route (router.tsx).
export const FRAME_ROUTE_ID = 'frame';

let started = false;

// The workspace frame's calls (workspaces, profile, features, permissions) start as soon as the
// session is known, side by side with the page's own (a record route prefetches its record),
// instead of once the frame has rendered (issue 20). Once per page load: the first address's
// from main.tsx before the router has loaded any chunk, or else the frame route's loader when a
// page of the frame is first entered (from the workspace choice).
export function startFrameRequests(url: URL): void {
  if (started) return;
  started = true;
  whenSignedIn(() => {
    // the first address's record page, if it is one (the entity pages' chunk is on its way)
    void import('../entity-pages').then(
      (pages) => pages.prefetchAddress(url),
      () => undefined,
    );
    const tenantId = workspaceStore.get();
    void queryClient.prefetchQuery(myTenantsQuery());
    void queryClient.prefetchQuery(profileQuery());
    void queryClient.prefetchQuery(featuresQuery());
    if (tenantId) void queryClient.prefetchQuery(myPermissionsQuery(tenantId));
  });
}

// At start: the router runs its loaders only once the first address's lazy chunks are in (the
// frame's, the page's and all they import, about 300 ms on a first visit), so the first
// address's frame calls are started from here as soon as the route tree is known.
export function startFrameRequestsAtStart(routes: RouteObject[], url: URL): void {
  if (matchRoutes(routes, url)?.some((m) => m.route.id === FRAME_ROUTE_ID)) startFrameRequests(url);
}

export function frameLoader({ request }: LoaderFunctionArgs): null {
  startFrameRequests(new URL(request.url));
  return null;
}
