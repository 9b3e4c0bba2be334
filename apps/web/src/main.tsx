// first: the session and captions requests leave before the rest of the code is evaluated
import './platform/boot/start-requests';
import '@fontsource-variable/inter';
// antd's components' styles, prebuilt (platform/feedback/theme.ts: zeroRuntime); before ours, which win ties
import 'antd/dist/antd.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// the DOM build of the provider: navigations can then flush synchronously (list controls)
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { startFrameRequestsAtStart } from './app/layouts/frame-loader';
import { router, routes } from './app/router';
import { loadSession } from './platform/auth/session-store';
import { initI18n } from './platform/i18n/i18n';
import { startEmbeddedMode } from './platform/widgets/embedded-mode';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startEmbeddedMode(router);
startFrameRequestsAtStart(routes, new URL(window.location.href));

// Captions and the session load side by side; public pages render whatever the session says.
void Promise.allSettled([initI18n(), loadSession()]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
