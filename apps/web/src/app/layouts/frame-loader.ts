import type { LoaderFunctionArgs } from 'react-router';
import { myTenantsQuery } from '../../modules/workspaces/workspaces.api';
import { queryClient } from '../../platform/api/query-client';
import { whenSignedIn } from '../../platform/auth/session-store';
import { featuresQuery, myPermissionsQuery } from '../../platform/permissions/permissions.api';
import { profileQuery } from '../../platform/profile/profile.api';
import { workspaceStore } from '../../platform/workspace/workspace-store';

// The workspace frame's calls (workspaces, profile, features, permissions) start as soon as the
// session is known — the frame route's loader, part of the first script, so it runs while the
// frame's chunks still load — side by side with the page's own (a record route prefetches its
// record), instead of once the frame has rendered (issue 20).
export function frameLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
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
  return null;
}
