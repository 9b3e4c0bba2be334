import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { myTenantsQuery } from '../../modules/workspaces/workspaces.api';
import { queryClient } from '../../platform/api/query-client';
import { whenSignedIn } from '../../platform/auth/session-store';
import { featuresQuery, myPermissionsQuery } from '../../platform/permissions/permissions.api';
import { profileQuery } from '../../platform/profile/profile.api';
import { workspaceStore } from '../../platform/workspace/workspace-store';
import { offerFirstAddress } from '../first-address';

// The workspace frame's route (router.tsx).
export const FRAME_ROUTE_ID = 'frame';

// How long the frame's first entry waits for its calls before it renders anyway (with its
// spinner, as when they answer late)
const FRAME_WAIT_MS = 3000;

let frameCalls: Promise<void> = Promise.resolve();
let started = false;

// The workspace frame's calls (workspaces, profile, features, permissions) start as soon as the
// session is known, side by side with the page's own (a record route prefetches its record),
// instead of once the frame has rendered (issue 20). Once per page load: the first address's
// from main.tsx before the router has loaded any chunk, or else the frame route's loader when a
// page of the frame is first entered (from the workspace choice).
export function startFrameRequests(url: URL): void {
  if (started) return;
  started = true;
  frameCalls = whenSignedIn(() => {
    // the first address's record page, if it is one: its chunk is on its way, and once evaluated
    // it asks for the record (first-address.ts)
    offerFirstAddress(url);
    void import('../entity-pages').catch(() => undefined);
    const tenantId = workspaceStore.get();
    return Promise.all([
      queryClient.prefetchQuery(myTenantsQuery()),
      queryClient.prefetchQuery(profileQuery()),
      queryClient.prefetchQuery(featuresQuery()),
      tenantId ? queryClient.prefetchQuery(myPermissionsQuery(tenantId)) : undefined,
    ]);
  });
}

// At start: the router runs its loaders only once the first address's lazy chunks are in (the
// frame's, the page's and all they import, about 300 ms on a first visit), so the first
// address's frame calls are started from here as soon as the route tree is known.
export function startFrameRequestsAtStart(routes: RouteObject[], url: URL): void {
  if (matchRoutes(routes, url)?.some((m) => m.route.id === FRAME_ROUTE_ID)) startFrameRequests(url);
}

// The frame is first rendered with its calls answered (or refused): with the permissions in,
// it renders its page in the same pass. Rendered before them, it showed a spinner and rendered
// again for the page once they were taken in, which came behind its own first render and paint
// (work bench: the record page mounted 100–250 ms after the frame). The router keeps the page
// before (the workspace choice, or nothing on a first address) until then.
export async function frameLoader({ request }: LoaderFunctionArgs): Promise<null> {
  startFrameRequests(new URL(request.url));
  await Promise.race([frameCalls, new Promise((resolve) => window.setTimeout(resolve, FRAME_WAIT_MS))]);
  return null;
}
