import type { RouteObject } from 'react-router';

// Lazy route modules keep the first load small: each page is its own chunk.
type PageModule = { default: React.ComponentType };
export const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
