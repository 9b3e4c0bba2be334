import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../platform/api/api-error';
import { AccessDeniedPage } from '../platform/errors/access-denied.page';
import { NotFoundPage } from '../platform/errors/not-found.page';
import { ServerErrorPage } from '../platform/errors/server-error.page';
import { BareLayout } from '../platform/layouts/bare-layout';

// The router's error boundary: a thrown render or loader error shows the 500 page, never a
// blank screen; 404 and 403 answers get their own pages. Inside the workspace layout the frame
// stays; at the root the page stands alone.
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : isApiError(error) ? error.status : 500;
  if (import.meta.env.DEV && status >= 500) console.error(error);
  const page = status === 404 ? <NotFoundPage /> : status === 403 ? <AccessDeniedPage /> : <ServerErrorPage />;
  return standalone ? <BareLayout>{page}</BareLayout> : page;
}
