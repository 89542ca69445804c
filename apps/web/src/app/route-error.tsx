import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkError } from '../shared/ui/chunk-error.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';

/** The router's error element: a failed page chunk, a 404 answer, or anything unexpected. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <div className="route-error">
      <ChunkError error={error} />
    </div>
  );
}
