import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

// The app's own pages outside the workspace frame. A module that declares routes outside the frame
// exports them under a name ending in PUBLIC_ROUTES or STANDALONE_ROUTES: the build keeps the
// chunks such pages load apart from the frame's (frame-chunks.plugin.ts, decision 101).

// Public: no session needed (spec §2)
export const STANDALONE_ROUTES: RouteObject[] = [
  { path: '/', ...page(() => import('../modules/landing/landing.page')) },
  { path: '/workspaces/invite/:token', ...page(() => import('../modules/workspaces/invitation.page')) },
];

// Signed in, no workspace chosen yet
export const SESSION_STANDALONE_ROUTES: RouteObject[] = [
  { path: '/workspaces', ...page(() => import('../modules/workspaces/workspace-selection.page')) },
  { path: '/workspaces/new', ...page(() => import('../modules/workspaces/workspace-wizard.page')) },
  // a workspace's address as the wizard shows it (host/w/<slug>)
  { path: '/w/:slug', ...page(() => import('../modules/workspaces/workspace-address.page')) },
];

export const FALLBACK_STANDALONE_ROUTES: RouteObject[] = [
  { path: '/error', ...page(() => import('./server-error-standalone.page')) },
  { path: '*', ...page(() => import('./not-found-standalone.page')) },
];
