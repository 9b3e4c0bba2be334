import { createBrowserRouter, type RouteObject } from 'react-router';
// a module's routes file, not its door: the door brings its kinds' definitions (decision 025)
import { BOOKINGS_PUBLIC_ROUTES } from '../modules/bookings/booking-portal.routes';
import { BOOKINGS_ROUTES, BOOKINGS_SETTINGS_ROUTES } from '../modules/bookings/bookings.routes';
import { CAMPAIGNS_PUBLIC_ROUTES } from '../modules/campaigns/campaigns.routes';
import { CRM_PUBLIC_ROUTES } from '../modules/crm/crm.routes';
import { HELPDESK_PUBLIC_ROUTES } from '../modules/helpdesk/portal.routes';
import { PROJECTS_ROUTES } from '../modules/projects/projects.routes';
import { AccessDeniedPage } from '../platform/errors/access-denied.page';
import { RequireAccess } from './guards/require-access';
import { RequireSession } from './guards/require-session';
import { FRAME_ROUTE_ID, frameLoader } from './layouts/frame-loader';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';

// Lazy route modules keep the first load small: each page is its own chunk.
type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorBoundary standalone />,
    // while the first address's chunks load (its loaders return at once): the page stays blank,
    // as it did before routes had loaders
    HydrateFallback: () => null,
    children: [
      // Public: no session needed (spec §2)
      { path: '/', ...page(() => import('../modules/landing/landing.page')) },
      { path: '/workspaces/invite/:token', ...page(() => import('../modules/workspaces/invitation.page')) },
      ...CRM_PUBLIC_ROUTES,
      ...BOOKINGS_PUBLIC_ROUTES,
      ...HELPDESK_PUBLIC_ROUTES,
      ...CAMPAIGNS_PUBLIC_ROUTES,
      {
        element: <RequireSession />,
        children: [
          // Outside the workspace layout: no workspace chosen yet
          { path: '/workspaces', ...page(() => import('../modules/workspaces/workspace-selection.page')) },
          { path: '/workspaces/new', ...page(() => import('../modules/workspaces/workspace-wizard.page')) },
          // a workspace's address as the wizard shows it (host/w/<slug>)
          { path: '/w/:slug', ...page(() => import('../modules/workspaces/workspace-address.page')) },
          {
            // the workspace frame is its own chunk: public pages never load menus and dropdowns
            // its loader asks for the frame's data (workspaces, permissions…) once the session is known
            id: FRAME_ROUTE_ID,
            loader: frameLoader,
            shouldRevalidate: () => false,
            lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
            children: [
              {
                errorElement: <RouteErrorBoundary />,
                children: [
                  { path: '/dashboard', ...page(() => import('../modules/dashboard/dashboard.page')) },
                  { path: '/profile', ...page(() => import('../modules/profile/profile.page')) },
                  // part of the first load anyway (route guards show it), so not a lazy chunk
                  { path: '/access-denied', element: <AccessDeniedPage /> },
                  {
                    // settings as one page with its own sections (the section routes below)
                    lazy: async () => ({ Component: (await import('./layouts/settings-layout')).SettingsLayout }),
                    children: [
                      { path: '/settings', element: null },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewUsers'] }} />,
                        children: [
                          { path: '/settings/users', ...page(() => import('../modules/settings/users/users-list.page')) },
                          { path: '/settings/users/:tenantUserId', ...page(() => import('../modules/settings/users/user-detail.page')) },
                        ],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewPermissions'] }} />,
                        children: [{ path: '/settings/roles', ...page(() => import('../modules/settings/roles/roles.page')) }],
                      },
                      {
                        element: <RequireAccess rule={{ anyPermission: ['Setting.ViewUserDomain', 'Setting.ManageUserDomain'] }} />,
                        children: [{ path: '/settings/domain', ...page(() => import('../modules/settings/domain/domain.page')) }],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewWorkspace'] }} />,
                        children: [
                          { path: '/settings/workspace', ...page(() => import('../modules/settings/workspace/workspace.page')) },
                          { path: '/settings/widgets', ...page(() => import('../modules/settings/widgets/widget-settings.page')) },
                        ],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewSubscription'] }} />,
                        children: [{ path: '/settings/plans', ...page(() => import('../modules/settings/plans/plans.page')) }],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewTemplates'] }} />,
                        children: [
                          {
                            path: '/settings/email-templates',
                            ...page(() => import('../modules/settings/templates/email-templates.page')),
                          },
                        ],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewNotifications'] }} />,
                        children: [
                          {
                            path: '/settings/notification-rules',
                            ...page(() => import('../modules/settings/notifications/notification-rules.page')),
                          },
                        ],
                      },
                      {
                        element: <RequireAccess rule={{ permissions: ['Setting.ViewIntegrations'] }} />,
                        children: BOOKINGS_SETTINGS_ROUTES,
                      },
                      // each kind's settings; the static paths above win (decision 025)
                      {
                        path: '/settings/:section',
                        lazy: async () => ({ Component: (await import('./entity-pages')).EntitySettingsPage }),
                      },
                    ],
                  },
                  ...PROJECTS_ROUTES,
                  ...BOOKINGS_ROUTES,
                  // every entity kind's pages; static paths above win over these (decision 025)
                  {
                    path: '/imports',
                    lazy: async () => ({ Component: (await import('../platform/import-export/transfer-history')).ImportHistoryPage }),
                  },
                  {
                    path: '/exports',
                    lazy: async () => ({ Component: (await import('../platform/import-export/transfer-history')).ExportHistoryPage }),
                  },
                  { path: '/:section', lazy: async () => ({ Component: (await import('./entity-pages')).EntityListPage }) },
                  { path: '/:section/import', lazy: async () => ({ Component: (await import('./entity-pages')).EntityImportPage }) },
                  { path: '/:section/:id', lazy: async () => ({ Component: (await import('./entity-pages')).EntityRecordPage }) },
                ],
              },
            ],
          },
        ],
      },
      { path: '/error', ...page(() => import('./server-error-standalone.page')) },
      { path: '*', ...page(() => import('./not-found-standalone.page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
