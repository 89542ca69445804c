import { BrowserRouter, useRoutes } from '../shared/router/router.tsx';
import { routes } from './routes.tsx';

/** The route table (routes.tsx) at the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Declarative routing on the browser's history: about 17 KB gzipped less start script than the data
 * router (createBrowserRouter), whose loaders, actions and fetchers the site does not use.
 * Navigations are transitions, so a page stays on screen until the next one's chunk has arrived.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
