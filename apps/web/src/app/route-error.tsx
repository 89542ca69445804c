import type { ReactNode } from 'react';
import { useLocation } from '../shared/router/router.tsx';
import { ChunkError } from '../shared/ui/chunk-error.tsx';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';

/** A failed route: a page chunk that did not arrive (spec 8), or anything unexpected. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <div className="route-error">
      <ChunkError error={error} />
    </div>
  );
}

/**
 * The routes' error boundary (what the data router's errorElement was): catches a render or
 * lazy-page failure below it and shows RouteError in its place. Another address starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
